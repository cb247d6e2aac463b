import { describe, expect, it } from 'vitest';
import { chapterFigures, formatChapter, forecastChecks, parseChapterCode, partOfChapter, presumedSurplus, surplusUsedAllowed } from './budget.ts';

describe('chapter codes', () => {
  it('formats and parses', () => {
    expect(formatChapter('21003')).toBe('2-1-003');
    expect(parseChapterCode('2-1-003')).toBe('21003');
    expect(parseChapterCode('21003')).toBe('21003');
    expect(parseChapterCode('31003')).toBeNull();
    expect(parseChapterCode('2100')).toBeNull();
    expect(partOfChapter('11001')).toBe(1);
    expect(partOfChapter('22001')).toBe(2);
  });
});

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

describe('surplus', () => {
  it('computes the presumed administrative surplus', () => {
    expect(presumedSurplus({ cashBalance: 500_000, revenuesActual: 200_000, revenuesResidue: 50_000, expensesActual: 300_000, expensesResidue: 100_000 })).toBe(350_000);
  });
  it('bounds the surplus used', () => {
    expect(surplusUsedAllowed(350_000, 350_000)).toBe(true);
    expect(surplusUsedAllowed(350_000, 350_001)).toBe(false);
    expect(surplusUsedAllowed(-10, 0)).toBe(true);
    expect(surplusUsedAllowed(-10, 5)).toBe(false);
    expect(surplusUsedAllowed(100, -1)).toBe(false);
  });
});

describe('chapterFigures', () => {
  it('matches the worked example of DOMAIN.md (2-1-003)', () => {
    const f = chapterFigures({ part: 2, budgetInitial: 100_000, budgetChanges: 20_000, payments: 30_000, openPayments: 20_000, reservations: 30_000, finalResidue: 50_000 });
    expect(f.budgetFinal).toBe(120_000);
    expect(f.availableAfterDonePayments).toBe(90_000);
    expect(f.availableAfterPlannedExpenses).toBe(40_000);
    expect(f.availableFinal).toBe(40_000);
    expect(f.toReceive).toBe(0);
  });
  it('computes what is still to receive on a revenue chapter', () => {
    const f = chapterFigures({ part: 1, budgetInitial: 50_000, budgetChanges: -10_000, payments: 15_000, openPayments: 0, reservations: 0, finalResidue: null });
    expect(f.toReceive).toBe(25_000);
    expect(f.availableFinal).toBe(25_000);
  });
});
