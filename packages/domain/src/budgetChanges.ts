import { z } from 'zod';
import { Id, Int } from './primitives.ts';
import { IsoDate } from './dates.ts';
import type { ErrorCode } from './errors.ts';
import { boundedTotal, Cents } from './money.ts';
import { availabilityExceeded } from './availability.ts';
import { Part } from './chapterCode.ts';
import { ChapterRef, Description, hasChapter, Notes } from './budgetFields.ts';
import type { ChapterFigures } from './budgetFigures.ts';
import { ScopeInput } from './scope.ts';

// Budget changes and the adjustment: heads, positions, totals and the rules per chapter.

/** A budget change or adjustment date: inside the financial year (InvalidDate / DateAfter31.12) and not in the future. */
export function changeDateError(date: string, year: number, today: string): ErrorCode | null {
  if (date > `${year}-12-31`) return 'DateAfter31.12';
  if (date < `${year}-01-01`) return 'InvalidDate';
  if (date > today) return 'InvalidDate';
  return null;
}

export const BudgetChangeHeadInput = z.object({ approved: IsoDate, notes: Notes });

/** POST Budget/Changes: a new change head; the record number is assigned. */
export const BudgetChangeCreateInput = ScopeInput.extend(BudgetChangeHeadInput.shape);
export type BudgetChangeCreateInput = z.infer<typeof BudgetChangeCreateInput>;

export const BudgetChangeRecordInput = ScopeInput.extend({ recordNumber: Int.min(1) });
export type BudgetChangeRecordInput = z.infer<typeof BudgetChangeRecordInput>;

export const BudgetChangePositionInput = z
  .object({ ...ChapterRef, amount: Cents, descriptionDeu: Description, descriptionIta: Description })
  .refine(hasChapter, { message: 'Required', path: ['chapter'] });
export type BudgetChangePositionInput = z.infer<typeof BudgetChangePositionInput>;

const ChangePositions = {
  positions: z.array(BudgetChangePositionInput).max(2000),
  /** The user confirmed "exceeds available, continue?". */
  confirmAvailableExceeded: z.boolean().default(false),
};

/** PUT Budget/Changes: head and positions (the positions replace the saved ones). */
export const BudgetChangeInput = BudgetChangeRecordInput.extend({ ...BudgetChangeHeadInput.shape, ...ChangePositions }).superRefine(
  boundedTotal('positions', (v) => v.positions.map((p) => p.amount)),
);
export type BudgetChangeInput = z.infer<typeof BudgetChangeInput>;

/** POST Budget/Adjust: the adjustment head. */
export const AdjustmentCreateInput = ScopeInput.extend({ ...BudgetChangeHeadInput.shape, surplusActual: Cents });
export type AdjustmentCreateInput = z.infer<typeof AdjustmentCreateInput>;

/** GET Budget/Adjust: the adjustment; with `orEmpty` an empty head (no positions, default date) instead of null. */
export const AdjustmentGetInput = ScopeInput.extend({ orEmpty: z.boolean().default(false) });
export type AdjustmentGetInput = z.infer<typeof AdjustmentGetInput>;

/** PUT Budget/Adjust: head and positions. */
export const AdjustmentInput = AdjustmentCreateInput.extend(ChangePositions).superRefine(
  boundedTotal('positions', (v) => [v.surplusActual, ...v.positions.map((p) => p.amount)]),
);
export type AdjustmentInput = z.infer<typeof AdjustmentInput>;

/** Budget/Changes/ChapterBefore: the chapter's figures without this change (and without the adjustment if asked). */
export const ChapterBeforeInput = ScopeInput.extend({ changeId: Id.optional(), beforeAdjustment: z.boolean().default(false), ...ChapterRef }).refine(
  hasChapter,
  { message: 'Required', path: ['chapter'] },
);
export type ChapterBeforeInput = z.infer<typeof ChapterBeforeInput>;

export interface BudgetChangeBrief {
  id: number;
  recordNumber: number;
  approved: string | null;
  notes: string;
}

export interface BudgetChangePosition {
  chapterId: number;
  chapter: string;
  part: Part;
  title: number;
  descriptionDeu: string;
  descriptionIta: string;
  isEditable: boolean;
  /** budgetFinal of the chapter without this change. */
  budgetBeforeChange: number;
  changeAmount: number;
  /** budgetBeforeChange + changeAmount. */
  budget: number;
}

export interface BudgetChangeTotals {
  revenues: number;
  expenses: number;
  /** revenues (+ surplus delta for the adjustment) - expenses; 0 when balanced. */
  balance: number;
}

export interface BudgetChange extends BudgetChangeBrief {
  isEditable: boolean;
  positions: BudgetChangePosition[];
  totals: BudgetChangeTotals;
}

export interface BudgetAdjustment extends BudgetChange {
  surplusActual: number;
  /** The presumed surplus used in the forecast. */
  surplusPlanned: number;
  /**
   * The final surplus of the previous year's approved final account (DOMAIN decision 18: it pre-fills
   * surplusActual of a new adjustment and is shown next to the presumed one); null while not approved.
   */
  surplusFinalAccount: number | null;
}

/** Revenue and expense deltas of a change; balanced when revenues + surplusDelta == expenses. */
export function changeTotals(positions: { part: number; amount: number }[], surplusDelta = 0): BudgetChangeTotals {
  const revenues = positions.filter((p) => p.part === Part.Revenues).reduce((s, p) => s + p.amount, 0);
  const expenses = positions.filter((p) => p.part === Part.Expenses).reduce((s, p) => s + p.amount, 0);
  return { revenues, expenses, balance: revenues + surplusDelta - expenses };
}

export type ChapterChangeError = 'ChapterHasResidue' | 'BudgetFinalNegative' | 'AvailableExceeded';

/**
 * What a budget delta does to a chapter line (figures before the delta): a determined final residue
 * forbids any change; the final budget may not go below 0 nor, for expenses, below the payments;
 * lowering an expense chapter whose availability after planned expenses turns negative needs
 * confirmation (availabilityExceeded: the reduction is what the change takes from the availability).
 */
export function chapterChangeError(
  before: Pick<ChapterFigures, 'budgetFinal' | 'payments' | 'availableAfterPlannedExpenses' | 'finalResidue'> & { part: number },
  delta: number,
): ChapterChangeError | null {
  if (delta === 0) return null;
  if (before.finalResidue !== null) return 'ChapterHasResidue';
  const final = before.budgetFinal + delta;
  if (final < 0) return 'BudgetFinalNegative';
  if (before.part === Part.Expenses && final < before.payments) return 'BudgetFinalNegative';
  if (availabilityExceeded({ part: before.part, after: before.availableAfterPlannedExpenses + delta, bookedBefore: 0, bookedAfter: -delta }))
    return 'AvailableExceeded';
  return null;
}

export type PositionDescriptionField = 'descriptionDeu' | 'descriptionIta';

/**
 * The adjustment names its positions on empty chapters: a position of an empty chapter with an
 * amount needs both descriptions. The missing ones, German first ([] when none is missing); an
 * amount of null (an empty field) counts as 0.
 */
export function missingAdjustmentDescriptions(
  emptyChapter: boolean,
  position: { amount: number | null; descriptionDeu: string; descriptionIta: string },
): PositionDescriptionField[] {
  if (!emptyChapter || (position.amount ?? 0) === 0) return [];
  return (['descriptionDeu', 'descriptionIta'] as const).filter((field) => position[field].trim() === '');
}
