import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MovementType } from './movementTypes.ts';
import {
  defaultDueDate,
  dropZeroPositions,
  openShareRatio,
  paidAndOpen,
  paymentsForSave,
  paymentsTotal,
  proposeRemainder,
  removePaymentRow,
  splitInstalments,
  type PaymentRow,
} from './payments.ts';

const row = (amount: number, dateDue = '2026-03-01', datePaid: string | null = null): PaymentRow => ({ amount, dateDue, datePaid });

describe('defaultDueDate', () => {
  it.each([
    ['2026-03-15', 30, '2026-04-14'],
    ['2026-03-15', 0, '2026-03-15'],
    ['2026-03-15', null, '2026-03-15'],
    ['2026-03-15', undefined, '2026-03-15'],
    ['2026-12-15', 30, '2027-01-14'],
    ['2024-02-28', 1, '2024-02-29'],
    ['2025-02-28', 1, '2025-03-01'],
    ['2026-01-31', 60, '2026-04-01'],
    ['2026-03-28', 3, '2026-03-31'],
    ['2026-10-24', 7, '2026-10-31'],
  ])('%s + %s days = %s', (documentDate, days, due) => {
    expect(defaultDueDate(documentDate, days)).toBe(due);
  });
});

describe('splitInstalments', () => {
  it('splits two instalments over three positions to the cent', () => {
    expect(splitInstalments([10000, 20000, 30000], [30000, 30000])).toEqual([
      [5000, 10000, 15000],
      [5000, 10000, 15000],
    ]);
  });
  it('rounds by largest remainder and the last instalment takes what is left', () => {
    // 100 over 1/1/1 of 300ths: 33.33 each -> 34, 33, 33 (tie to the earlier position)
    expect(splitInstalments([1, 1, 1], [1, 2])).toEqual([
      [1, 0, 0],
      [0, 1, 1],
    ]);
    expect(splitInstalments([100, 100, 100], [100, 200])).toEqual([
      [34, 33, 33],
      [66, 67, 67],
    ]);
  });
  it('throws on unequal sums or non-positive amounts', () => {
    expect(() => splitInstalments([100], [99])).toThrow(RangeError);
    expect(() => splitInstalments([100, 0], [100])).toThrow(RangeError);
    expect(() => splitInstalments([100], [150, -50])).toThrow(RangeError);
  });
  it('rows sum to instalments, columns to positions, no negative cell (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 10_000_000 }), { minLength: 1, maxLength: 8 }),
        fc.array(fc.integer({ min: 1, max: 1000 }), { minLength: 1, maxLength: 8 }),
        (positions, weights) => {
          const total = positions.reduce((a, b) => a + b, 0);
          const instalments = weightsToInstalments(total, weights);
          const split = splitInstalments(positions, instalments);
          expect(split.map((r) => r.reduce((a, b) => a + b, 0))).toEqual(instalments);
          expect(positions.map((_, j) => split.reduce((a, r) => a + (r[j] ?? 0), 0))).toEqual(positions);
          expect(split.flat().every((cell) => cell >= 0 && Number.isInteger(cell))).toBe(true);
        },
      ),
    );
  });
});

/** Cuts `total` cents into positive instalments roughly in the proportion of `weights`. */
function weightsToInstalments(total: number, weights: readonly number[]): number[] {
  const count = Math.min(weights.length, total);
  const used = weights.slice(0, count);
  const weightSum = used.reduce((a, b) => a + b, 0);
  const parts = used.map((w) => Math.max(1, Math.floor((total * w) / weightSum)));
  let diff = total - parts.reduce((a, b) => a + b, 0);
  for (let i = 0; diff !== 0; i = (i + 1) % parts.length) {
    const part = parts[i] ?? 1;
    if (diff > 0) {
      parts[i] = part + 1;
      diff -= 1;
    } else if (part > 1) {
      parts[i] = part - 1;
      diff += 1;
    }
  }
  return parts;
}

describe('paidAndOpen', () => {
  it('splits each position into its paid and open part', () => {
    const payments = [row(30000, '2026-03-01', '2026-03-01'), row(30000)];
    expect(paidAndOpen([10000, 20000, 30000], payments)).toEqual({ paid: [5000, 10000, 15000], open: [5000, 10000, 15000] });
  });
  it('counts everything paid without payments', () => {
    expect(paidAndOpen([100, 200], [])).toEqual({ paid: [100, 200], open: [0, 0] });
  });
});

describe('payments dialog', () => {
  it('proposes the remainder as a new row', () => {
    expect(proposeRemainder([row(400)], 1000, '2026-04-01')).toEqual([row(400), row(600, '2026-04-01')]);
    expect(proposeRemainder([row(1000)], 1000, '2026-04-01')).toEqual([row(1000)]);
  });
  it('returns a removed row to the previous one', () => {
    expect(removePaymentRow([row(100), row(200), row(300)], 2)).toEqual([row(100), row(500)]);
    expect(() => removePaymentRow([row(100)], 0)).toThrow(RangeError);
  });
  it('sums the rows and tells the open share', () => {
    expect(paymentsTotal([row(100), row(250)])).toBe(350);
    expect(openShareRatio([row(100, '2026-03-01', '2026-03-01'), row(300)])).toBe(0.75);
    expect(openShareRatio([])).toBe(0);
  });
});

describe('paymentsForSave', () => {
  const base = { total: 1000, rows: [] as PaymentRow[], recordDate: '2026-03-10', defaultDue: '2026-04-09' };
  it.each([
    [MovementType.Revenue, []],
    [MovementType.TransferExpense, []],
    [MovementType.TransferRevenue, []],
    [MovementType.PaymentDone, [{ amount: 1000, dateDue: '2026-03-10', datePaid: '2026-03-10' }]],
    [MovementType.Wages, [{ amount: 1000, dateDue: '2026-03-10', datePaid: '2026-03-10' }]],
    [MovementType.PaymentOpen, [{ amount: 1000, dateDue: '2026-04-09', datePaid: null }]],
  ])('type %s without rows', (type, expected) => {
    expect(paymentsForSave({ ...base, type })).toEqual(expected);
  });
  it('keeps a split that sums to the total and refuses one that does not', () => {
    const rows = [row(400, '2026-04-01'), row(600, '2026-05-01', '2026-03-10')];
    expect(paymentsForSave({ ...base, type: MovementType.PaymentOpen, rows })).toEqual(rows);
    expect(paymentsForSave({ ...base, type: MovementType.PaymentOpen, rows: [row(400)] })).toBe('WrongPaymentTotal');
  });
  it('gives no payments for a total of 0', () => {
    expect(paymentsForSave({ ...base, total: 0, type: MovementType.PaymentOpen, rows: [row(400)] })).toEqual([]);
  });
});

describe('dropZeroPositions', () => {
  it('drops positions of amount 0', () => {
    expect(dropZeroPositions([{ amount: 0 }, { amount: 5 }, { amount: 0 }])).toEqual([{ amount: 5 }]);
  });
});
