import type { ResiduePosition } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { determinedLines, failedLine, flagBits, initialAmounts, linesByPart, problemRows, residueTotal, rowProblem, savePositions } from './determination.ts';

/** A line with its bounds (cents): availability 500,00, reservations 120,00, open payments 80,00 (lower bound 200,00). */
function line(
  budgetId: number,
  over: { part?: 1 | 2; editable?: boolean; amount?: number; finalResidue?: number | null; overspent?: boolean } = {},
): ResiduePosition {
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
    minimum: 20000,
    maximum: 50000,
    proposal: 20000,
    isOverspent: over.overspent ?? false,
    isChanged: false,
    isOutOfBounds: false,
  };
}

describe('residue determination', () => {
  const final = { positions: [line(1), line(2, { editable: false, amount: 0, finalResidue: 0 }), line(3, { part: 1, amount: 30000 })] };

  it('starts the editable lines with the server amount (determined or proposed); not editable lines have no input', () => {
    expect(initialAmounts(final)).toEqual({ '1': 20000, '3': 30000 });
  });

  it('refuses below open payments + reservations together, above the availability and below 0; an empty input counts as 0', () => {
    const p = line(1);
    expect(rowProblem(p, { '1': 20000 })).toBeNull();
    expect(rowProblem(p, { '1': 50000 })).toBeNull();
    expect(rowProblem(p, { '1': 19999 })).toBe('belowMinimum');
    expect(rowProblem(p, { '1': 50001 })).toBe('aboveMaximum');
    expect(rowProblem(p, { '1': -1 })).toBe('belowMinimum');
    expect(rowProblem(p, { '1': null })).toBe('belowMinimum');
    // a line without input is never refused, nor one being cleared
    expect(rowProblem(line(2, { editable: false }), {})).toBeNull();
    expect(rowProblem(line(4, { finalResidue: 100 }), { '4': 1 }, { '4': true })).toBeNull();
    expect(problemRows(final, { '1': 60000, '3': 100 })).toEqual([
      { budgetId: 1, problem: 'aboveMaximum' },
      { budgetId: 3, problem: 'belowMinimum' },
    ]);
  });

  it('sends every editable line of the source with its amount, and amount null for each determined line being cleared', () => {
    expect(savePositions(final, { '1': 15000, '3': null })).toEqual([
      { budgetId: 1, amount: 15000 },
      { budgetId: 3, amount: 0 },
    ]);
    // "clear all" marks the determined lines (2); an undetermined line marked is sent as typed
    expect(determinedLines(final)).toEqual({ '2': true });
    expect(savePositions(final, { '1': 15000, '3': 100 }, { '1': true, '2': true })).toEqual([
      { budgetId: 1, amount: 15000 },
      { budgetId: 2, amount: null },
      { budgetId: 3, amount: 100 },
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
    // a line being cleared and an overspent one count 0
    const marked = [line(1, { finalResidue: 100, editable: false }), line(2, { editable: false, overspent: true, amount: 0 })];
    expect(residueTotal(marked, {}, { '1': true })).toBe(0);
  });
});
