import { describe, expect, it } from 'vitest';
import { bookingAvailability, chapterFigures, chapterLineName, storedLineName } from './budgetFigures.ts';

describe('names of an empty chapter', () => {
  it('shows the line name of an empty chapter when one was typed, the chapter name otherwise', () => {
    expect(chapterLineName(true, 'Kapitel', 'Zeile')).toBe('Zeile');
    expect(chapterLineName(true, 'Kapitel', '')).toBe('Kapitel');
    expect(chapterLineName(true, 'Kapitel', null)).toBe('Kapitel');
    expect(chapterLineName(false, 'Kapitel', 'Zeile')).toBe('Kapitel');
  });

  it('stores a typed name only for an empty chapter', () => {
    expect(storedLineName(true, 'Zeile')).toBe('Zeile');
    expect(storedLineName(false, 'Zeile')).toBe('');
  });
});

describe('chapterFigures', () => {
  it('matches the worked example of DOMAIN.md (2-1-003)', () => {
    const f = chapterFigures({
      part: 2,
      budgetInitial: 100_000,
      budgetChanges: 20_000,
      payments: 30_000,
      openPayments: 20_000,
      reservations: 30_000,
      finalResidue: 50_000,
    });
    expect(f.budgetFinal).toBe(120_000);
    expect(f.availableAfterDonePayments).toBe(90_000);
    expect(f.availableAfterPlannedExpenses).toBe(40_000);
    expect(f.availableFinal).toBe(40_000);
    expect(f.toReceive).toBe(0);
  });
  it('computes what is still to receive on a revenue chapter', () => {
    const f = chapterFigures({
      part: 1,
      budgetInitial: 50_000,
      budgetChanges: -10_000,
      payments: 15_000,
      openPayments: 0,
      reservations: 0,
      finalResidue: null,
    });
    expect(f.toReceive).toBe(25_000);
    expect(f.availableFinal).toBe(25_000);
  });
});

describe('bookingAvailability', () => {
  it('is what is left after paid, open and reserved for expenses, what is still to collect for revenues', () => {
    const amounts = { budgetInitial: 100_000, budgetChanges: 20_000, payments: 30_000, openPayments: 20_000, reservations: 30_000, finalResidue: null };
    expect(bookingAvailability(2, chapterFigures({ ...amounts, part: 2 }))).toBe(40_000);
    expect(bookingAvailability(1, chapterFigures({ ...amounts, part: 1 }))).toBe(90_000);
    expect(bookingAvailability(2, chapterFigures({ ...amounts, part: 2, payments: 150_000 }))).toBe(-80_000);
  });
});
