import { describe, expect, it } from 'vitest';
import { Area, areaOfCode, DepartmentCode, superiorCode } from './area.ts';

describe('areaOfCode', () => {
  it.each([
    ['000', Area.Union],
    ['100', Area.District],
    ['A00', Area.District],
    ['1AB', Area.Department],
    ['101', Area.Department],
    ['010', Area.Department],
  ])('%s is area %d', (code, area) => {
    expect(areaOfCode(code)).toBe(area);
  });
  it('finds the superior unit', () => {
    expect(superiorCode('1AB')).toBe('100');
    expect(superiorCode('100')).toBe('000');
    expect(superiorCode('000')).toBeNull();
  });
  it('accepts only 3-character codes', () => {
    expect(DepartmentCode.safeParse('1AB').success).toBe(true);
    expect(DepartmentCode.safeParse('1A').success).toBe(false);
    expect(DepartmentCode.safeParse('1ab').success).toBe(false);
  });
});
