import { describe, expect, it } from 'vitest';
import { checkResidueAmount, residueBounds, residueFlag } from './residues.ts';

describe('residue bounds (DOMAIN.md "Year end", decision 14)', () => {
  it("DOMAIN.md's worked example: 300,00..900,00, proposal 500,00 (open 200,00 + reserved 300,00)", () => {
    const bounds = residueBounds({ budgetFinal: 120_000, payments: 30_000, openPayments: 20_000, reservations: 30_000 });
    expect(bounds).toEqual({ minimum: 30_000, maximum: 90_000, proposal: 50_000 });
    expect([29_999, 30_000, 90_000, 90_001, -1].map((a) => checkResidueAmount(a, bounds))).toEqual([
      'SmallerThanExistingResidue',
      null,
      null,
      'InvalidValue',
      'InvalidValue',
    ]);
  });

  it('an overspent line: the maximum is 0 and wins the lower bound; the proposal stays within', () => {
    const bounds = residueBounds({ budgetFinal: 10_000, payments: 12_000, openPayments: 5_000, reservations: 1_000 });
    expect(bounds).toEqual({ minimum: 0, maximum: 0, proposal: 0 });
    expect(checkResidueAmount(0, bounds)).toBeNull();
  });

  it('a revenue line: up to what is still to receive, nothing proposed', () => {
    expect(residueBounds({ budgetFinal: 520_000, payments: 400_000, openPayments: 0, reservations: 0 })).toEqual({ minimum: 0, maximum: 120_000, proposal: 0 });
  });

  it('flags are a bit set: 1 reservation, 2 open payment, 3 both', () => {
    expect([residueFlag(0, 0), residueFlag(1, 0), residueFlag(0, 1), residueFlag(5, 7)]).toEqual([0, 1, 2, 3]);
  });
});
