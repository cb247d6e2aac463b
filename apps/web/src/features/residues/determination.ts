/**
 * The pure rules of the residue determination screen (residues/determination): the typed final
 * residues per line, their bounds (domain residueProblem, DOMAIN decisions 14, 24), the lines marked
 * to be cleared (decision 23), what Save sends, and which row a server error names. Unit-tested in
 * determination.test.ts.
 */
import { type Part, ResidueFlag, type ResidueFinal, type ResiduePosition, type ResidueProblem, residueProblem } from '@app/domain';

/** The typed final residue per line id (`budgetId` as text; null: the field is empty, counts as 0). */
export type ResidueAmounts = Record<string, number | null>;
/** The determined lines whose determination the next save clears (`budgetId` as text). */
export type ClearedLines = Record<string, boolean>;

const key = (position: ResiduePosition) => String(position.budget.budgetId);

/** The form values: what the editable lines' inputs start with (the determined residue or the proposal). */
export function initialAmounts(final: Pick<ResidueFinal, 'positions'>): ResidueAmounts {
  return Object.fromEntries(final.positions.filter((p) => p.isEditable).map((p) => [key(p), p.amount]));
}

/** The amount a line's input holds (0 when empty). */
export function amountOf(amounts: ResidueAmounts, position: ResiduePosition): number {
  return amounts[key(position)] ?? 0;
}

/** The line is marked to be cleared by the next save. */
export function isCleared(cleared: ClearedLines, position: ResiduePosition): boolean {
  return position.isDetermined && cleared[key(position)] === true;
}

/** Why the typed amount of a line is refused (null: within its bounds, the line is not editable or is being cleared). */
export function rowProblem(position: ResiduePosition, amounts: ResidueAmounts, cleared: ClearedLines = {}): ResidueProblem | null {
  if (!position.isEditable || isCleared(cleared, position)) return null;
  return residueProblem(amountOf(amounts, position), { minimum: position.minimum, maximum: position.maximum, overspent: position.isOverspent });
}

/** The line ids with a refused amount, in table order. */
export function problemRows(
  final: Pick<ResidueFinal, 'positions'>,
  amounts: ResidueAmounts,
  cleared: ClearedLines = {},
): { budgetId: number; problem: ResidueProblem }[] {
  return final.positions.flatMap((p) => {
    const problem = rowProblem(p, amounts, cleared);
    return problem ? [{ budgetId: p.budget.budgetId, problem }] : [];
  });
}

/**
 * What Save sends: every editable line of the source with its amount, and `amount: null` for each
 * determined line marked to be cleared (decision 23). The server determines the lines that can hold no
 * residue with 0 (never an overspent one).
 */
export function savePositions(
  final: Pick<ResidueFinal, 'positions'>,
  amounts: ResidueAmounts,
  cleared: ClearedLines = {},
): { budgetId: number; amount: number | null }[] {
  return final.positions.flatMap((p): { budgetId: number; amount: number | null }[] => {
    if (isCleared(cleared, p)) return [{ budgetId: p.budget.budgetId, amount: null }];
    return p.isEditable ? [{ budgetId: p.budget.budgetId, amount: amountOf(amounts, p) }] : [];
  });
}

/** The determined lines of the source (what "clear all" marks). */
export function determinedLines(final: Pick<ResidueFinal, 'positions'>): ClearedLines {
  return Object.fromEntries(final.positions.filter((p) => p.isDetermined).map((p) => [key(p), true]));
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

/** The sum of the final residues as typed (editable lines) or shown (the others); a line being cleared and an overspent one count 0. */
export function residueTotal(positions: readonly ResiduePosition[], amounts: ResidueAmounts, cleared: ClearedLines = {}): number {
  return positions.reduce((sum, p) => {
    if (isCleared(cleared, p)) return sum;
    if (p.isEditable) return sum + amountOf(amounts, p);
    return sum + (p.budget.finalResidue ?? (p.isOverspent ? 0 : p.amount));
  }, 0);
}
