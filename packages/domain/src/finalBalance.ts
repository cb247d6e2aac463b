import { z } from 'zod';
import { IsoDate } from './dates.ts';
import { Cents } from './money.ts';
import { Part, PartSchema } from './chapterCode.ts';
import { ScopeInput } from './scope.ts';
import { Num, Text } from './outputs.ts';
import { residueBounds, residueProblem } from './residues.ts';
import { SurplusFields } from './forecast.ts';

// Final account (spec 3 §2 "Final account", §3 "Final balance", §4, §5, §7 FinalBalance*; DOMAIN.md
// "Year end" and "Decisions for part 3" 12, 16, 18): the criteria, their error rows and the approval.
// The final report lives in finalReport.ts, the ETS report in etsReport.ts. Amounts are integer cents
// (`Cents`, euros on the REST wire), dates `YYYY-MM-DD`. The rules live in the server's
// services/finalBalance.

/** The criteria in their wire order (DOMAIN decision 16): criteria[i] = 1 passed, 0 failed. */
export const FINAL_BALANCE_CRITERIA = ['unpaidBills', 'budgetChanges', 'reservations', 'exceededAvailabilities', 'residues', 'title3'] as const;
export type FinalBalanceCriterion = (typeof FINAL_BALANCE_CRITERIA)[number];

export const CriterionFlag = z.union([z.literal(0), z.literal(1)]);

/**
 * Why clearing Y's approval is refused: `nextYearApproved` Y+1's final account is approved (it stands on
 * Y's carried figures and cash: NextYearApproved, for everyone, DOMAIN decision 26); `nextYearBooked` Y+1
 * booked on the lines carried from Y (Supervisors only, decision 12); `yearLocked` the year is closed for
 * the area (YearLocked, until a year unlock).
 */
export const ReopenRefusal = z.enum(['nextYearApproved', 'nextYearBooked', 'yearLocked']);
export type ReopenRefusal = z.infer<typeof ReopenRefusal>;

/** GET FinalBalance: the criteria (1 passed, 0 failed, in FINAL_BALANCE_CRITERIA order) and the approval. */
export const FinalBalance = z.strictObject({
  year: Num,
  /** The approval date of the final account; null while not approved (the budget is open). */
  approval: IsoDate.nullable(),
  criteria: z.array(CriterionFlag),
  /** Every criterion passed: the approval can be saved and the final report printed. */
  allPassed: z.boolean(),
  /** The budget is closed (approval set). */
  isBudgetClosed: z.boolean(),
  /** The approval date lies after 31.03 of the following year (the legal deadline): a late approval. */
  isLateApproval: z.boolean(),
  /** The allowed approval dates: not before `approvalFrom` (1.1 of Y+1), not after `approvalTo` (31.10 of Y+1), not after today. */
  approvalFrom: IsoDate,
  approvalTo: IsoDate,
  /** After this date (31.03 of Y+1) an approval is late (accepted with a warning). */
  lateAfter: IsoDate,
  /** The date can be written now (year not locked, an approval possible or the same date / a reopen). */
  isEditable: z.boolean(),
  /** The caller may clear the approval (DOMAIN decision 12: once the next year booked on carried lines, Supervisors only). */
  canReopen: z.boolean(),
  /** Why an approved year can't be reopened now (null when it can, or nothing is approved): see ReopenRefusal. */
  reopenRefusal: ReopenRefusal.nullable(),
  /**
   * A Supervisor's year unlock of Y is in force for the area (FinancialYears/Status): an approval date
   * after 31.10 of Y+1 is accepted, as a late approval (DOMAIN decision 26).
   */
  isYearUnlocked: z.boolean(),
});
export type FinalBalance = z.infer<typeof FinalBalance>;

/** PUT FinalBalance/Approve: a date approves (closes the budget), null reopens. */
export const FinalBalanceApproveInput = ScopeInput.extend({ approval: IsoDate.nullable() });
export type FinalBalanceApproveInput = z.infer<typeof FinalBalanceApproveInput>;

/** The answer of the approval (REST answers `success` alone, the spec's boolean). */
export const FinalBalanceApproveResult = z.strictObject({
  success: z.boolean(),
  approval: IsoDate.nullable(),
  isBudgetClosed: z.boolean(),
  /** The saved date lies after 31.03 of Y+1: accepted, with the "late approval" warning. */
  lateApproval: z.boolean(),
});
export type FinalBalanceApproveResult = z.infer<typeof FinalBalanceApproveResult>;

/** An unpaid bill on a line whose final residue is below its open payments (criterion unpaidBills). */
export const UnpaidBillRow = z.strictObject({
  movementId: Num,
  recordDate: IsoDate,
  recordNumber: Num,
  documentDate: IsoDate.nullable(),
  documentNumber: Text,
  accountCode: Text,
  supplierCode: Text,
  supplierDescription: Text,
  chapterYear: Num,
  chapter: Text,
  /** The open (unpaid) amount of the bill on that line. */
  amount: Cents,
});
export type UnpaidBillRow = z.infer<typeof UnpaidBillRow>;

/** A budget change without approval date (criterion budgetChanges). */
export const UnapprovedChangeRow = z.strictObject({ recordNumber: Num, notes: Text });
export type UnapprovedChangeRow = z.infer<typeof UnapprovedChangeRow>;

/** An open reservation whose remaining amount exceeds its line's final residue (criterion reservations). */
export const ReservationErrorRow = z.strictObject({
  recordDate: IsoDate,
  recordNumber: Num,
  chapterYear: Num,
  chapter: Text,
  remainingAmount: Cents,
  /** The line's final residue (null while undetermined). */
  finalResidue: Cents.nullable(),
  note: Text,
});
export type ReservationErrorRow = z.infer<typeof ReservationErrorRow>;

/** A chapter line with its figures (exceeded availabilities, undetermined residues, title 3). */
export const ChapterErrorRow = z.strictObject({
  chapterYear: Num,
  chapter: Text,
  part: PartSchema,
  descriptionDeu: Text,
  descriptionIta: Text,
  budgetFinal: Cents,
  payments: Cents,
  openPayments: Cents,
  reservations: Cents,
  finalResidue: Cents.nullable(),
  /** availableAfterPlannedExpenses (revenues: toReceive). */
  availability: Cents,
  /** The residue's current bounds (DOMAIN decision 24): open payments + reservations .. the availability (budgetFinal − payments, not below 0). */
  minimum: Cents,
  maximum: Cents,
});
export type ChapterErrorRow = z.infer<typeof ChapterErrorRow>;

/** GET FinalBalance/Errors: the rows behind each failed criterion (empty when it passes). */
export const FinalBalanceErrors = z.strictObject({
  year: Num,
  criteria: z.array(CriterionFlag),
  unpaidBills: z.array(UnpaidBillRow),
  budgetChanges: z.array(UnapprovedChangeRow),
  reservations: z.array(ReservationErrorRow),
  exceededAvailabilities: z.array(ChapterErrorRow),
  residues: z.array(ChapterErrorRow),
  /** Title-3 lines (given when the title-3 criterion fails) with the totals compared. */
  title3Revenues: z.array(ChapterErrorRow),
  title3Expenses: z.array(ChapterErrorRow),
  /** Title-3 revenues (collected + active residues) and expenses (paid + passive residues). */
  title3RevenuesTotal: Cents,
  title3ExpensesTotal: Cents,
});
export type FinalBalanceErrors = z.infer<typeof FinalBalanceErrors>;

/** The five terms of a presumed surplus (the surplus fields without the surplus used). */
export const SurplusTerms = z.strictObject(SurplusFields.omit({ surplusUsed: true }).shape);
export type SurplusTerms = z.infer<typeof SurplusTerms>;

/**
 * The previous year's approved final surplus (DOMAIN decision 18), for the scope's adjustment: it
 * pre-fills the actual surplus and is shown next to the presumed one. finalSurplus null while Y−1 is
 * not approved.
 */
export const PreviousFinalSurplus = z.strictObject({
  year: Num,
  approval: IsoDate.nullable(),
  finalSurplus: Cents.nullable(),
  /** The presumed surplus used in the scope's forecast (shown beside it). */
  surplusUsed: Cents,
  /**
   * The terms of that final surplus in the surplus screen's fields (forecast.ts surplusFromFinalAccount:
   * cash at 31.12 of Y−1, receivables and payables of the year and of older years), proposed as the
   * scope forecast's presumed surplus (issue 25 item 10); null while Y−1 is not approved.
   */
  proposal: SurplusTerms.nullable(),
});
export type PreviousFinalSurplus = z.infer<typeof PreviousFinalSurplus>;

// ---- rules --------------------------------------------------------------------------------------

/** The approval date window of the final account of `year` (DOMAIN.md "Final account approval date"). */
export function finalApprovalWindow(year: number): { from: string; lateAfter: string; to: string } {
  return { from: `${year + 1}-01-01`, lateAfter: `${year + 1}-03-31`, to: `${year + 1}-10-31` };
}

/**
 * The approval date of the final account of `year`: not before 1.1 of Y+1 and not in the future
 * (InvalidDate), not after 31.10 of Y+1 (DateAfter31.10) unless a Supervisor's year unlock of the year
 * is in force (`yearUnlocked`: a late assembly, DOMAIN decision 26). Null when allowed; a date after
 * 31.03 is allowed (late, see isLateFinalApproval).
 */
export function finalApprovalDateError(date: string, year: number, today: string, yearUnlocked = false): 'InvalidDate' | 'DateAfter31.10' | null {
  const w = finalApprovalWindow(year);
  if (date < w.from) return 'InvalidDate';
  if (date > w.to && !yearUnlocked) return 'DateAfter31.10';
  if (date > today) return 'InvalidDate';
  return null;
}

/**
 * Where the approval of the final account of `year` stands on `today`, for the guidance the approval
 * form gives before anything is typed (issue 25 item 10, DOMAIN decision 26): `open` while 31.10 of
 * Y+1 has not passed; after it `deadlinePassed` (a later date is refused, DateAfter31.10; a date within
 * the window, the assembly's real one, still saves) or, while a Supervisor's year unlock of Y is in
 * force, `lateUnlocked` (a later date, up to today, is accepted as a late approval).
 */
export type FinalApprovalDeadline = 'open' | 'deadlinePassed' | 'lateUnlocked';
export function finalApprovalDeadline(year: number, today: string, yearUnlocked: boolean): FinalApprovalDeadline {
  if (today <= finalApprovalWindow(year).to) return 'open';
  return yearUnlocked ? 'lateUnlocked' : 'deadlinePassed';
}

/**
 * The approval date the form offers while the final account of `year` is not approved (issue 25: a user
 * never invents a date): today within 1.1.–31.10. of Y+1, and later while a Supervisor's unlock of the year
 * is in force (a late approval); once 31.10 has passed without an unlock, 31.10 (the last date of an
 * assembly the rule accepts; the notice above the form says what else to do); none before Y+1.
 */
export function offeredApprovalDate(year: number, today: string, yearUnlocked: boolean): string | null {
  const w = finalApprovalWindow(year);
  if (today < w.from) return null;
  return today <= w.to || yearUnlocked ? today : w.to;
}

export function isLateFinalApproval(date: string | null, year: number): boolean {
  return date !== null && date > finalApprovalWindow(year).lateAfter;
}

/**
 * Why the approval of Y can't be cleared (DOMAIN decisions 12, 26), null when it can or nothing is
 * approved: the year closed for the area, then Y+1's approved final account (for everyone), then Y+1's
 * bookings on the lines carried from Y (for everyone but a Supervisor).
 */
export function reopenRefusal(state: {
  approved: boolean;
  yearLocked: boolean;
  nextYearApproved: boolean;
  nextYearBooked: boolean;
  supervisor: boolean;
}): ReopenRefusal | null {
  if (!state.approved) return null;
  if (state.yearLocked) return 'yearLocked';
  if (state.nextYearApproved) return 'nextYearApproved';
  if (state.nextYearBooked && !state.supervisor) return 'nextYearBooked';
  return null;
}

/** The criteria flags from the error counts per criterion (1 passed when no error row). */
export function criteriaFlags(failed: Record<FinalBalanceCriterion, boolean>): (0 | 1)[] {
  return FINAL_BALANCE_CRITERIA.map((c) => (failed[c] ? 0 : 1));
}

/**
 * What the final-account criteria read of a budget line of the year (DOMAIN decision 16): a line's
 * figures as the chapter figures give them (amounts in cents), its final residue (null: not determined).
 */
export interface CriteriaLine {
  part: Part;
  title: number;
  budgetFinal: number;
  payments: number;
  reservations: number;
  openPayments: number;
  availableAfterPlannedExpenses: number;
  finalResidue: number | null;
}

const residueOf = (l: CriteriaLine): number => l.finalResidue ?? 0;

/** Unpaid bills: the line's final residue (undetermined: 0) is below its open payments. */
export const isUnpaidLine = (l: CriteriaLine): boolean => l.openPayments > 0 && residueOf(l) < l.openPayments;
/** Exceeded availability: an expense line whose availability after planned expenses is below 0. */
export const isExceededLine = (l: CriteriaLine): boolean => l.part === Part.Expenses && l.availableAfterPlannedExpenses < 0;
/** The line's final residue is not determined. */
export const isUndeterminedLine = (l: CriteriaLine): boolean => l.finalResidue === null;
/** The line's determined final residue lies outside its current bounds (residues.ts residueBounds: open payments + reservations .. availability). */
export const isResidueOutOfBounds = (l: CriteriaLine): boolean => l.finalResidue !== null && residueProblem(l.finalResidue, residueBounds(l)) !== null;
/** Residues (DOMAIN decision 24): the line is not determined, or determined outside its current bounds. */
export const isResidueLineFailing = (l: CriteriaLine): boolean => isUndeterminedLine(l) || isResidueOutOfBounds(l);

/** Title-3 revenues and expenses (collected or paid + final residues, every chapter year): the title-3 criterion wants them equal. */
export function title3Totals(lines: readonly CriteriaLine[]): { revenues: number; expenses: number } {
  let revenues = 0;
  let expenses = 0;
  for (const l of lines) {
    if (l.title !== 3) continue;
    const amount = l.payments + residueOf(l);
    if (l.part === Part.Revenues) revenues += amount;
    else expenses += amount;
  }
  return { revenues, expenses };
}

/**
 * The failed criteria (DOMAIN decision 16) from the year's lines and the counts of the two criteria
 * that are rows of their own: budget changes without approval date, reservations above their line's residue.
 */
export function failedCriteria(
  lines: readonly CriteriaLine[],
  rows: { unapprovedChanges: number; reservationsWithoutResidue: number },
): Record<FinalBalanceCriterion, boolean> {
  const t3 = title3Totals(lines);
  return {
    unpaidBills: lines.some(isUnpaidLine),
    budgetChanges: rows.unapprovedChanges > 0,
    reservations: rows.reservationsWithoutResidue > 0,
    exceededAvailabilities: lines.some(isExceededLine),
    residues: lines.some(isResidueLineFailing),
    title3: t3.revenues !== t3.expenses,
  };
}
