import { describe, expect, it } from 'vitest';
import { Area } from './area.ts';
import { can, permissionItems, readsOnly, seesAllDepartments } from './permissions.ts';
import { AccessLevel } from './roles.ts';

const restricted = [
  'departments',
  'titles',
  'categories',
  'chapters',
  'bankImport',
  'users',
  'userDepartments',
  'newFinancialYear',
  'chartCopy',
  'yearUnlock',
  'chartUnlock',
] as const;

describe('permission matrix', () => {
  it('lets a supervisor do everything everywhere', () => {
    for (const item of permissionItems) {
      for (const area of [Area.Union, Area.District, Area.Department, null]) {
        expect(can({ accessLevel: AccessLevel.Supervisor }, item, area)).toBe(true);
      }
    }
  });
  it('blocks a standard user from the restricted items in every area', () => {
    for (const item of restricted) {
      for (const area of [Area.Union, Area.District, Area.Department]) {
        expect(can({ accessLevel: AccessLevel.Standard }, item, area)).toBe(false);
      }
    }
  });
  it('allows an administrator the restricted items only in the union', () => {
    for (const item of restricted) {
      expect(can({ accessLevel: AccessLevel.Administrator }, item, Area.Union)).toBe(true);
      expect(can({ accessLevel: AccessLevel.Administrator }, item, Area.District)).toBe(false);
      expect(can({ accessLevel: AccessLevel.Administrator }, item, Area.Department)).toBe(false);
      expect(can({ accessLevel: AccessLevel.Administrator }, item, null)).toBe(false);
    }
  });
  it('disables the statistics export for administrators only', () => {
    expect(can({ accessLevel: AccessLevel.Administrator }, 'statisticsExport', Area.Union)).toBe(false);
    expect(can({ accessLevel: AccessLevel.Standard }, 'statisticsExport', Area.Department)).toBe(true);
  });
  it('opens department-users and movement templates to all', () => {
    for (const level of [AccessLevel.Administrator, AccessLevel.Standard]) {
      expect(can({ accessLevel: level }, 'departmentUsers', Area.Department)).toBe(true);
      expect(can({ accessLevel: level }, 'movementTemplates', Area.Department)).toBe(true);
    }
  });
  it('gives a guest nothing', () => {
    expect(can({ accessLevel: AccessLevel.Guest }, 'movementTemplates', Area.Department)).toBe(false);
  });
  it('lets only a supervisor see all departments', () => {
    expect(seesAllDepartments({ accessLevel: AccessLevel.Supervisor })).toBe(true);
    expect(seesAllDepartments({ accessLevel: AccessLevel.Administrator })).toBe(false);
  });
  it('lets the auditor read what a Standard user reads, and marks only him as reading only (issue 27)', () => {
    for (const item of permissionItems)
      for (const area of [Area.Union, Area.District, Area.Department, null])
        expect(can({ accessLevel: AccessLevel.Auditor }, item, area), item).toBe(can({ accessLevel: AccessLevel.Standard }, item, area));
    expect(seesAllDepartments({ accessLevel: AccessLevel.Auditor })).toBe(false);
    expect((Object.values(AccessLevel) as AccessLevel[]).filter((level) => readsOnly({ accessLevel: level }))).toEqual([AccessLevel.Auditor]);
  });
});
