import { describe, expect, it } from 'vitest';
import { carriedLineShortfall, residueBounds, residueChanged, residueFlag, residueProblem } from './residues.ts';

describe('residue bounds (DOMAIN.md "Year end", decisions 14, 23, 24)', () => {
  it("DOMAIN.md's worked example: open 200,00 + reserved 300,00 together are the lower bound 500,00 .. 900,00, proposed 500,00", () => {
    const bounds = residueBounds({ part: 2, budgetFinal: 120_000, payments: 30_000, openPayments: 20_000, reservations: 30_000 });
    expect(bounds).toEqual({ minimum: 50_000, maximum: 90_000, proposal: 50_000, overspent: false });
    expect([49_999, 50_000, 90_000, 90_001, -1].map((a) => residueProblem(a, bounds))).toEqual(['belowMinimum', null, null, 'aboveMaximum', 'belowMinimum']);
  });

  it('an overspent expense line (paid above its budget, or owing more than is available): no residue fits, nothing proposed', () => {
    const paidAbove = residueBounds({ part: 2, budgetFinal: 10_000, payments: 12_000, openPayments: 0, reservations: 0 });
    expect(paidAbove).toEqual({ minimum: 0, maximum: 0, proposal: 0, overspent: true });
    expect(residueProblem(0, paidAbove)).toBe('overspent');
    const owesMore = residueBounds({ part: 2, budgetFinal: 100_000, payments: 90_000, openPayments: 20_000, reservations: 0 });
    expect(owesMore).toEqual({ minimum: 20_000, maximum: 10_000, proposal: 0, overspent: true });
    expect(residueProblem(10_000, owesMore)).toBe('overspent');
    // exactly covered is not overspent
    expect(residueBounds({ part: 2, budgetFinal: 100_000, payments: 80_000, openPayments: 15_000, reservations: 5_000 })).toEqual({
      minimum: 20_000,
      maximum: 20_000,
      proposal: 20_000,
      overspent: false,
    });
  });

  it('a revenue line: up to what is still to receive, nothing proposed; collected beyond the budget is residue 0, not overspent', () => {
    expect(residueBounds({ part: 1, budgetFinal: 520_000, payments: 400_000, openPayments: 0, reservations: 0 })).toEqual({
      minimum: 0,
      maximum: 120_000,
      proposal: 0,
      overspent: false,
    });
    const collectedMore = residueBounds({ part: 1, budgetFinal: 10_000, payments: 12_000, openPayments: 0, reservations: 0 });
    expect(collectedMore).toEqual({ minimum: 0, maximum: 0, proposal: 0, overspent: false });
    expect(residueProblem(0, collectedMore)).toBeNull();
  });

  it('changed after the determination: the stored bounds moved, or the residue no longer fits', () => {
    const now = residueBounds({ part: 2, budgetFinal: 120_000, payments: 30_000, openPayments: 20_000, reservations: 30_000 });
    expect(residueChanged(50_000, { minimum: 50_000, maximum: 90_000 }, now)).toBe(false);
    // a bill of 200,00 paid since: the residue 500,00 still fits 300,00..700,00 but the figures moved
    const paid = residueBounds({ part: 2, budgetFinal: 120_000, payments: 50_000, openPayments: 0, reservations: 30_000 });
    expect(residueChanged(50_000, { minimum: 50_000, maximum: 90_000 }, paid)).toBe(true);
    // unknown stored bounds: only a residue that no longer fits
    expect(residueChanged(50_000, null, paid)).toBe(false);
    expect(residueChanged(20_000, null, paid)).toBe(true);
    expect(residueChanged(null, { minimum: 0, maximum: 0 }, paid)).toBe(false);
  });

  it("Y+1's carried line: a lower figure must still cover what Y+1 used beyond its own changes (decision 23)", () => {
    const next = { budgetInitial: 50_000, budgetChanges: 0, used: 60_000 };
    expect(carriedLineShortfall(50_000, next)).toBeNull(); // unchanged
    expect(carriedLineShortfall(70_000, next)).toBeNull(); // a raise
    expect(carriedLineShortfall(40_000, next)).toBe(60_000);
    expect(carriedLineShortfall(40_000, { budgetInitial: 50_000, budgetChanges: 20_000, used: 60_000 })).toBeNull();
    expect(carriedLineShortfall(40_000, { budgetInitial: 50_000, budgetChanges: 0, used: 40_000 })).toBeNull();
  });

  it('flags are a bit set: 1 reservation, 2 open payment, 3 both', () => {
    expect([residueFlag(0, 0), residueFlag(1, 0), residueFlag(0, 1), residueFlag(5, 7)]).toEqual([0, 1, 2, 3]);
  });
});
