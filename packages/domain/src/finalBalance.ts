import { z } from 'zod';
import { IsoDate } from './dates.ts';
import { Cents } from './money.ts';
import { PartSchema } from './chapterCode.ts';
import { ScopeInput } from './scope.ts';
import { Int, safeString } from './primitives.ts';

// Final account (spec 3 §2 "Final account", §3 "Final balance", "Final report", "Report line fields",
// "Year-end report for non-profit reporting", §4, §5, §7 FinalBalance*; DOMAIN.md "Year end" and
// "Decisions for part 3" 12, 16, 17, 18, 19): the inputs and answers of the finalBalance procedures.
// Amounts are integer cents (`Cents`, euros on the REST wire), dates `YYYY-MM-DD`. The rules live in
// the server's services/finalBalance.

/** The criteria in their wire order (DOMAIN decision 16): criteria[i] = 1 passed, 0 failed. */
export const FINAL_BALANCE_CRITERIA = ['unpaidBills', 'budgetChanges', 'reservations', 'exceededAvailabilities', 'residues', 'title3'] as const;
export type FinalBalanceCriterion = (typeof FINAL_BALANCE_CRITERIA)[number];

export const CriterionFlag = z.union([z.literal(0), z.literal(1)]);

/** GET FinalBalance: the criteria (1 passed, 0 failed, in FINAL_BALANCE_CRITERIA order) and the approval. */
export const FinalBalance = z.strictObject({
  year: z.number(),
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
  movementId: z.number(),
  recordDate: IsoDate,
  recordNumber: z.number(),
  documentDate: IsoDate.nullable(),
  documentNumber: z.string(),
  accountCode: z.string(),
  supplierCode: z.string(),
  supplierDescription: z.string(),
  chapterYear: z.number(),
  chapter: z.string(),
  /** The open (unpaid) amount of the bill on that line. */
  amount: Cents,
});
export type UnpaidBillRow = z.infer<typeof UnpaidBillRow>;

/** A budget change without approval date (criterion budgetChanges). */
export const UnapprovedChangeRow = z.strictObject({ recordNumber: z.number(), notes: z.string() });
export type UnapprovedChangeRow = z.infer<typeof UnapprovedChangeRow>;

/** An open reservation whose remaining amount exceeds its line's final residue (criterion reservations). */
export const ReservationErrorRow = z.strictObject({
  recordDate: IsoDate,
  recordNumber: z.number(),
  chapterYear: z.number(),
  chapter: z.string(),
  remainingAmount: Cents,
  /** The line's final residue (null while undetermined). */
  finalResidue: Cents.nullable(),
  note: z.string(),
});
export type ReservationErrorRow = z.infer<typeof ReservationErrorRow>;

/** A chapter line with its figures (exceeded availabilities, undetermined residues, title 3). */
export const ChapterErrorRow = z.strictObject({
  chapterYear: z.number(),
  chapter: z.string(),
  part: PartSchema,
  descriptionDeu: z.string(),
  descriptionIta: z.string(),
  budgetFinal: Cents,
  payments: Cents,
  openPayments: Cents,
  reservations: Cents,
  finalResidue: Cents.nullable(),
  /** availableAfterPlannedExpenses (revenues: toReceive). */
  availability: Cents,
});
export type ChapterErrorRow = z.infer<typeof ChapterErrorRow>;

/** GET FinalBalance/Errors: the rows behind each failed criterion (empty when it passes). */
export const FinalBalanceErrors = z.strictObject({
  year: z.number(),
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

// ---- final report -------------------------------------------------------------------------------

/** 0 revenues and expenses, 1 revenues, 2 expenses. */
export const ReportPartFilter = z.union([z.literal(0), z.literal(1), z.literal(2)]);
export type ReportPartFilter = z.infer<typeof ReportPartFilter>;

const TitleNumber = Int.min(1).max(9);
/** A chapter bound as typed (`21003` or `2-1-003`). */
const ChapterBound = safeString()
  .trim()
  .max(7, 'TooLong')
  .transform((v) => v.replace(/-/g, ''));

/** POST FinalBalance/Report (the cover-page flag stays on the client). */
export const FinalReportInput = ScopeInput.extend({
  currentManagement: z.boolean().default(true),
  residues: z.boolean().default(true),
  summary: z.boolean().default(true),
  protocol: z.boolean().default(true),
  currentManagementIncludes: z
    .object({
      part: ReportPartFilter.default(0),
      titleFrom: TitleNumber.nullish().transform((v) => v ?? undefined),
      titleTo: TitleNumber.nullish().transform((v) => v ?? undefined),
      chapterFrom: ChapterBound.nullish().transform((v) => v || undefined),
      chapterTo: ChapterBound.nullish().transform((v) => v || undefined),
    })
    .default({ part: 0, titleFrom: undefined, titleTo: undefined, chapterFrom: undefined, chapterTo: undefined }),
  residuesManagementIncludes: z.object({ part: ReportPartFilter.default(0) }).default({ part: 0 }),
});
export type FinalReportInput = z.input<typeof FinalReportInput>;

/** The amounts of a report line or total (DOMAIN decision 17). */
export const ReportAmounts = z.strictObject({
  initialForecast: Cents,
  /** Sum of the positive change positions. */
  forecastIncreased: Cents,
  /** Sum of the negative change positions (a negative amount). */
  forecastDecreased: Cents,
  finalForecast: Cents,
  /** Collected (revenues) or paid (expenses). */
  movements: Cents,
  finalResidue: Cents,
  /** movements + finalResidue. */
  result: Cents,
  /** finalForecast − result. */
  difference: Cents,
});
export type ReportAmounts = z.infer<typeof ReportAmounts>;

export const ReportLine = ReportAmounts.extend({
  chapter: z.string(),
  chapterYear: z.number(),
  part: PartSchema,
  title: z.number(),
  titleNameDeu: z.string(),
  titleNameIta: z.string(),
  descriptionDeu: z.string(),
  descriptionIta: z.string(),
});
export type ReportLine = z.infer<typeof ReportLine>;

export const ReportTitle = z.strictObject({
  title: z.number(),
  titleNameDeu: z.string(),
  titleNameIta: z.string(),
  chapters: z.array(ReportLine),
  totals: ReportAmounts,
});
export type ReportTitle = z.infer<typeof ReportTitle>;

/** Current management of one part: its titles, the surplus applied (revenues only) and the total. */
export const ReportCurrentPart = z.strictObject({
  part: PartSchema,
  titlesDetails: z.array(ReportTitle),
  /** The administrative surplus applied in the budget (revenues; 0 on expenses): initial = forecast, final = with the adjustment. */
  initialSurplus: ReportAmounts,
  total: ReportAmounts,
});
export type ReportCurrentPart = z.infer<typeof ReportCurrentPart>;

export const ReportResiduesPart = z.strictObject({
  part: PartSchema,
  chapters: z.array(ReportLine),
  total: ReportAmounts,
});
export type ReportResiduesPart = z.infer<typeof ReportResiduesPart>;

/** A gain or write-off on a residue line (summary). */
export const ReportResidueResult = z.strictObject({
  chapter: z.string(),
  chapterYear: z.number(),
  part: PartSchema,
  descriptionDeu: z.string(),
  descriptionIta: z.string(),
  amount: Cents,
});
export type ReportResidueResult = z.infer<typeof ReportResidueResult>;

export const ReportSummary = z.strictObject({
  /** Higher active residues and savings on passive residues. */
  profits: z.array(ReportResidueResult),
  profitsTotals: Cents,
  /** Write-offs of active residues and excess on passive residues. */
  losses: z.array(ReportResidueResult),
  lossesTotals: Cents,
  finalCashBalance: Cents,
  finalSurplus: Cents,
});
export type ReportSummary = z.infer<typeof ReportSummary>;

/**
 * The results (quadro riassuntivo; DOMAIN decision 17):
 * totalActive = initialCashBalance + activeResidues + revenues + profits;
 * finalSurplus = totalActive − passiveResidues − expenses − losses
 *              = finalCashBalance + finalActiveResidues − finalPassiveResidues;
 * finalCashBalance = initialCashBalance + collected − paid (all chapter years).
 */
export const ReportResults = z.strictObject({
  initialCashBalance: Cents,
  /** Active (revenue) residues at the start: the final forecast of the revenue residue lines. */
  activeResidues: Cents,
  /** Revenues of the current management: collected + final residue. */
  revenues: Cents,
  profits: Cents,
  totalActive: Cents,
  /** Passive (expense) residues at the start. */
  passiveResidues: Cents,
  /** Expenses of the current management: paid + final residue. */
  expenses: Cents,
  losses: Cents,
  finalCashBalance: Cents,
  finalActiveResidues: Cents,
  finalPassiveResidues: Cents,
  finalSurplus: Cents,
  /** The presumed surplus of Y+1's forecast (null when Y+1 has no forecast head). */
  nextYearSurplusForecast: Cents.nullable(),
});
export type ReportResults = z.infer<typeof ReportResults>;

export const CashBalanceAccount = z.strictObject({
  accountCode: z.string(),
  descriptionDeu: z.string(),
  descriptionIta: z.string(),
  finalBalance: Cents,
});
export const CashBalanceDetails = z.strictObject({ accounts: z.array(CashBalanceAccount), finalBalance: Cents });
export type CashBalanceDetails = z.infer<typeof CashBalanceDetails>;

export const ReportDepartment = z.strictObject({
  id: z.number(),
  code: z.string(),
  nameDeu: z.string(),
  nameIta: z.string(),
  area: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  cashierRole: z.enum(['cashier', 'accountant']),
  cashierName: z.string(),
  commanderRole: z.enum(['commander', 'president']),
  commanderName: z.string(),
});

/** POST FinalBalance/Report: the sections asked for (null when not asked) and the results (always). */
export const FinalReport = z.strictObject({
  financialYear: z.number(),
  department: ReportDepartment,
  area: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  /** The approval date of the final account (null while open). */
  date: IsoDate.nullable(),
  currentManagement: z.array(ReportCurrentPart).nullable(),
  residuesManagement: z.array(ReportResiduesPart).nullable(),
  summary: ReportSummary.nullable(),
  results: ReportResults,
  /** Protocol: the cash balance per account (null when the protocol is not asked for). */
  cashBalanceDetails: CashBalanceDetails.nullable(),
});
export type FinalReport = z.infer<typeof FinalReport>;

// ---- ETS report (Modello D) --------------------------------------------------------------------

/** An amount of the current and the previous year (prevYear null when Y−1 is not in the system). */
export const EtsAmount = z.strictObject({ prevYear: Cents.nullable(), currYear: Cents });
export type EtsAmount = z.infer<typeof EtsAmount>;

export const EtsReportCategory = z.strictObject({
  /** The ETS category id; null for the "not assigned" row. */
  id: z.number().nullable(),
  code: z.string(),
  descriptionDeu: z.string(),
  descriptionIta: z.string(),
  amount: EtsAmount,
});
export type EtsReportCategory = z.infer<typeof EtsReportCategory>;

export const EtsReportSection = z.strictObject({
  section: z.string(),
  descriptionDeu: z.string(),
  descriptionIta: z.string(),
  categories: z.array(EtsReportCategory),
  total: EtsAmount,
});
export type EtsReportSection = z.infer<typeof EtsReportSection>;

/** A chapter without ETS category that moved money (listed under "not assigned", with a warning). */
export const EtsUnassignedChapter = z.strictObject({
  part: PartSchema,
  chapterYear: z.number(),
  chapter: z.string(),
  descriptionDeu: z.string(),
  descriptionIta: z.string(),
  amount: EtsAmount,
});
export type EtsUnassignedChapter = z.infer<typeof EtsUnassignedChapter>;

export const EtsReportSide = z.strictObject({
  /** Receipts (profits, part 1) or payments (losses, part 2) by section and category. */
  profits: z.array(EtsReportSection),
  losses: z.array(EtsReportSection),
});

export const EtsReportInput = ScopeInput;
export type EtsReportInput = z.infer<typeof EtsReportInput>;

/**
 * POST FinalBalance/ETSReport: the cash report of the third sector (rendiconto per cassa, model D).
 * management = sections A–E, assets = investments/disinvestments (I);
 * managementBalance = managementTotalProfit − managementTotalLoss; assetsBalance likewise for I.
 * The "not assigned" rows (a section `-`) belong to the management sections' totals.
 */
export const EtsReport = z.strictObject({
  financialYear: z.number(),
  department: ReportDepartment,
  /** Y−1 is in the system (else the previous-year columns are empty, with a note). */
  hasPreviousYear: z.boolean(),
  management: EtsReportSide,
  assets: EtsReportSide,
  managementTotalProfit: EtsAmount,
  managementTotalLoss: EtsAmount,
  managementBalance: EtsAmount,
  assetsTotalProfit: EtsAmount,
  assetsTotalLoss: EtsAmount,
  assetsBalance: EtsAmount,
  /** Balance before taxes and after investments: managementBalance + assetsBalance. */
  totalBalance: EtsAmount,
  /** Cash (account type cash) and bank and post deposits at 31.12. */
  cash: EtsAmount,
  bankDeposits: EtsAmount,
  unassigned: z.array(EtsUnassignedChapter),
});
export type EtsReport = z.infer<typeof EtsReport>;

/**
 * The previous year's approved final surplus (DOMAIN decision 18), for the scope's adjustment: it
 * pre-fills the actual surplus and is shown next to the presumed one. finalSurplus null while Y−1 is
 * not approved.
 */
export const PreviousFinalSurplus = z.strictObject({
  year: z.number(),
  approval: IsoDate.nullable(),
  finalSurplus: Cents.nullable(),
  /** The presumed surplus used in the scope's forecast (shown beside it). */
  surplusUsed: Cents,
});
export type PreviousFinalSurplus = z.infer<typeof PreviousFinalSurplus>;

// ---- rules --------------------------------------------------------------------------------------

/** The approval date window of the final account of `year` (DOMAIN.md "Final account approval date"). */
export function finalApprovalWindow(year: number): { from: string; lateAfter: string; to: string } {
  return { from: `${year + 1}-01-01`, lateAfter: `${year + 1}-03-31`, to: `${year + 1}-10-31` };
}

/**
 * The approval date of the final account of `year`: not before 1.1 of Y+1 and not in the future
 * (InvalidDate), not after 31.10 of Y+1 (DateAfter31.10). Null when allowed; a date after 31.03 is
 * allowed (late, see isLateFinalApproval).
 */
export function finalApprovalDateError(date: string, year: number, today: string): 'InvalidDate' | 'DateAfter31.10' | null {
  const w = finalApprovalWindow(year);
  if (date < w.from) return 'InvalidDate';
  if (date > w.to) return 'DateAfter31.10';
  if (date > today) return 'InvalidDate';
  return null;
}

export function isLateFinalApproval(date: string | null, year: number): boolean {
  return date !== null && date > finalApprovalWindow(year).lateAfter;
}

/** The criteria flags from the error counts per criterion (1 passed when no error row). */
export function criteriaFlags(failed: Record<FinalBalanceCriterion, boolean>): (0 | 1)[] {
  return FINAL_BALANCE_CRITERIA.map((c) => (failed[c] ? 0 : 1));
}

/** The amounts of a report line (DOMAIN decision 17) from its budget and booking figures. */
export function reportAmounts(a: {
  initialForecast: number;
  forecastIncreased: number;
  forecastDecreased: number;
  movements: number;
  finalResidue: number;
}): ReportAmounts {
  const finalForecast = a.initialForecast + a.forecastIncreased + a.forecastDecreased;
  const result = a.movements + a.finalResidue;
  return {
    initialForecast: a.initialForecast,
    forecastIncreased: a.forecastIncreased,
    forecastDecreased: a.forecastDecreased,
    finalForecast,
    movements: a.movements,
    finalResidue: a.finalResidue,
    result,
    difference: finalForecast - result,
  };
}

export const ZERO_AMOUNTS: ReportAmounts = reportAmounts({ initialForecast: 0, forecastIncreased: 0, forecastDecreased: 0, movements: 0, finalResidue: 0 });

/** The field-wise sum of report amounts. */
export function sumAmounts(items: readonly ReportAmounts[]): ReportAmounts {
  return items.reduce<ReportAmounts>(
    (s, a) => ({
      initialForecast: s.initialForecast + a.initialForecast,
      forecastIncreased: s.forecastIncreased + a.forecastIncreased,
      forecastDecreased: s.forecastDecreased + a.forecastDecreased,
      finalForecast: s.finalForecast + a.finalForecast,
      movements: s.movements + a.movements,
      finalResidue: s.finalResidue + a.finalResidue,
      result: s.result + a.result,
      difference: s.difference + a.difference,
    }),
    ZERO_AMOUNTS,
  );
}

/**
 * A residue line's gain (profit) or write-off (loss) (DOMAIN decision 17): revenues: result above the
 * final forecast is a gain, below a write-off; expenses: result below is a saving (gain), above a loss.
 */
export function residueResult(part: 1 | 2, a: ReportAmounts): { profit: number; loss: number } {
  const delta = part === 1 ? a.result - a.finalForecast : a.finalForecast - a.result;
  return delta >= 0 ? { profit: delta, loss: 0 } : { profit: 0, loss: -delta };
}

/** PDF file names (DOMAIN decision 17): the report's title + year. */
export function finalReportFileName(title: string, year: number): string {
  return `${title.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '')}-${year}.pdf`;
}
