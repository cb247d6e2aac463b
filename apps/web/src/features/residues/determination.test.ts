import type { ResiduePosition } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { failedLine, flagBits, initialAmounts, linesByPart, problemRows, residueTotal, rowProblem, savePositions } from './determination.ts';

/** A line with its bounds (cents): availability 500,00, reservations 120,00, open payments 80,00. */
function line(budgetId: number, over: { part?: 1 | 2; editable?: boolean; amount?: number; finalResidue?: number | null } = {}): ResiduePosition {
  return {
    chapter: {
      chapterId: budgetId,
      chapter: over.part === 1 ? '11001' : '22001',
      chapterYear: 2025,
      part: over.part ?? 2,
      title: 2,
      descriptionDeu: 'Kapitel',
      descriptionIta: 'Capitolo',
      searchKeyDeu: '',
      searchKeyIta: '',
      isEditable: false,
    },
    budget: {
      budgetId,
      allocated: 100000,
      payments: 50000,
      available: 50000,
      finalResidue: over.finalResidue ?? null,
      reservations: 12000,
      openPayments: 8000,
      flag: 3,
    },
    isEditable: over.editable ?? true,
    amount: over.amount ?? 20000,
    isDetermined: over.finalResidue !== undefined && over.finalResidue !== null,
    minimum: 12000,
    maximum: 50000,
    proposal: 20000,
  };
}

describe('residue determination', () => {
  const final = { positions: [line(1), line(2, { editable: false, amount: 0, finalResidue: 0 }), line(3, { part: 1, amount: 30000 })] };

  it('starts the editable lines with the server amount (determined or proposed); not editable lines have no input', () => {
    expect(initialAmounts(final)).toEqual({ '1': 20000, '3': 30000 });
  });

  it('refuses below the reservations, above the availability and below 0; an empty input counts as 0', () => {
    const p = line(1);
    expect(rowProblem(p, { '1': 12000 })).toBeNull();
    expect(rowProblem(p, { '1': 50000 })).toBeNull();
    expect(rowProblem(p, { '1': 11999 })).toBe('SmallerThanExistingResidue');
    expect(rowProblem(p, { '1': 50001 })).toBe('InvalidValue');
    expect(rowProblem(p, { '1': -1 })).toBe('InvalidValue');
    expect(rowProblem(p, { '1': null })).toBe('SmallerThanExistingResidue');
    // a line without input is never refused
    expect(rowProblem(line(2, { editable: false }), {})).toBeNull();
    expect(problemRows(final, { '1': 60000, '3': 100 })).toEqual([
      { budgetId: 1, problem: 'InvalidValue' },
      { budgetId: 3, problem: 'SmallerThanExistingResidue' },
    ]);
  });

  it('sends every editable line of the source with its amount', () => {
    expect(savePositions(final, { '1': 15000, '3': null })).toEqual([
      { budgetId: 1, amount: 15000 },
      { budgetId: 3, amount: 0 },
    ]);
  });

  it('finds the line a server error names by the index of what was sent', () => {
    const sent = [{ budgetId: 1 }, { budgetId: 3 }];
    expect(failedLine('positions.1.amount', sent)).toBe(3);
    expect(failedLine('positions.0.budgetId', sent)).toBe(1);
    expect(failedLine('positions.7.amount', sent)).toBeNull();
    expect(failedLine(null, sent)).toBeNull();
    expect(failedLine('approval', sent)).toBeNull();
  });

  it('reads the flag bits: 1 reservation, 2 open payment, 3 both', () => {
    expect(flagBits(0)).toEqual([]);
    expect(flagBits(1)).toEqual([1]);
    expect(flagBits(2)).toEqual([2]);
    expect(flagBits(3)).toEqual([1, 2]);
  });

  it('groups revenues before expenses and sums typed and shown residues', () => {
    expect(linesByPart(final.positions).map((g) => [g.part, g.positions.map((p) => p.budget.budgetId)])).toEqual([
      [1, [3]],
      [2, [1, 2]],
    ]);
    // 150,00 typed + 0 determined (not editable) + 300,00 typed
    expect(residueTotal(final.positions, { '1': 15000, '3': 30000 })).toBe(45000);
  });
});
