/**
 * The pure rules of the residue determination screen (residues/determination): the typed final
 * residues per line, their bounds (domain checkResidueAmount, DOMAIN decision 14), what Save sends,
 * and which row a server error names. Unit-tested in determination.test.ts.
 */
import { checkResidueAmount, type Part, ResidueFlag, type ResidueBoundError, type ResidueFinal, type ResiduePosition } from '@app/domain';

/** The typed final residue per line id (`budgetId` as text; null: the field is empty, counts as 0). */
export type ResidueAmounts = Record<string, number | null>;

/** The form values: what the editable lines' inputs start with (the determined residue or the proposal). */
export function initialAmounts(final: Pick<ResidueFinal, 'positions'>): ResidueAmounts {
  return Object.fromEntries(final.positions.filter((p) => p.isEditable).map((p) => [String(p.budget.budgetId), p.amount]));
}

/** The amount a line's input holds (0 when empty). */
export function amountOf(amounts: ResidueAmounts, position: ResiduePosition): number {
  return amounts[String(position.budget.budgetId)] ?? 0;
}

/** Why the typed amount of a line is refused (null: within its bounds, or the line is not editable). */
export function rowProblem(position: ResiduePosition, amounts: ResidueAmounts): ResidueBoundError {
  if (!position.isEditable) return null;
  return checkResidueAmount(amountOf(amounts, position), position);
}

/** The line ids with a refused amount, in table order. */
export function problemRows(
  final: Pick<ResidueFinal, 'positions'>,
  amounts: ResidueAmounts,
): { budgetId: number; problem: Exclude<ResidueBoundError, null> }[] {
  return final.positions.flatMap((p) => {
    const problem = rowProblem(p, amounts);
    return problem ? [{ budgetId: p.budget.budgetId, problem }] : [];
  });
}

/** What Save sends: every editable line of the source with its amount (the others the server determines with 0). */
export function savePositions(final: Pick<ResidueFinal, 'positions'>, amounts: ResidueAmounts): { budgetId: number; amount: number }[] {
  return final.positions.filter((p) => p.isEditable).map((p) => ({ budgetId: p.budget.budgetId, amount: amountOf(amounts, p) }));
}

/** The line a server error names (`positions.<i>.amount` or `positions.<i>.budgetId` of what was sent), else null. */
export function failedLine(field: string | null, sent: readonly { budgetId: number }[]): number | null {
  const index = /^positions\.(\d+)\./.exec(field ?? '')?.[1];
  return index === undefined ? null : (sent[Number(index)]?.budgetId ?? null);
}

/** The flag bits of a line (DOMAIN decision 14): 1 reservation, 2 open payment, both when 3. */
export function flagBits(flag: number): (1 | 2)[] {
  return [ResidueFlag.Reservation, ResidueFlag.OpenPayment].filter((bit) => (flag & bit) !== 0);
}

/** The lines of one part (revenues first, then expenses), in the server's order. */
export function linesByPart(positions: readonly ResiduePosition[]): { part: Part; positions: ResiduePosition[] }[] {
  return ([1, 2] as const).map((part) => ({ part, positions: positions.filter((p) => p.chapter.part === part) })).filter((g) => g.positions.length > 0);
}

/** The sum of the final residues as typed (editable lines) or shown (the others). */
export function residueTotal(positions: readonly ResiduePosition[], amounts: ResidueAmounts): number {
  return positions.reduce((sum, p) => sum + (p.isEditable ? amountOf(amounts, p) : (p.budget.finalResidue ?? p.amount)), 0);
}
