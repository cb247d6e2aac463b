import { z } from 'zod';
import { IsoDate } from './dates.ts';
import type { ErrorCode } from './errors.ts';
import { boundedTotal, Cents } from './money.ts';
import { Part, PartSchema } from './chapterCode.ts';
import { ChapterRef, Description, hasChapter, Notes } from './budgetFields.ts';
import { ScopeInput } from './scope.ts';

// The forecast: balance checks, surplus, positions per part, summary and approval.

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

/** A budget line of a year as its approved final account leaves it: part, chapter year and final residue (undetermined: 0). */
export interface FinalResidueLine {
  part: Part;
  chapterYear: number;
  finalResidue: number | null;
}

/**
 * The presumed surplus of Y+1 as Y's approved final account gives it (issue 25 item 10, DOMAIN
 * "Results"): the cash at 31.12 of Y (`finalCash`), the receivables (active residues) and the payables
 * (passive residues), each split into the year's own lines (competence, chapter year Y) and the older
 * residue lines. presumedSurplus of the answer is Y's finalSurplus = finalCash + active − passive residues.
 */
export function surplusFromFinalAccount(year: number, finalCash: number, lines: readonly FinalResidueLine[]): SurplusInput {
  const sum = (part: Part, own: boolean) =>
    lines.filter((l) => l.part === part && (l.chapterYear === year) === own).reduce((s, l) => s + (l.finalResidue ?? 0), 0);
  return {
    cashBalance: finalCash,
    revenuesActual: sum(Part.Revenues, true),
    revenuesResidue: sum(Part.Revenues, false),
    expensesActual: sum(Part.Expenses, true),
    expensesResidue: sum(Part.Expenses, false),
  };
}

/** surplusUsed must be >= 0 and, when the surplus is positive, not above it. */
export function surplusUsedAllowed(surplus: number, surplusUsed: number): boolean {
  if (surplusUsed < 0) return false;
  return surplus > 0 ? surplusUsed <= surplus : surplusUsed === 0;
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
export const ForecastSaveInput = ForecastPartInput.extend({ positions: z.array(ForecastPositionInput).max(2000) })
  // the part's totals (and a title's) of the current year and of the previous one hold in Cents
  .superRefine(boundedTotal('positions', (v) => v.positions.map((p) => p.amountCurrYear)))
  .superRefine(boundedTotal('positions', (v) => v.positions.map((p) => p.amountPrevYear ?? 0)));
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
/** The presumed surplus computed from the six figures holds in Cents (InvalidValue on `surplus`). */
export const SurplusSaveInput = ScopeInput.extend(SurplusFields.shape).superRefine(
  boundedTotal('surplus', (v) => [v.cashBalance, v.revenuesActual, v.revenuesResidue, v.expensesActual, v.expensesResidue, v.surplusUsed]),
);
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

/**
 * The forecast of `year` can no longer be approved with today's date: 31.12 of the year has passed
 * (every later date is DateAfter31.12; the date of the sitting that approved it, within the year,
 * still saves). The approval form says so before anything is typed (issue 25 item 10).
 */
export function forecastApprovalDeadlinePassed(year: number, today: string): boolean {
  return today > `${year}-12-31`;
}
