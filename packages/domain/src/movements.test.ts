import { describe, expect, it } from 'vitest';
import { ChaptersBeforeInput, MovementListInput, MovementSaveInput, TransferPositionInput } from './movements.ts';

const scope = { departmentId: 3, year: 2026 };

describe('movement inputs', () => {
  it('a save takes the defaults of a new record', () => {
    const parsed = MovementSaveInput.parse({ ...scope, kind: 'expenses', type: 1, recordDate: '2026-03-05', positions: [{ chapter: '2-1-006', amount: 100 }] });
    expect(parsed).toMatchObject({
      recordNumber: null,
      asNew: false,
      documentDate: null,
      documentNumber: '',
      supplierId: null,
      accountId: null,
      templateCode: null,
      transferPositions: [],
      payments: [],
      confirmAvailableExceeded: false,
    });
    expect(parsed.positions).toEqual([{ chapter: '21006', amount: 100, note: '', reservationId: null }]);
  });

  it('refuses negative or fractional amounts, a position without a chapter, an unknown type or kind, a bad date', () => {
    const base = { ...scope, kind: 'expenses', type: 1, recordDate: '2026-03-05' };
    const issues = (value: unknown) => MovementSaveInput.safeParse(value).error?.issues.map((i) => i.path.join('.')) ?? [];
    expect(issues({ ...base, positions: [{ chapter: '21006', amount: -1 }] })).toEqual(['positions.0.amount']);
    expect(issues({ ...base, positions: [{ chapter: '21006', amount: 1.5 }] })).toEqual(['positions.0.amount']);
    expect(issues({ ...base, positions: [{ amount: 100 }] })).toEqual(['positions.0.chapter']);
    expect(issues({ ...base, payments: [{ amount: -5, dateDue: '2026-04-01' }] })).toEqual(['payments.0.amount']);
    expect(issues({ ...base, payments: [{ amount: 5 }] })).toEqual(['payments.0.dateDue']);
    expect(issues({ ...base, type: 6 })).toEqual(['type']);
    expect(issues({ ...base, kind: 'transfers' })).toEqual(['kind']);
    expect(issues({ ...base, recordDate: '2026-02-30' })).toEqual(['recordDate']);
    expect(issues({ ...base, recordNumber: 0 })).toEqual(['recordNumber']);
  });

  it('a transfer position needs both chapters; chapter years default to the scope year later', () => {
    expect(TransferPositionInput.safeParse({ chapterFrom: '13001', amount: 5 }).error?.issues.map((i) => i.path.join('.'))).toEqual(['chapterTo']);
    expect(TransferPositionInput.parse({ chapterFrom: '1-3-001', chapterToId: 7, chapterYearTo: 2025, amount: 5 })).toEqual({
      chapterFrom: '13001',
      chapterToId: 7,
      chapterYearTo: 2025,
      amount: 5,
      note: '',
    });
  });

  it('list and chapters-before inputs', () => {
    expect(MovementListInput.parse({ ...scope, kind: 'revenues' })).toMatchObject({ search: '', page: 1 });
    expect(ChaptersBeforeInput.safeParse({ ...scope, chapters: [] }).success).toBe(false);
    expect(ChaptersBeforeInput.parse({ ...scope, movementId: null, chapters: [{ chapter: '21006', chapterYear: 2025 }] })).toEqual({
      ...scope,
      chapters: [{ chapter: '21006', chapterYear: 2025 }],
    });
  });
});
