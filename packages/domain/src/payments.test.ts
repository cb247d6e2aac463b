import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MAX_CENTS } from './money.ts';
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
const paidRow = (amount: number) => row(amount, '2026-03-01', '2026-03-05');
const sum = (amounts: readonly number[]) => amounts.reduce((a, b) => a + b, 0);
const columnSums = (split: number[][], width: number) => Array.from({ length: width }, (_, j) => sum(split.map((r) => r[j] ?? 0)));

/** Positive position amounts (a few cents, to stress the rounding, or up to 100.000,00 €) and instalments that sum to them. */
const positionsAndInstalments = fc
  .array(fc.oneof(fc.integer({ min: 1, max: 20 }), fc.integer({ min: 1, max: 10_000_000 })), { minLength: 1, maxLength: 10 })
  .chain((positions) => {
    const total = sum(positions);
    return fc.uniqueArray(fc.integer({ min: 1, max: Math.max(1, total - 1) }), { maxLength: Math.min(8, total - 1) }).map((cuts) => {
      const bounds = [0, ...cuts.sort((a, b) => a - b), total];
      return { positions, instalments: bounds.slice(1).map((b, i) => b - (bounds[i] ?? 0)) };
    });
  });

describe('defaultDueDate (spec 3 §5: document date + payment term in days)', () => {
  it.each([
    ['2026-03-15', 30, '2026-04-14'],
    ['2026-03-15', 0, '2026-03-15'],
    ['2026-03-15', null, '2026-03-15'],
    ['2026-03-15', undefined, '2026-03-15'],
    ['2026-12-15', 30, '2027-01-14'],
    ['2025-12-20', 60, '2026-02-18'],
    ['2024-02-28', 1, '2024-02-29'],
    ['2025-02-28', 1, '2025-03-01'],
    ['2026-01-31', 60, '2026-04-01'],
    ['2026-03-28', 3, '2026-03-31'],
    ['2026-10-24', 7, '2026-10-31'],
    ['2026-01-01', 365, '2027-01-01'],
  ])('%s + %s days = %s', (documentDate, days, due) => {
    expect(defaultDueDate(documentDate, days)).toBe(due);
  });
  it('refuses a malformed document date', () => {
    expect(() => defaultDueDate('15.03.2026', 30)).toThrow(RangeError);
  });
});

describe('splitInstalments (DOMAIN.md decision 4)', () => {
  it.each([
    ['one instalment takes every position', [10000, 5000, 1], [15001], [[10000, 5000, 1]]],
    ['one position takes every instalment', [15001], [5000, 10001], [[5000], [10001]]],
    [
      'equal halves',
      [10000, 20000, 30000],
      [30000, 30000],
      [
        [5000, 10000, 15000],
        [5000, 10000, 15000],
      ],
    ],
    [
      // 5000 × 10000/15001 = 3333,11; × 5000/15001 = 1666,56; × 1/15001 = 0,33 -> the cent goes to the largest remainder
      'largest remainder',
      [10000, 5000, 1],
      [5000, 10001],
      [
        [3333, 1667, 0],
        [6667, 3333, 1],
      ],
    ],
    [
      // ties go to the earlier position; later instalments follow what is left, so the odd cents rotate
      'three thirds',
      [100, 100, 100],
      [100, 100, 100],
      [
        [34, 33, 33],
        [33, 34, 33],
        [33, 33, 34],
      ],
    ],
    [
      'cents smaller than the positions',
      [1, 1, 1],
      [1, 2],
      [
        [1, 0, 0],
        [0, 1, 1],
      ],
    ],
    [
      'the last instalment takes exactly what is left',
      [333, 667],
      [1, 1, 998],
      [
        [0, 1],
        [0, 1],
        [333, 665],
      ],
    ],
    ['nothing at all', [], [], []],
  ])('%s', (_, positions, instalments, expected) => {
    expect(splitInstalments(positions, instalments)).toEqual(expected);
  });

  it('is exact at the largest amounts', () => {
    const positions = [MAX_CENTS, MAX_CENTS - 1, 3];
    const instalments = [MAX_CENTS, MAX_CENTS - 7, 9];
    const split = splitInstalments(positions, instalments);
    expect(split.map(sum)).toEqual(instalments);
    expect(columnSums(split, 3)).toEqual(positions);
  });

  it.each([
    ['unequal sums', [100], [99]],
    ['instalments without positions', [], [100]],
    ['positions without instalments', [100], []],
    ['a position of 0', [100, 0], [100]],
    ['a negative position', [150, -50], [100]],
    ['an instalment of 0', [100], [100, 0]],
    ['a negative instalment', [100], [150, -50]],
    ['fractions of a cent', [100.5], [100.5]],
    ['NaN', [Number.NaN], [Number.NaN]],
  ])('throws on %s', (_, positions, instalments) => {
    expect(() => splitInstalments(positions, instalments)).toThrow(RangeError);
  });

  it('rows sum to the instalments, columns to the positions, no cell is negative (property)', () => {
    fc.assert(
      fc.property(positionsAndInstalments, ({ positions, instalments }) => {
        const split = splitInstalments(positions, instalments);
        expect(split).toHaveLength(instalments.length);
        expect(split.map(sum)).toEqual(instalments);
        expect(columnSums(split, positions.length)).toEqual(positions);
        for (const cell of split.flat()) {
          expect(Number.isInteger(cell)).toBe(true);
          expect(cell).toBeGreaterThanOrEqual(0);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('each cell is its exact share of what is left, rounded down or up (property)', () => {
    fc.assert(
      fc.property(positionsAndInstalments, ({ positions, instalments }) => {
        const split = splitInstalments(positions, instalments);
        const left = [...positions];
        for (const [i, instalment] of instalments.entries()) {
          const leftTotal = sum(left);
          for (const [j, rest] of left.entries()) {
            const cell = split[i]?.[j] ?? -1;
            const exact = (instalment * rest) / leftTotal;
            expect(cell).toBeGreaterThanOrEqual(Math.floor(exact - 1e-6));
            expect(cell).toBeLessThanOrEqual(Math.ceil(exact + 1e-6));
            expect(cell).toBeLessThanOrEqual(rest);
            left[j] = rest - cell;
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('one instalment reproduces the positions, one position the instalments (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 1_000_000 }), { minLength: 1, maxLength: 10 }), (amounts) => {
        expect(splitInstalments(amounts, [sum(amounts)])).toEqual([amounts]);
        expect(splitInstalments([sum(amounts)], amounts)).toEqual(amounts.map((a) => [a]));
      }),
    );
  });
});

describe('paidAndOpen (spec 3 §4 open payment share, to the cent)', () => {
  it.each([
    ['half paid', [10000, 20000, 30000], [paidRow(30000), row(30000)], [5000, 10000, 15000], [5000, 10000, 15000]],
    ['all open', [100, 200], [row(300)], [0, 0], [100, 200]],
    ['all paid in two instalments', [100, 200], [paidRow(150), paidRow(150)], [100, 200], [0, 0]],
    ['no payments (revenue, transfer): all paid', [100, 200], [], [100, 200], [0, 0]],
    ['an open first instalment', [10000, 5000, 1], [row(5000), paidRow(10001)], [6667, 3333, 1], [3333, 1667, 0]],
    ['a position of 0 takes no share', [100, 0, 200], [paidRow(100), row(200)], [33, 0, 67], [67, 0, 133]],
    ['an instalment of 0 is ignored', [100, 200], [paidRow(0), row(300)], [0, 0], [100, 200]],
    ['no positions, no payments', [], [], [], []],
  ])('%s', (_, positions, payments, paid, open) => {
    expect(paidAndOpen(positions, payments)).toEqual({ paid, open });
  });
  it.each([
    ['payments that do not sum to the positions', [100, 200], [row(299)]],
    ['a negative position', [300, -100], [row(200)]],
    ['only instalments of 0', [100], [row(0)]],
  ])('throws on %s', (_, positions, payments) => {
    expect(() => paidAndOpen(positions, payments)).toThrow(RangeError);
  });
  it('paid + open is each position exactly; the parts sum to the paid and open instalments (property)', () => {
    fc.assert(
      fc.property(
        positionsAndInstalments.chain(({ positions, instalments }) =>
          fc.tuple(fc.constant(positions), fc.constant(instalments), fc.array(fc.boolean(), { minLength: instalments.length, maxLength: instalments.length })),
        ),
        ([positions, instalments, paidFlags]) => {
          const payments = instalments.map((amount, i) => (paidFlags[i] ? paidRow(amount) : row(amount)));
          const { paid, open } = paidAndOpen(positions, payments);
          expect(positions.map((_, j) => (paid[j] ?? 0) + (open[j] ?? 0))).toEqual(positions);
          expect([...paid, ...open].every((cell) => Number.isInteger(cell) && cell >= 0)).toBe(true);
          expect(sum(paid)).toBe(paymentsTotal(payments.filter((p) => p.datePaid !== null)));
          expect(sum(open)).toBe(paymentsTotal(payments.filter((p) => p.datePaid === null)));
          expect(sum(open) / sum(positions)).toBeCloseTo(openShareRatio(payments), 12);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('openShareRatio', () => {
  it.each([
    ['no payments', [], 0],
    ['one open', [row(500)], 1],
    ['one paid', [paidRow(500)], 0],
    ['a quarter paid', [paidRow(100), row(300)], 0.75],
    ['two open of three', [row(100), paidRow(100), row(100)], 2 / 3],
    ['only rows of 0', [row(0)], 0],
  ])('%s', (_, payments, ratio) => {
    expect(openShareRatio(payments)).toBeCloseTo(ratio, 12);
  });
});

describe('payments dialog (spec 3 §5)', () => {
  it.each([
    ['no rows yet', [], 1000, [row(1000, '2026-04-01')]],
    ['a first instalment', [row(400)], 1000, [row(400), row(600, '2026-04-01')]],
    ['already complete', [row(1000)], 1000, [row(1000)]],
    ['more than the total', [row(1200)], 1000, [row(1200)]],
    ['a total of 0', [], 0, []],
  ])('proposes the remainder: %s', (_, rows, total, expected) => {
    expect(proposeRemainder(rows, total, '2026-04-01')).toEqual(expected);
  });
  it('returns new rows and leaves the given ones alone', () => {
    const rows = [row(400)];
    const proposed = proposeRemainder(rows, 1000, '2026-04-01');
    expect(proposed[0]).not.toBe(rows[0]);
    expect(rows).toEqual([row(400)]);
  });
  it.each([
    ['the last row', [row(100), row(200, '2026-04-01'), row(300, '2026-05-01')], 2, [row(100), row(500, '2026-04-01')]],
    ['a middle row', [row(100), row(200, '2026-04-01'), row(300, '2026-05-01')], 1, [row(300), row(300, '2026-05-01')]],
    ['the second of two', [paidRow(100), row(200)], 1, [paidRow(300)]],
  ])('returns a removed row to the previous one: %s', (_, rows, index, expected) => {
    const before = structuredClone(rows);
    expect(removePaymentRow(rows, index)).toEqual(expected);
    expect(rows).toEqual(before);
  });
  it.each([0, -1, 3, 1.5])('refuses to remove row %s', (index) => {
    expect(() => removePaymentRow([row(100), row(200), row(300)], index)).toThrow(RangeError);
  });
  it('keeps the total when proposing and removing rows (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 100_000 }), { minLength: 1, maxLength: 8 }), fc.integer({ min: 0, max: 1_000_000 }), (amounts, extra) => {
        const rows = amounts.map((a) => row(a));
        const total = sum(amounts) + extra;
        const proposed = proposeRemainder(rows, total, '2026-04-01');
        expect(paymentsTotal(proposed)).toBe(total);
        expect(proposed).toHaveLength(extra > 0 ? rows.length + 1 : rows.length);
        for (let index = proposed.length - 1; index >= 1; index -= 1) {
          const removed = removePaymentRow(proposed, index);
          expect(removed).toHaveLength(proposed.length - 1);
          expect(paymentsTotal(removed)).toBe(total);
        }
      }),
    );
  });
  it('sums the rows', () => {
    expect(paymentsTotal([])).toBe(0);
    expect(paymentsTotal([row(100), paidRow(250)])).toBe(350);
  });
});

describe('paymentsForSave (DOMAIN.md decision 3)', () => {
  const base = { total: 1000, rows: [] as PaymentRow[], recordDate: '2026-03-10', defaultDue: '2026-04-09' };
  const paidOnRecordDate = [{ amount: 1000, dateDue: '2026-03-10', datePaid: '2026-03-10' }];
  const split = [row(400, '2026-04-01'), row(600, '2026-05-01', '2026-03-10')];
  it.each([
    [MovementType.Revenue, [], []],
    [MovementType.Revenue, split, []],
    [MovementType.TransferExpense, [], []],
    [MovementType.TransferExpense, split, []],
    [MovementType.TransferRevenue, [], []],
    [MovementType.PaymentDone, [], paidOnRecordDate],
    [MovementType.PaymentDone, split, paidOnRecordDate],
    [MovementType.PaymentDone, [row(1)], paidOnRecordDate],
    [MovementType.Wages, [], paidOnRecordDate],
    [MovementType.Wages, split, paidOnRecordDate],
    [MovementType.PaymentOpen, [], [{ amount: 1000, dateDue: '2026-04-09', datePaid: null }]],
    [MovementType.PaymentOpen, split, split],
    [MovementType.PaymentOpen, [row(1000, '2026-06-01')], [row(1000, '2026-06-01')]],
    [MovementType.PaymentOpen, [row(400), row(0), row(600)], [row(400), row(600)]],
  ])('type %s with rows %j', (type, rows, expected) => {
    expect(paymentsForSave({ ...base, type, rows })).toEqual(expected);
  });
  it.each([
    ['too little', [row(400)]],
    ['too much', [row(400), row(601)]],
    ['only a row of 0', [row(0)]],
    ['a negative row that makes the sum', [row(1500), row(-500)]],
    ['fractions of a cent', [row(500.5), row(499.5)]],
  ])('refuses an open payment split of %s (never replaced)', (_, rows) => {
    expect(paymentsForSave({ ...base, type: MovementType.PaymentOpen, rows })).toBe('WrongPaymentTotal');
  });
  it.each([0, 1, 2, 3, 4, 5] as const)('gives type %s no payments for a total of 0', (type) => {
    expect(paymentsForSave({ ...base, total: 0, type, rows: [row(400)] })).toEqual([]);
  });
  it('returns copies of the rows', () => {
    const rows = [row(1000)];
    const saved = paymentsForSave({ ...base, type: MovementType.PaymentOpen, rows });
    expect(saved).toEqual(rows);
    expect(Array.isArray(saved) && saved[0]).not.toBe(rows[0]);
  });
  it.each([-1, 0.5, Number.NaN])('throws on a total of %s (positive amounts only)', (total) => {
    expect(() => paymentsForSave({ ...base, total, type: MovementType.PaymentDone })).toThrow(RangeError);
  });
});

describe('dropZeroPositions (spec 3 §5)', () => {
  it.each([
    ['none', [], []],
    ['only zeros', [{ amount: 0 }, { amount: 0 }], []],
    [
      'mixed, order kept',
      [{ amount: 0 }, { amount: 5, note: 'a' }, { amount: 0 }, { amount: 7, note: 'b' }],
      [
        { amount: 5, note: 'a' },
        { amount: 7, note: 'b' },
      ],
    ],
    ['negative kept for the schema to refuse', [{ amount: -1 }], [{ amount: -1 }]],
  ])('%s', (_, rows, expected) => {
    expect(dropZeroPositions(rows)).toEqual(expected);
  });
});
