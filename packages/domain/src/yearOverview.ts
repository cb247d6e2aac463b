import { z } from 'zod';
import { bookingAvailability, type BudgetChapter } from './budgetFigures.ts';
import { Part, PartSchema } from './chapterCode.ts';
import { FINAL_BALANCE_CRITERIA, type FinalBalanceCriterion } from './finalBalance.ts';
import { Cents } from './money.ts';
import { NullNum, NullText, Num, Text } from './outputs.ts';
import { ScopeInput } from './scope.ts';

/**
 * Overview/Year (issue 30): a brigade's year at a glance, every figure from the books' own reads — the chapters'
 * figures of Budget/Chapters summed per part and title, the accounts' balances at each month's end from the
 * cash journal's flows, the instalments due from Payments/Open, the final account's criteria from FinalBalance.
 * Nothing here is computed twice: the summing and the choice of the tight chapters are the functions below.
 */

export const YearOverviewInput = ScopeInput;
export type YearOverviewInput = z.infer<typeof YearOverviewInput>;

/** Per part and title: the final budget against what is paid (expenses) or collected (revenues), open and reserved. */
export const TitleUse = z.strictObject({
  part: PartSchema,
  /** null: the part's total row. */
  title: NullNum,
  budgetFinal: Cents,
  /** Paid (part 2) or collected (part 1). */
  payments: Cents,
  openPayments: Cents,
  reservations: Cents,
  /** What the booking screens call the availability: expenses final − paid − open − reserved, revenues final − collected. */
  availability: Cents,
});
export type TitleUse = z.infer<typeof TitleUse>;

/** An expense chapter with its share used ((paid + open + reserved) / final budget, in per mille, null without a budget). */
export const TightChapter = z.strictObject({
  chapterId: Num,
  chapter: Text,
  title: Num,
  descriptionDeu: Text,
  descriptionIta: Text,
  /** An empty chapter whose names are typed on the line (the names above are the line's). */
  isEditable: z.boolean(),
  budgetFinal: Cents,
  used: Cents,
  availability: Cents,
  usedPerMille: NullNum,
  exceeded: z.boolean(),
});
export type TightChapter = z.infer<typeof TightChapter>;

/** An account's balance at the end of each month of the year (12 figures, January first), as its cash journal runs. */
export const AccountMonths = z.strictObject({
  accountId: Num,
  accountCode: Text,
  descriptionDeu: Text,
  descriptionIta: Text,
  initialBalance: Cents,
  monthEnds: z.array(Cents).length(12),
});
export type AccountMonths = z.infer<typeof AccountMonths>;

/** An unpaid instalment due within the next 30 days or overdue. */
export const DueInstalment = z.strictObject({
  paymentId: Num,
  movementId: Num,
  year: Num,
  recordNumber: Num,
  supplierName: Text,
  documentNumber: Text,
  documentDate: NullText,
  /** The account it is paid from (the bill's). */
  accountId: NullNum,
  dateDue: NullText,
  amount: Cents,
  overdue: z.boolean(),
  /** Held by a stored homebanking order (its number): paid when the order is registered. */
  orderNumber: NullNum,
});
export type DueInstalment = z.infer<typeof DueInstalment>;

export const CriterionState = z.strictObject({ criterion: z.enum(FINAL_BALANCE_CRITERIA), passed: z.boolean() });

export const YearOverview = z.strictObject({
  departmentId: Num,
  year: Num,
  /** The day the figures are of (Europe/Rome). */
  date: Text,
  /** Per part: its titles in order, then the part's total (title null). */
  titles: z.array(TitleUse),
  /** The five expense chapters with the highest share used, then every other exceeded one. */
  tightChapters: z.array(TightChapter),
  accounts: z.array(AccountMonths),
  /** The sum of the accounts per month end. */
  cashMonthEnds: z.array(Cents).length(12),
  /** false: the department pays every bill at once (no instalments are due). */
  openPaymentsAllowed: z.boolean(),
  due: z.array(DueInstalment),
  /** The instalments due that are left out of `due` (it lists at most DUE_LIMIT). */
  dueMore: Num,
  criteria: z.array(CriterionState),
});
export type YearOverview = z.infer<typeof YearOverview>;

export const TIGHT_CHAPTERS = 5;
export const DUE_DAYS = 30;
export const DUE_LIMIT = 50;

const sum = (rows: readonly BudgetChapter[], pick: (c: BudgetChapter) => number) => rows.reduce((s, c) => s + pick(c), 0);

/** The chapters' figures summed per part and title (titles ascending), each part closed by its total row. */
export function titleUses(chapters: readonly BudgetChapter[]): TitleUse[] {
  const out: TitleUse[] = [];
  for (const part of [Part.Revenues, Part.Expenses]) {
    const ofPart = chapters.filter((c) => c.part === part);
    const titles = [...new Set(ofPart.map((c) => c.title))].sort((a, b) => a - b);
    const row = (title: number | null, rows: readonly BudgetChapter[]): TitleUse => ({
      part,
      title,
      budgetFinal: sum(rows, (c) => c.budgetFinal),
      payments: sum(rows, (c) => c.payments),
      openPayments: sum(rows, (c) => c.openPayments),
      reservations: sum(rows, (c) => c.reservations),
      availability: sum(rows, (c) => bookingAvailability(part, c)),
    });
    for (const title of titles)
      out.push(
        row(
          title,
          ofPart.filter((c) => c.title === title),
        ),
      );
    out.push(row(null, ofPart));
  }
  return out;
}

/** Share used of an expense line in per mille (rounded down), null without a final budget. */
function usedPerMille(used: number, budgetFinal: number): number | null {
  return budgetFinal > 0 ? Math.floor((used * 1000) / budgetFinal) : null;
}

/**
 * The expense chapters closest to running out: the TIGHT_CHAPTERS with the highest share used (an exceeded one
 * first, then by share, a line without a final budget but with use counting as exceeded), followed by every other
 * exceeded chapter. A chapter with neither budget nor use is left out.
 */
export function tightChapters(chapters: readonly BudgetChapter[], descriptions?: (c: BudgetChapter) => { deu: string; ita: string }): TightChapter[] {
  const rows = chapters
    .filter((c) => c.part === Part.Expenses && (c.budgetFinal !== 0 || c.payments + c.openPayments + c.reservations !== 0))
    .map((c): TightChapter => {
      const used = c.payments + c.openPayments + c.reservations;
      const names = descriptions?.(c) ?? { deu: c.descriptionDeu, ita: c.descriptionIta };
      return {
        chapterId: c.chapterId,
        chapter: c.chapter,
        title: c.title,
        descriptionDeu: names.deu,
        descriptionIta: names.ita,
        isEditable: c.isEditable,
        budgetFinal: c.budgetFinal,
        used,
        availability: c.availableAfterPlannedExpenses,
        usedPerMille: usedPerMille(used, c.budgetFinal),
        exceeded: c.availableAfterPlannedExpenses < 0,
      };
    });
  const rank = (r: TightChapter) => (r.usedPerMille === null ? Number.MAX_SAFE_INTEGER : r.usedPerMille);
  rows.sort((a, b) => Number(b.exceeded) - Number(a.exceeded) || rank(b) - rank(a) || a.chapter.localeCompare(b.chapter));
  const top = rows.slice(0, TIGHT_CHAPTERS);
  return [...top, ...rows.slice(TIGHT_CHAPTERS).filter((r) => r.exceeded)];
}

/** The criteria in FinalBalance's order, each passed or not. */
export function criteriaStates(failed: Record<FinalBalanceCriterion, boolean>): z.infer<typeof CriterionState>[] {
  return FINAL_BALANCE_CRITERIA.map((criterion) => ({ criterion, passed: !failed[criterion] }));
}

/** Month-end balances from an opening balance and the flows per month (index 0 = January): the running sum. */
export function monthEnds(initialBalance: number, flowsByMonth: readonly number[]): number[] {
  const out: number[] = [];
  let balance = initialBalance;
  for (let m = 0; m < 12; m++) {
    balance += flowsByMonth[m] ?? 0;
    out.push(balance);
  }
  return out;
}
