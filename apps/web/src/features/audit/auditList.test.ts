import type { AuditRow } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { auditCsvRows, auditFilterText, auditListInput } from './auditList.ts';

const list = (filters: Record<string, string>, page = 1) => ({ filters, page, pageSize: 10 });

describe('audit trail list (issue 27)', () => {
  it('reads the filters of the URL; the scope year by default, every year with year=all', () => {
    expect(auditListInput(list({}), 2026)).toEqual({ page: 1, pageSize: 10, year: 2026 });
    expect(auditListInput(list({ inYear: 'all', nr: '37', department: '4', user: 'kass', entity: 'movement', action: 'cancelled' }, 2), 2026)).toEqual({
      page: 2,
      pageSize: 10,
      recordNumber: 37,
      departmentId: 4,
      userName: 'kass',
      entity: 'movement',
      action: 'cancelled',
    });
    expect(auditListInput(list({ inYear: '2025', from: '2025-01-01', to: '2025-12-31', nr: 'x7' }), 2026)).toEqual({
      page: 1,
      pageSize: 10,
      year: 2025,
      from: '2025-01-01',
      to: '2025-12-31',
    });
  });

  it("says the PDF's filter in words, the department by its code", () => {
    const words = {
      from: 'Von',
      to: 'Bis',
      user: 'Benutzer',
      department: 'Feuerwehr',
      year: 'Jahr',
      allYears: 'alle Jahre',
      number: 'Nummer',
      entity: (e: string) => `<${e}>`,
      action: (a: string) => `[${a}]`,
    };
    expect(
      auditFilterText(
        {
          page: 1,
          pageSize: 10,
          from: '2026-01-01',
          to: '2026-03-31',
          userName: 'kass',
          departmentId: 4,
          year: 2026,
          entity: 'movement',
          recordNumber: 37,
          action: 'cancelled',
        },
        words,
        '101',
      ),
    ).toBe('Von 01.01.2026 · Bis 31.03.2026 · Benutzer: kass · Feuerwehr 101 · Jahr 2026 · <movement> · Nummer 37 · [cancelled]');
    expect(auditFilterText({ page: 1, pageSize: 10, departmentId: 4 }, words)).toBe('Feuerwehr 4 · alle Jahre');
  });

  it('writes one CSV row a trail row, in Rome time, amounts of the change in euros', () => {
    const row: AuditRow = {
      id: 9,
      at: '2026-03-05T23:30:00.000Z',
      userId: 3,
      userName: 'kassier',
      clientAddress: '10.0.0.7',
      departmentId: 1,
      departmentCode: '101',
      year: 2026,
      entity: 'movement',
      entityId: '12',
      recordNumber: 7,
      action: 'changed',
      procedure: 'movements.save',
      changes: { kind: 'expenses', positions: [{ chapter: '21006', amount: 12_345 }] },
    };
    expect(
      auditCsvRows([row, { ...row, departmentCode: null, year: null, entityId: null, recordNumber: null, changes: null }], {
        entity: (e) => `E:${e}`,
        action: (a) => `A:${a}`,
      }),
    ).toEqual([
      [
        '06.03.2026 00:30',
        'kassier',
        '10.0.0.7',
        '101',
        2026,
        'E:movement',
        '12',
        7,
        'A:changed',
        'movements.save',
        'kind: expenses; positions: [chapter: 21006; amount: 123,45 €]',
      ],
      ['06.03.2026 00:30', 'kassier', '10.0.0.7', '', '', 'E:movement', '', '', 'A:changed', 'movements.save', ''],
    ]);
  });
});
