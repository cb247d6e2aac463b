import { type ChapterBefore, type Movement, type MovementContext, MovementType } from '@app/domain';
import { describe, expect, it } from 'vitest';
import {
  bookedAmounts,
  buildSaveInput,
  compareValues,
  lineFigure,
  type MovementValues,
  newValues,
  openPart,
  savedBookedAmounts,
  savedValues,
  withRecordDate,
} from './draft.ts';

const scope = { departmentId: 7, year: 2025 };
const context: MovementContext = {
  kind: 'expenses',
  typeOptions: [1, 2, 3],
  fieldRules: [],
  isBudgetApproved: true,
  isBudgetClosed: false,
  isYearLocked: false,
  isEditable: true,
  canInterPartTransfer: false,
  openPaymentsAllowed: true,
  defaultAccount: { id: 3, code: 'K1', type: 1, descriptionDeu: 'Kassa', descriptionIta: 'Cassa' },
  nextRecordNumber: 12,
};
const line = (chapterId: number, chapter: string, part: 1 | 2 = 2) => ({
  chapterId,
  chapter,
  chapterYear: 2025,
  part,
  descriptionDeu: 'd',
  descriptionIta: 'i',
});

function values(patch: Partial<MovementValues>): MovementValues {
  return { ...newValues('expenses', context, '2025-06-30', 2025), recordDate: '2025-03-15', documentDate: '2025-03-10', ...patch };
}

describe('movement draft', () => {
  it('starts a new record with the default account, the first type and today in the year', () => {
    const v = newValues('expenses', context, '2025-06-30', 2025);
    expect(v).toMatchObject({ type: 1, accountId: 3, recordDate: '2025-06-30', recordNumber: null, rows: [] });
    expect(newValues('expenses', context, '2026-01-10', 2025).recordDate).toBe('2025-12-31');
  });

  it('sends the positions without zero rows and the typed instalments of an open payment', () => {
    const v = values({
      type: MovementType.PaymentOpen,
      supplier: {
        id: 5,
        code: 1001,
        name1: 'P',
        name2: '',
        searchKey: 'P',
        location: '',
        province: '',
        country: '',
        isInactive: false,
        paymentTerm: 30,
        chapterProposal: '',
      },
      rows: [
        { key: 'a', ...line(1, '21003'), amount: 123456, note: ' x ', reservation: { id: 8, recordNumber: 2, unused: 100_000 }, isNew: true },
        { key: 'b', ...line(2, '21004'), amount: null, note: '', reservation: null, isNew: false },
      ],
      payments: [
        { amount: 100000, dateDue: '2025-03-15', datePaid: '2025-03-15' },
        { amount: 23456, dateDue: '2025-04-30', datePaid: null },
      ],
    });
    const built = buildSaveInput(scope, 'expenses', v);
    expect(built.ok).toBe(true);
    if (!built.ok) return;
    expect(built.dropped).toBe(1);
    expect(built.input).toMatchObject({ recordNumber: null, asNew: false, type: 2, supplierId: 5, accountId: 3, documentDate: '2025-03-10' });
    expect(built.input.positions).toEqual([{ chapterId: 1, chapterYear: 2025, amount: 123456, note: 'x', reservationId: 8 }]);
    expect(built.input.payments).toHaveLength(2);
  });

  it('refuses instalments that do not sum to the total, a movement without amounts and a transfer without both chapters', () => {
    const rows = [{ key: 'a', ...line(1, '21003'), amount: 1000, note: '', reservation: null, isNew: false }];
    expect(buildSaveInput(scope, 'expenses', values({ type: 2, rows, payments: [{ amount: 900, dateDue: '2025-03-15', datePaid: null }] }))).toEqual({
      ok: false,
      reason: 'WrongPaymentTotal',
    });
    expect(buildSaveInput(scope, 'expenses', values({ rows: [] }))).toEqual({ ok: false, reason: 'noPositions' });
    const transfers = [{ key: 't', from: line(9, '13001', 1), to: null, amount: 500, note: '' }];
    expect(buildSaveInput(scope, 'expenses', values({ type: 3, transfers }))).toEqual({ ok: false, reason: 'transferChapters' });
  });

  it('a transfer sends transfer positions only, no account and the record date as document date', () => {
    const transfers = [{ key: 't', from: line(9, '13001', 1), to: line(10, '23001'), amount: 4000, note: '' }];
    const built = buildSaveInput(
      scope,
      'expenses',
      values({ type: 3, documentDate: null, transfers, rows: [{ key: 'a', ...line(1, '21003'), amount: 5, note: '', reservation: null, isNew: false }] }),
    );
    expect(built.ok && built.input).toMatchObject({ accountId: null, documentDate: '2025-03-15', positions: [], payments: [] });
    expect(built.ok && built.input.transferPositions).toEqual([
      { chapterFromId: 9, chapterYearFrom: 2025, chapterToId: 10, chapterYearTo: 2025, amount: 4000, note: '' },
    ]);
  });

  it('figures: an expense line loses what the movement books and is flagged below zero; a revenue line shows what is still to receive', () => {
    const before = { lineId: 5, availableAfterPlannedExpenses: 42000, toReceive: 9000 } as ChapterBefore;
    expect(lineFigure(before, 123456, 2)).toEqual({ before: 42000, after: 42000 - 123456, exceeded: true });
    expect(lineFigure(before, 1000, 1)).toEqual({ before: 9000, after: 8000, exceeded: false });
    expect(lineFigure({ ...before, lineId: null }, 1000, 2)).toBeNull();
    const v = values({
      type: 3,
      transfers: [
        { key: 't1', from: line(9, '13001', 1), to: line(10, '23001'), amount: 4000, note: '' },
        { key: 't2', from: line(9, '13001', 1), to: line(11, '23002'), amount: 1000, note: '' },
      ],
    });
    expect(Object.fromEntries(bookedAmounts(v))).toEqual({ '9/2025': 5000, '10/2025': 4000, '11/2025': 1000 });
  });

  it('figures of an edited movement: an overspent line is flagged only when the movement takes more from it than its saved version (as the server asks)', () => {
    const before = { lineId: 5, availableAfterPlannedExpenses: 1000, toReceive: 0 } as ChapterBefore;
    expect(lineFigure(before, 3000, 2, 3000)).toEqual({ before: 1000, after: -2000, exceeded: false });
    expect(lineFigure(before, 2500, 2, 3000)).toEqual({ before: 1000, after: -1500, exceeded: false });
    expect(lineFigure(before, 3001, 2, 3000)).toEqual({ before: 1000, after: -2001, exceeded: true });
    const saved = {
      positions: [
        { ...line(1, '21003'), amount: 500, reservationAmount: 200 },
        { ...line(1, '21003'), amount: 100, reservationAmount: 0 },
      ],
      transferPositions: [{ from: line(9, '13001', 1), to: line(1, '21003'), amount: 50 }],
    } as Pick<Movement, 'positions' | 'transferPositions'>;
    expect(Object.fromEntries(savedBookedAmounts(saved))).toEqual({ '1/2025': 450, '9/2025': 50 });
  });

  it('figures: what a position takes from its reservation was reserved on the line already (DOMAIN decision 7)', () => {
    const reserved = (unused: number) => ({ id: 8, recordNumber: 2, unused });
    const rows = [
      { key: 'a', ...line(1, '21003'), amount: 40_000, note: '', reservation: reserved(150_000), isNew: false },
      { key: 'b', ...line(2, '21004'), amount: 40_000, note: '', reservation: reserved(10_000), isNew: false },
      { key: 'c', ...line(3, '21005'), amount: 40_000, note: '', reservation: null, isNew: false },
    ];
    // within the unused part nothing new is spent; above it the excess is ordinary spending
    expect(
      Object.fromEntries(bookedAmounts(values({ rows: rows.map((r, i) => (i === 1 ? { ...r, reservation: { ...reserved(10_000), id: 9 } } : r)) }))),
    ).toEqual({
      '2/2025': 30_000,
      '3/2025': 40_000,
    });
    // two positions on one reservation share its unused part, in order
    expect(Object.fromEntries(bookedAmounts(values({ rows: [rows[0]!, { ...rows[0]!, key: 'd', chapterId: 4, amount: 120_000 }] })))).toEqual({
      '4/2025': 10_000,
    });
    const before = { lineId: 5, availableAfterPlannedExpenses: 19_000, toReceive: 0 } as ChapterBefore;
    expect(lineFigure(before, 0, 2)).toEqual({ before: 19_000, after: 19_000, exceeded: false });
  });

  it('a saved movement is clean when loaded again', () => {
    const movement: Movement = {
      id: 1,
      kind: 'expenses',
      recordNumber: 4,
      type: 1,
      recordDate: '2025-03-15',
      documentDate: '2025-03-15',
      documentNumber: 'R1',
      templateCode: null,
      supplier: null,
      account: context.defaultAccount,
      positions: [
        {
          id: 3,
          ...line(1, '21003'),
          amount: 500,
          note: '',
          paid: 500,
          open: 0,
          reservationId: 8,
          reservationRecordNumber: 2,
          reservationAmount: 500,
          cancelled: false,
          originalAmount: 500,
        },
        {
          id: 4,
          ...line(2, '21004'),
          amount: 100,
          note: '',
          paid: 100,
          open: 0,
          reservationId: null,
          reservationRecordNumber: null,
          reservationAmount: 0,
          cancelled: false,
          originalAmount: 100,
        },
      ],
      transferPositions: [],
      payments: [{ id: 2, amount: 600, dateDue: '2025-03-15', datePaid: '2025-03-15', accountId: null, note: '', orderNumber: null }],
      total: 600,
      transferTotal: 0,
      cancelled: false,
      isEditable: true,
      bankOrder: null,
    };
    const v = savedValues(movement);
    expect(v.payments).toEqual([]);
    // the reservation a position uses is its marker and goes back on save; unlinking is a change
    expect(v.rows.map((r) => r.reservation)).toEqual([{ id: 8, recordNumber: 2, unused: 500 }, null]);
    expect(JSON.stringify(compareValues({ ...v, rows: v.rows.map((r) => ({ ...r, reservation: null })) }))).not.toBe(JSON.stringify(compareValues(v)));
    expect(JSON.stringify(compareValues(v))).toBe(JSON.stringify(compareValues(savedValues(movement))));
    const built = buildSaveInput(scope, 'expenses', v);
    expect(built.ok && built.input).toMatchObject({ recordNumber: 4, asNew: false, payments: [] });
    expect(built.ok && built.input.positions?.map((p) => p.reservationId)).toEqual([8, null]);
  });

  it('the open part of an open payment: all while never split, else the unpaid instalments spread over the positions', () => {
    const rows = [
      { key: 'a', ...line(1, '21003'), amount: 1000, note: '', reservation: null, isNew: false },
      { key: 'b', ...line(2, '21004'), amount: 3000, note: '', reservation: null, isNew: false },
    ];
    expect(openPart(values({ type: 2, rows }))).toBe(4000);
    const split = [
      { amount: 2000, dateDue: '2025-03-15', datePaid: '2025-03-15' },
      { amount: 2000, dateDue: '2025-04-30', datePaid: null },
    ];
    expect(openPart(values({ type: 2, rows, payments: split }))).toBe(2000);
    expect(openPart(values({ type: 2, rows, payments: [{ amount: 500, dateDue: '2025-04-30', datePaid: null }] }))).toBe(500);
  });
});

describe('the dates a record is offered (issue 25)', () => {
  it('a new record: today in the year, 31.12. of a year that is over, none ahead of the year', () => {
    expect(newValues('expenses', context, '2025-06-30', 2025).recordDate).toBe('2025-06-30');
    expect(newValues('expenses', context, '2026-01-05', 2025).recordDate).toBe('2025-12-31');
    expect(newValues('expenses', context, '2024-12-30', 2025).recordDate).toBeNull();
  });
  it('"as new": the copy is dated like a new record, unticked the saved record\'s date comes back', () => {
    const saved = { recordDate: '2025-03-15' };
    expect(withRecordDate(true, saved, '2025-06-30', 2025)).toEqual({ recordDate: '2025-06-30' });
    expect(withRecordDate(true, saved, '2026-01-05', 2025)).toEqual({ recordDate: '2025-12-31' });
    expect(withRecordDate(false, saved, '2026-01-05', 2025)).toEqual({ recordDate: '2025-03-15' });
    expect(withRecordDate(false, null, '2025-06-30', 2025)).toEqual({ recordDate: '2025-06-30' });
  });
});
