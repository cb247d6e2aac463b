import { z } from 'zod';
import { IsoDate } from './dates.ts';
import { Cents } from './money.ts';
import { PartSchema } from './chapterCode.ts';
import { ScopeInput } from './scope.ts';
import { Int, safeString } from './primitives.ts';
import { Num, Text } from './outputs.ts';

// Final report (spec 3 §3 "Final report", "Report line fields"; DOMAIN.md "Decisions for part 3" 17):
// the input and answer of POST FinalBalance/Report and the rules of its figures. Amounts are integer
// cents (`Cents`, euros on the REST wire).

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
  chapter: Text,
  chapterYear: Num,
  part: PartSchema,
  title: Num,
  titleNameDeu: Text,
  titleNameIta: Text,
  descriptionDeu: Text,
  descriptionIta: Text,
});
export type ReportLine = z.infer<typeof ReportLine>;

export const ReportTitle = z.strictObject({
  title: Num,
  titleNameDeu: Text,
  titleNameIta: Text,
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
  chapter: Text,
  chapterYear: Num,
  part: PartSchema,
  descriptionDeu: Text,
  descriptionIta: Text,
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
  accountCode: Text,
  descriptionDeu: Text,
  descriptionIta: Text,
  finalBalance: Cents,
});
export const CashBalanceDetails = z.strictObject({ accounts: z.array(CashBalanceAccount), finalBalance: Cents });
export type CashBalanceDetails = z.infer<typeof CashBalanceDetails>;

export const ReportDepartment = z.strictObject({
  id: Num,
  code: Text,
  nameDeu: Text,
  nameIta: Text,
  area: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  cashierRole: z.enum(['cashier', 'accountant']),
  cashierName: Text,
  commanderRole: z.enum(['commander', 'president']),
  commanderName: Text,
});

/** POST FinalBalance/Report: the sections asked for (null when not asked) and the results (always). */
export const FinalReport = z.strictObject({
  financialYear: Num,
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

// ---- rules --------------------------------------------------------------------------------------

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

/**
 * The name of a year-end PDF without the print date and extension (DOMAIN decision 17, with issue 25 item 12: every
 * file name says what it is, for which department and year): `Rechnungsabschluss-101-2025`; the client adds the date.
 */
export function reportFileBase(title: string, departmentCode: string, year: number): string {
  return `${title.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '')}-${departmentCode}-${year}`;
}
