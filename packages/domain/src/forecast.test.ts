import { describe, expect, it } from 'vitest';
import { Part } from './chapterCode.ts';
import {
  forecastApprovalDateError,
  forecastCheckResults,
  forecastChecks,
  forecastIsEmpty,
  forecastSummaryFigures,
  forecastApprovalDeadlinePassed,
  presumedSurplus,
  surplusFromFinalAccount,
  surplusUsedAllowed,
  titleTotals,
} from './forecast.ts';

describe('forecastChecks', () => {
  const titles = [
    { title: 1, revenues: 1_000_000, expenses: 800_000 },
    { title: 2, revenues: 0, expenses: 500_000 },
    { title: 3, revenues: 100_000, expenses: 100_000 },
  ];
  it('passes a balanced forecast where the surplus closes the gap', () => {
    expect(forecastChecks(titles, 300_000)).toEqual({ total: true, title1: true, title3: true });
  });
  it('fails total by one cent', () => {
    expect(forecastChecks(titles, 299_999).total).toBe(false);
  });
  it('fails title1 when current expenses exceed current revenues', () => {
    expect(forecastChecks([{ title: 1, revenues: 100, expenses: 101 }], 1).title1).toBe(false);
  });
  it('fails title3 when pass-through items do not net to zero', () => {
    expect(forecastChecks([{ title: 3, revenues: 100, expenses: 0 }], 0)).toEqual({ total: false, title1: true, title3: false });
  });
  it('passes an empty forecast', () => {
    expect(forecastChecks([], 0)).toEqual({ total: true, title1: true, title3: true });
  });
});

describe('forecastCheckResults: each check with its difference (revenue side - expense side)', () => {
  const t = (title: number, revenues: number, expenses: number) => ({ title, revenues, expenses });
  it.each([
    // name, titles, surplusUsed, expected { check: [ok, difference] }
    [
      'balanced through the surplus used',
      [t(1, 1_000_000, 800_000), t(2, 0, 500_000), t(3, 100_000, 100_000)],
      300_000,
      { total: [true, 0], title1: [true, 200_000], title3: [true, 0] },
    ],
    [
      'expenses exceed revenues by one cent',
      [t(1, 1_000_000, 800_000), t(2, 0, 500_000), t(3, 100_000, 100_000)],
      299_999,
      { total: [false, -1], title1: [true, 200_000], title3: [true, 0] },
    ],
    ['revenues exceed expenses', [t(1, 500_000, 376_544), t(2, 0, 0), t(3, 0, 0)], 0, { total: [false, 123_456], title1: [true, 123_456], title3: [true, 0] }],
    [
      'title 1 expenses above title 1 revenues',
      [t(1, 100_000, 223_456), t(2, 123_456, 0), t(3, 0, 0)],
      0,
      { total: [true, 0], title1: [false, -123_456], title3: [true, 0] },
    ],
    [
      'title 3 not netting to zero, both ways',
      [t(1, 0, 0), t(2, 0, 0), t(3, 10_000, 12_500)],
      2_500,
      { total: [true, 0], title1: [true, 0], title3: [false, -2_500] },
    ],
    ['title 3 revenues left over', [t(3, 7_000, 0)], 0, { total: [false, 7_000], title1: [true, 0], title3: [false, 7_000] }],
    ['missing titles count as zero', [], 0, { total: [true, 0], title1: [true, 0], title3: [true, 0] }],
    ['surplus used alone', [], 5_000, { total: [false, 5_000], title1: [true, 0], title3: [true, 0] }],
  ] as const)('%s', (_name, titles, surplusUsed, expected) => {
    const results = forecastCheckResults([...titles], surplusUsed);
    for (const key of ['total', 'title1', 'title3'] as const) {
      expect(results[key], key).toEqual({ ok: expected[key][0], difference: expected[key][1] });
    }
    expect(forecastChecks([...titles], surplusUsed)).toEqual({ total: results.total.ok, title1: results.title1.ok, title3: results.title3.ok });
  });

  it.each([
    [[], true],
    [[{ amount: 0 }, { amount: 0 }], true],
    [[{ amount: 0 }, { amount: 1 }], false],
    [[{ amount: -5 }], false],
  ])('an empty forecast: %j -> %s', (lines, empty) => {
    expect(forecastIsEmpty(lines)).toBe(empty);
  });

  it('the summary carries the checks with differences and the empty flag', () => {
    const empty = forecastSummaryFigures([], 0);
    expect(empty.isEmpty).toBe(true);
    expect(empty.isBalanced).toEqual({ total: true, title1: true, title3: true });
    const s = forecastSummaryFigures(
      [
        { part: 1, title: 1, amount: 100_000 },
        { part: 2, title: 1, amount: 223_456 },
      ],
      0,
    );
    expect(s.isEmpty).toBe(false);
    expect(s.checks).toEqual({ total: { ok: false, difference: -123_456 }, title1: { ok: false, difference: -123_456 }, title3: { ok: true, difference: 0 } });
    expect(s.isBalanced).toEqual({ total: false, title1: false, title3: true });
  });
});

describe('surplus', () => {
  it('computes the presumed administrative surplus', () => {
    expect(presumedSurplus({ cashBalance: 500_000, revenuesActual: 200_000, revenuesResidue: 50_000, expensesActual: 300_000, expensesResidue: 100_000 })).toBe(
      350_000,
    );
  });
  it('bounds the surplus used', () => {
    expect(surplusUsedAllowed(350_000, 350_000)).toBe(true);
    expect(surplusUsedAllowed(350_000, 350_001)).toBe(false);
    expect(surplusUsedAllowed(-10, 0)).toBe(true);
    expect(surplusUsedAllowed(-10, 5)).toBe(false);
    expect(surplusUsedAllowed(100, -1)).toBe(false);
  });
});

describe('forecast summary figures', () => {
  it('sums per title, counts surplusUsed in the total check', () => {
    const lines = [
      { part: 1, title: 1, amount: 1_000_000 },
      { part: 1, title: 1, amount: 250_000 },
      { part: 1, title: 3, amount: 50_000 },
      { part: 2, title: 1, amount: 900_000 },
      { part: 2, title: 2, amount: 600_000 },
      { part: 2, title: 3, amount: 50_000 },
    ];
    const s = forecastSummaryFigures(lines, 250_000);
    expect(s.titles).toEqual([
      { title: 1, revenues: 1_250_000, expenses: 900_000, surplus: 350_000 },
      { title: 2, revenues: 0, expenses: 600_000, surplus: -600_000 },
      { title: 3, revenues: 50_000, expenses: 50_000, surplus: 0 },
    ]);
    expect(s.totals).toEqual({ revenues: 1_300_000, expenses: 1_550_000, surplusUsed: 250_000, surplus: 0 });
    expect(s.isBalanced).toEqual({ total: true, title1: true, title3: true });
    expect(forecastSummaryFigures(lines, 249_999).isBalanced.total).toBe(false);
    expect(titleTotals([])).toEqual([1, 2, 3].map((title) => ({ title, revenues: 0, expenses: 0 })));
  });
});

describe('forecast approval date', () => {
  it('forecast approval: not after 31.12, not in the future, not before 1.1 of the previous year', () => {
    expect(forecastApprovalDateError('2026-03-01', 2026, '2026-06-01')).toBeNull();
    expect(forecastApprovalDateError('2025-01-01', 2026, '2026-06-01')).toBeNull();
    expect(forecastApprovalDateError('2024-12-31', 2026, '2026-06-01')).toBe('InvalidDate');
    expect(forecastApprovalDateError('2026-06-02', 2026, '2026-06-01')).toBe('InvalidDate');
    expect(forecastApprovalDateError('2027-01-01', 2026, '2027-05-01')).toBe('DateAfter31.12');
    expect(forecastApprovalDateError('2026-12-31', 2026, '2027-05-01')).toBeNull();
  });
});

describe('forecastApprovalDeadlinePassed (issue 25 item 10)', () => {
  it('passed once 31.12 of the year is behind: today is DateAfter31.12, a date within the year still saves', () => {
    expect(forecastApprovalDeadlinePassed(2026, '2026-12-31')).toBe(false);
    expect(forecastApprovalDeadlinePassed(2025, '2026-01-01')).toBe(true);
    expect(forecastApprovalDateError('2026-01-01', 2025, '2026-01-01')).toBe('DateAfter31.12');
    expect(forecastApprovalDateError('2025-12-20', 2025, '2026-01-01')).toBeNull();
  });
});

describe("surplusFromFinalAccount (issue 25 item 10: the presumed surplus of Y+1 from Y's approved final account)", () => {
  it("splits the residues by chapter year into the year's own and older ones; its presumed surplus is the final surplus", () => {
    const lines = [
      { part: Part.Revenues, chapterYear: 2025, finalResidue: 20_000 },
      { part: Part.Revenues, chapterYear: 2024, finalResidue: 5_000 },
      { part: Part.Revenues, chapterYear: 2025, finalResidue: null },
      { part: Part.Expenses, chapterYear: 2025, finalResidue: 130_000 },
      { part: Part.Expenses, chapterYear: 2023, finalResidue: 10_000 },
    ];
    const terms = surplusFromFinalAccount(2025, 866_000, lines);
    expect(terms).toEqual({ cashBalance: 866_000, revenuesActual: 20_000, revenuesResidue: 5_000, expensesActual: 130_000, expensesResidue: 10_000 });
    // finalSurplus = finalCash + active − passive residues (DOMAIN "Results")
    expect(presumedSurplus(terms)).toBe(866_000 + 25_000 - 140_000);
    expect(surplusFromFinalAccount(2025, -1_000, [])).toEqual({
      cashBalance: -1_000,
      revenuesActual: 0,
      revenuesResidue: 0,
      expensesActual: 0,
      expensesResidue: 0,
    });
  });
});
