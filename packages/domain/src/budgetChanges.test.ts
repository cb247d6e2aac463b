import { describe, expect, it } from 'vitest';
import { chapterFigures } from './budgetFigures.ts';
import { changeDateError, changeTotals, chapterChangeError, missingAdjustmentDescriptions } from './budgetChanges.ts';

describe('missingAdjustmentDescriptions', () => {
  const named = { amount: 100, descriptionDeu: 'Fest', descriptionIta: 'Festa' };
  it('needs both descriptions for a position of an empty chapter with an amount', () => {
    expect(missingAdjustmentDescriptions(true, named)).toEqual([]);
    expect(missingAdjustmentDescriptions(true, { ...named, descriptionDeu: ' ' })).toEqual(['descriptionDeu']);
    expect(missingAdjustmentDescriptions(true, { ...named, descriptionDeu: '', descriptionIta: '' })).toEqual(['descriptionDeu', 'descriptionIta']);
    expect(missingAdjustmentDescriptions(true, { ...named, amount: -5, descriptionIta: '' })).toEqual(['descriptionIta']);
  });
  it('needs none for another chapter or a position without an amount', () => {
    const unnamed = { amount: 100, descriptionDeu: '', descriptionIta: '' };
    expect(missingAdjustmentDescriptions(false, unnamed)).toEqual([]);
    expect(missingAdjustmentDescriptions(true, { ...unnamed, amount: 0 })).toEqual([]);
    expect(missingAdjustmentDescriptions(true, { ...unnamed, amount: null })).toEqual([]);
  });
});

describe('change date', () => {
  it('change: inside the year and not in the future', () => {
    expect(changeDateError('2026-01-01', 2026, '2026-06-01')).toBeNull();
    expect(changeDateError('2025-12-31', 2026, '2026-06-01')).toBe('InvalidDate');
    expect(changeDateError('2026-06-02', 2026, '2026-06-01')).toBe('InvalidDate');
    expect(changeDateError('2027-01-01', 2026, '2027-06-01')).toBe('DateAfter31.12');
  });
});

describe('budget change rules', () => {
  it('totals and balance, with the surplus delta of the adjustment', () => {
    const positions = [
      { part: 1, amount: 30_000 },
      { part: 2, amount: 50_000 },
      { part: 2, amount: -5_000 },
    ];
    expect(changeTotals(positions)).toEqual({ revenues: 30_000, expenses: 45_000, balance: -15_000 });
    expect(changeTotals(positions, 15_000).balance).toBe(0);
  });
  it('the worked example of DOMAIN.md: final 1.200,00, paid 300,00, open 200,00, reserved 300,00', () => {
    const before = {
      ...chapterFigures({
        part: 2,
        budgetInitial: 100_000,
        budgetChanges: 20_000,
        payments: 30_000,
        openPayments: 20_000,
        reservations: 30_000,
        finalResidue: null,
      }),
      part: 2,
    };
    expect(before.availableAfterPlannedExpenses).toBe(40_000);
    expect(chapterChangeError(before, 0)).toBeNull();
    expect(chapterChangeError(before, -40_000)).toBeNull();
    expect(chapterChangeError(before, -40_001)).toBe('AvailableExceeded');
    expect(chapterChangeError(before, -90_000)).toBe('AvailableExceeded');
    expect(chapterChangeError(before, -90_001)).toBe('BudgetFinalNegative');
    expect(chapterChangeError(before, 10_000)).toBeNull();
    expect(chapterChangeError({ ...before, finalResidue: 50_000 }, 1)).toBe('ChapterHasResidue');
    const revenue = {
      ...chapterFigures({ part: 1, budgetInitial: 10_000, budgetChanges: 0, payments: 8_000, openPayments: 0, reservations: 0, finalResidue: null }),
      part: 1,
    };
    expect(chapterChangeError(revenue, -10_000)).toBeNull();
    expect(chapterChangeError(revenue, -10_001)).toBe('BudgetFinalNegative');
  });
});
