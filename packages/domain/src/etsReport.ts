import { z } from 'zod';
import { Cents } from './money.ts';
import { PartSchema } from './chapterCode.ts';
import { ScopeInput } from './scope.ts';
import { ReportDepartment } from './finalReport.ts';
import { NullNum, Num, Text } from './outputs.ts';

// ETS report (Modello D; spec 3 §3 "Year-end report for non-profit reporting"): the cash report of the
// third sector. Amounts are integer cents (`Cents`, euros on the REST wire).

/** An amount of the current and the previous year (prevYear null when Y−1 is not in the system). */
export const EtsAmount = z.strictObject({ prevYear: Cents.nullable(), currYear: Cents });
export type EtsAmount = z.infer<typeof EtsAmount>;

export const EtsReportCategory = z.strictObject({
  /** The ETS category id; null for the "not assigned" row. */
  id: NullNum,
  code: Text,
  descriptionDeu: Text,
  descriptionIta: Text,
  amount: EtsAmount,
});
export type EtsReportCategory = z.infer<typeof EtsReportCategory>;

export const EtsReportSection = z.strictObject({
  section: Text,
  descriptionDeu: Text,
  descriptionIta: Text,
  categories: z.array(EtsReportCategory),
  total: EtsAmount,
});
export type EtsReportSection = z.infer<typeof EtsReportSection>;

/** A chapter without ETS category that moved money (listed under "not assigned", with a warning). */
export const EtsUnassignedChapter = z.strictObject({
  part: PartSchema,
  chapterYear: Num,
  chapter: Text,
  descriptionDeu: Text,
  descriptionIta: Text,
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
  financialYear: Num,
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
