import { z } from 'zod';
import { Id, Int, safeString } from './primitives.ts';
import { IsoDate } from './dates.ts';
import type { ErrorCode } from './errors.ts';
import { Cents } from './money.ts';
import { Part, PartSchema, TypedChapterCode } from './chapterCode.ts';
import { PageInput } from './paging.ts';
import { ScopeInput, Year } from './scope.ts';

export interface TitleTotals {
  title: number;
  revenues: number;
  expenses: number;
}

export type BalanceCheck = 'total' | 'title1' | 'title3';
export const balanceChecks: readonly BalanceCheck[] = ['total', 'title1', 'title3'];

/** One forecast balance check: met or not, and by how much the sides differ. */
export interface BalanceCheckResult {
  ok: boolean;
  /**
   * Revenue side minus expense side in cents (total: revenues + surplusUsed - expenses; title1 and
   * title3: the title's revenues - expenses). Negative: expenses exceed revenues by that much.
   */
  difference: number;
}

/**
 * The forecast balance checks of DOMAIN.md (exact in cents) with their differences:
 * total: revenues + surplusUsed == expenses; title1: title-1 revenues >= title-1 expenses;
 * title3: title-3 revenues == title-3 expenses.
 */
export function forecastCheckResults(titles: TitleTotals[], surplusUsed: number): Record<BalanceCheck, BalanceCheckResult> {
  const sum = (pick: (t: TitleTotals) => number) => titles.reduce((s, t) => s + pick(t), 0);
  const of = (n: number) => titles.find((t) => t.title === n) ?? { title: n, revenues: 0, expenses: 0 };
  const total = sum((t) => t.revenues) + surplusUsed - sum((t) => t.expenses);
  const title1 = of(1).revenues - of(1).expenses;
  const title3 = of(3).revenues - of(3).expenses;
  return {
    total: { ok: total === 0, difference: total },
    title1: { ok: title1 >= 0, difference: title1 },
    title3: { ok: title3 === 0, difference: title3 },
  };
}

/** The checks as pass/fail (the spec's `isBalanced` map). */
export function forecastChecks(titles: TitleTotals[], surplusUsed: number): Record<BalanceCheck, boolean> {
  const r = forecastCheckResults(titles, surplusUsed);
  return { total: r.total.ok, title1: r.title1.ok, title3: r.title3.ok };
}

/** A forecast without any amount has nothing to check or approve (spec message budget.forecast.balance.noTitles). */
export function forecastIsEmpty(lines: { amount: number }[]): boolean {
  return !lines.some((l) => l.amount !== 0);
}

export interface SurplusInput {
  cashBalance: number;
  revenuesActual: number;
  revenuesResidue: number;
  expensesActual: number;
  expensesResidue: number;
}

/** Presumed administrative surplus: expected cash at 31.12 of the previous year plus receivables minus payables. */
export function presumedSurplus(s: SurplusInput): number {
  return s.cashBalance + s.revenuesActual + s.revenuesResidue - s.expensesActual - s.expensesResidue;
}

/** surplusUsed must be >= 0 and, when the surplus is positive, not above it. */
export function surplusUsedAllowed(surplus: number, surplusUsed: number): boolean {
  if (surplusUsed < 0) return false;
  return surplus > 0 ? surplusUsed <= surplus : surplusUsed === 0;
}

export interface ChapterAmounts {
  part: Part;
  budgetInitial: number;
  budgetChanges: number;
  payments: number;
  openPayments: number;
  reservations: number;
  finalResidue: number | null;
}

export interface ChapterFigures {
  budgetInitial: number;
  budgetChanges: number;
  budgetFinal: number;
  payments: number;
  openPayments: number;
  reservations: number;
  availableAfterDonePayments: number;
  availableAfterPlannedExpenses: number;
  finalResidue: number | null;
  availableFinal: number;
  toReceive: number;
}

/** All derived figures of a chapter line (DOMAIN.md "Figures of a chapter"). */
export function chapterFigures(a: ChapterAmounts): ChapterFigures {
  const budgetFinal = a.budgetInitial + a.budgetChanges;
  const availableAfterDonePayments = budgetFinal - a.payments;
  return {
    budgetInitial: a.budgetInitial,
    budgetChanges: a.budgetChanges,
    budgetFinal,
    payments: a.payments,
    openPayments: a.openPayments,
    reservations: a.reservations,
    availableAfterDonePayments,
    availableAfterPlannedExpenses: availableAfterDonePayments - a.openPayments - a.reservations,
    finalResidue: a.finalResidue,
    availableFinal: availableAfterDonePayments - (a.finalResidue ?? 0),
    toReceive: a.part === Part.Revenues ? budgetFinal - a.payments : 0,
  };
}

// ---- budget area: limits, inputs and rules ----------------------------------------------------

export const BUDGET_LIMITS = { notes: 200, description: 200 } as const;

const Notes = safeString().trim().max(BUDGET_LIMITS.notes, 'TooLong').default('');
const Description = safeString().trim().max(BUDGET_LIMITS.description, 'TooLong').default('');

/** A chapter named by its id or by its 5-character code (`21003` or `2-1-003`); one of them is needed. */
const ChapterRef = {
  /** null (as clients written against the spec send for a new position) means: resolve by code. */
  chapterId: Id.nullish().transform((v) => v ?? undefined),
  chapter: TypedChapterCode.optional(),
};
function hasChapter(v: { chapterId?: number | undefined; chapter?: string | undefined }): boolean {
  return v.chapterId !== undefined || (v.chapter !== undefined && v.chapter !== '');
}

/** Budget/Chapters: the chapters of a part with their figures (paged). chapterYear defaults to the year. */
export const BudgetChaptersInput = ScopeInput.extend({
  part: PartSchema.optional(),
  chapterYear: Year.optional(),
  withBudgetOnly: z.boolean().default(false),
  chapter: safeString().trim().max(7).optional(),
}).extend(PageInput.shape);
export type BudgetChaptersInput = z.infer<typeof BudgetChaptersInput>;

/** Budget/Chapter: one chapter's figures, by code or id; withBudgetOnly: a chapter without a budget line is not found. */
export const BudgetChapterInput = ScopeInput.extend({ chapterYear: Year.optional(), withBudgetOnly: z.boolean().default(false), ...ChapterRef }).refine(hasChapter, {
  message: 'Required',
  path: ['chapter'],
});
export type BudgetChapterInput = z.infer<typeof BudgetChapterInput>;

/** A chapter with all its figures (Budget/Chapters, Budget/Chapter, Budget/Changes/ChapterBefore). */
export interface BudgetChapter extends ChapterFigures {
  chapterId: number;
  chapter: string;
  chapterYear: number;
  part: Part;
  title: number;
  descriptionDeu: string;
  descriptionIta: string;
  searchKeyDeu: string;
  searchKeyIta: string;
  /** An empty (editable) chapter: its names are typed per position. */
  isEditable: boolean;
  /** The chapter budget line (null when the chapter has no line in the scope). */
  lineId: number | null;
}

export const ForecastPartInput = ScopeInput.extend({ part: PartSchema });
export type ForecastPartInput = z.infer<typeof ForecastPartInput>;

export const ForecastPositionInput = z
  .object({
    ...ChapterRef,
    amountCurrYear: Cents,
    /** Taken only in a department's first year (isPreviousYearBudgetEditable); otherwise derived and ignored. */
    amountPrevYear: Cents.optional(),
    reminder: z.boolean().default(false),
    notes: Notes,
    chapterDescriptionDeu: Description,
    chapterDescriptionIta: Description,
  })
  .refine(hasChapter, { message: 'Required', path: ['chapter'] });
export type ForecastPositionInput = z.infer<typeof ForecastPositionInput>;

/** Save of one part of the forecast: replaces that part's current lines. */
export const ForecastSaveInput = ForecastPartInput.extend({ positions: z.array(ForecastPositionInput).max(2000) });
export type ForecastSaveInput = z.infer<typeof ForecastSaveInput>;

export interface ForecastPosition {
  chapterId: number;
  chapter: string;
  title: number;
  chapterDescriptionDeu: string;
  chapterDescriptionIta: string;
  isEditable: boolean;
  amountCurrYear: number;
  amountPrevYear: number;
  reminder: boolean;
  notes: string;
}

export interface ForecastPart {
  departmentId: number;
  year: number;
  part: Part;
  isEditable: boolean;
  /** True in the department's first year in the system (no forecast of year - 1): the previous-year amounts are typed. */
  isPreviousYearBudgetEditable: boolean;
  positions: ForecastPosition[];
}

export interface ForecastTitleSummary {
  title: number;
  revenues: number;
  expenses: number;
  surplus: number;
}

export interface ForecastSummary {
  departmentId: number;
  year: number;
  titles: ForecastTitleSummary[];
  totals: { revenues: number; expenses: number; surplusUsed: number; surplus: number };
  isBalanced: Record<BalanceCheck, boolean>;
  /** Each check with its difference (for "by how much"); meaningless while `isEmpty`. */
  checks: Record<BalanceCheck, BalanceCheckResult>;
  /** No amount in either part yet: the checks are not shown as met, the approval is refused. */
  isEmpty: boolean;
  approval: string | null;
  isEditable: boolean;
}

/** Per title 1..3 of the amounts: revenues and expenses. */
export function titleTotals(lines: { part: number; title: number; amount: number }[]): TitleTotals[] {
  return [1, 2, 3].map((title) => ({
    title,
    revenues: lines.filter((l) => l.part === Part.Revenues && l.title === title).reduce((s, l) => s + l.amount, 0),
    expenses: lines.filter((l) => l.part === Part.Expenses && l.title === title).reduce((s, l) => s + l.amount, 0),
  }));
}

/** The forecast summary figures: per title revenues, expenses, surplus (= revenues - expenses), totals and checks. */
export function forecastSummaryFigures(lines: { part: number; title: number; amount: number }[], surplusUsed: number) {
  const titles = titleTotals(lines);
  const revenues = titles.reduce((s, t) => s + t.revenues, 0);
  const expenses = titles.reduce((s, t) => s + t.expenses, 0);
  const checks = forecastCheckResults(titles, surplusUsed);
  return {
    titles: titles.map((t) => ({ ...t, surplus: t.revenues - t.expenses })),
    totals: { revenues, expenses, surplusUsed, surplus: revenues + surplusUsed - expenses },
    isBalanced: { total: checks.total.ok, title1: checks.title1.ok, title3: checks.title3.ok },
    checks,
    isEmpty: forecastIsEmpty(lines),
  };
}

export const SurplusFields = z.object({
  cashBalance: Cents,
  revenuesActual: Cents,
  revenuesResidue: Cents,
  expensesActual: Cents,
  expensesResidue: Cents,
  surplusUsed: Cents,
});
export const SurplusSaveInput = ScopeInput.extend(SurplusFields.shape);
export type SurplusSaveInput = z.infer<typeof SurplusSaveInput>;
export type Surplus = z.infer<typeof SurplusFields> & { surplus: number; isEditable: boolean };

/** Budget/Forecast/Approve: a date approves, null clears the approval. */
export const ForecastApproveInput = ScopeInput.extend({ approval: IsoDate.nullable() });
export type ForecastApproveInput = z.infer<typeof ForecastApproveInput>;

/**
 * The forecast approval date: not after 31.12 of the year (DateAfter31.12), not in the future and
 * not before 1.1 of the previous year (InvalidDate). Null when allowed.
 */
export function forecastApprovalDateError(date: string, year: number, today: string): ErrorCode | null {
  if (date > `${year}-12-31`) return 'DateAfter31.12';
  if (date > today) return 'InvalidDate';
  if (date < `${year - 1}-01-01`) return 'InvalidDate';
  return null;
}

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
export const BudgetChangeInput = BudgetChangeRecordInput.extend({ ...BudgetChangeHeadInput.shape, ...ChangePositions });
export type BudgetChangeInput = z.infer<typeof BudgetChangeInput>;

/** POST Budget/Adjust: the adjustment head. */
export const AdjustmentCreateInput = ScopeInput.extend({ ...BudgetChangeHeadInput.shape, surplusActual: Cents });
export type AdjustmentCreateInput = z.infer<typeof AdjustmentCreateInput>;

/** GET Budget/Adjust: the adjustment; with `orEmpty` an empty head (no positions, default date) instead of null. */
export const AdjustmentGetInput = ScopeInput.extend({ orEmpty: z.boolean().default(false) });
export type AdjustmentGetInput = z.infer<typeof AdjustmentGetInput>;

/** PUT Budget/Adjust: head and positions. */
export const AdjustmentInput = AdjustmentCreateInput.extend(ChangePositions);
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
 * an expense chapter whose availability after planned expenses turns negative needs confirmation.
 */
export function chapterChangeError(before: Pick<ChapterFigures, 'budgetFinal' | 'payments' | 'availableAfterPlannedExpenses' | 'finalResidue'> & { part: number }, delta: number): ChapterChangeError | null {
  if (delta === 0) return null;
  if (before.finalResidue !== null) return 'ChapterHasResidue';
  const final = before.budgetFinal + delta;
  if (final < 0) return 'BudgetFinalNegative';
  if (before.part === Part.Expenses && final < before.payments) return 'BudgetFinalNegative';
  if (before.part === Part.Expenses && delta < 0 && before.availableAfterPlannedExpenses + delta < 0) return 'AvailableExceeded';
  return null;
}

// ---- prints ------------------------------------------------------------------------------------

export const ForecastExportInput = z.object({
  departmentId: Id.optional(),
  area: z.union([z.literal(1), z.literal(2), z.literal(3)]).optional(),
  year: Year,
  withoutValues: z.boolean().default(false),
  details: z.boolean().default(true),
  summary: z.boolean().default(true),
  includes: z
    .object({
      part: PartSchema.optional(),
      titleFrom: Int.min(1).max(9).optional(),
      titleTo: Int.min(1).max(9).optional(),
      chapterFrom: TypedChapterCode.optional(),
      chapterTo: TypedChapterCode.optional(),
    })
    .default({}),
});
export type ForecastExportInput = z.infer<typeof ForecastExportInput>;

/** The department block of a print header; the signers depend on the area (GLOSSARY). */
export interface PrintDepartment {
  id: number;
  code: string;
  nameDeu: string;
  nameIta: string;
  area: 1 | 2 | 3;
  /** cashier (department, district) or accountant (union). */
  cashierRole: 'cashier' | 'accountant';
  cashierName: string;
  /** commander (department, district) or president (union). */
  commanderRole: 'commander' | 'president';
  commanderName: string;
}

/** Cashier and commander for departments and districts, accountant and president for the union. */
export function signerRoles(area: 1 | 2 | 3): Pick<PrintDepartment, 'cashierRole' | 'commanderRole'> {
  return area === 1 ? { cashierRole: 'accountant', commanderRole: 'president' } : { cashierRole: 'cashier', commanderRole: 'commander' };
}

export interface ForecastExportChapter {
  chapter: string;
  descriptionDeu: string;
  descriptionIta: string;
  amountCurrYear: number;
  amountPrevYear: number;
}
export interface ForecastExportTitle {
  part: Part;
  title: number;
  descriptionDeu: string;
  descriptionIta: string;
  chapters: ForecastExportChapter[];
  totalCurrYear: number;
  totalPrevYear: number;
}
export interface ForecastExportPart {
  part: Part;
  titles: ForecastExportTitle[];
  totalCurrYear: number;
  totalPrevYear: number;
}
export interface ForecastExportSummaryTitle {
  title: number;
  descriptionDeu: string;
  descriptionIta: string;
  revenues: number;
  expenses: number;
  revenuesPrevYear: number;
  expensesPrevYear: number;
}
export interface ForecastExport {
  financialYear: number;
  withoutValues: boolean;
  details: ForecastExportPart[] | null;
  summary: { titles: ForecastExportSummaryTitle[]; surplusUsed: number; surplusUsedPrevYear: number; revenues: number; expenses: number } | null;
  department: PrintDepartment | null;
  area: 1 | 2 | 3;
  approval: string | null;
  date: string;
}

export const ChangesByChapterInput = ScopeInput.extend({
  part: PartSchema.optional(),
  titelFrom: Int.min(1).max(9).optional(),
  titelTo: Int.min(1).max(9).optional(),
  chapterFrom: TypedChapterCode.optional(),
  chapterTo: TypedChapterCode.optional(),
  withDetails: z.boolean().default(false),
  onlyChaptersWithChanges: z.boolean().default(false),
});
export type ChangesByChapterInput = z.infer<typeof ChangesByChapterInput>;

export interface ChangeDetail {
  recordNumber: number;
  approved: string | null;
  notes: string;
  amount: number;
}
export interface ChangesByChapterItem {
  chapterId: number;
  chapter: string;
  part: Part;
  title: number;
  descriptionDeu: string;
  descriptionIta: string;
  budgetInitial: number;
  budgetChanges: number;
  budgetFinal: number;
  changes: ChangeDetail[];
}
export interface ChangesByChapter {
  year: number;
  department: PrintDepartment;
  items: ChangesByChapterItem[];
  hasDetails: boolean;
}

export interface ProtocolPosition {
  chapter: string;
  part: Part;
  title: number;
  descriptionDeu: string;
  descriptionIta: string;
  budgetBefore: number;
  amount: number;
  budgetAfter: number;
}
export interface ProtocolSession {
  recordNumber: number;
  approved: string | null;
  notes: string;
  positions: ProtocolPosition[];
  totals: BudgetChangeTotals;
}
export interface AdjustmentProtocol {
  year: number;
  department: PrintDepartment;
  adjustment: (ProtocolSession & { surplusActual: number; surplusPlanned: number }) | null;
  titels: { part: Part; title: number; descriptionDeu: string; descriptionIta: string }[];
}

export const ChangesProtocolInput = ScopeInput.extend({
  recordFrom: Int.min(-1).optional(),
  recordTo: Int.min(-1).optional(),
  approvalDateFrom: IsoDate.optional(),
  approvalDateTo: IsoDate.optional(),
});
export type ChangesProtocolInput = z.infer<typeof ChangesProtocolInput>;

export interface ChangesProtocol {
  year: number;
  department: PrintDepartment;
  sessions: ProtocolSession[];
  titels: { part: Part; title: number; descriptionDeu: string; descriptionIta: string }[];
}
