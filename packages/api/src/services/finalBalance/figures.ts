import { type Db, execRows, toCents } from '@app/db';
import {
  type CashBalanceDetails,
  type PreviousFinalSurplus,
  Part,
  presumedSurplus,
  type ReportAmounts,
  reportAmounts,
  type ReportLine,
  type ReportResidueResult,
  type ReportResults,
  type ReportSummary,
  residueResult,
  surplusFromFinalAccount,
} from '@app/domain';
import { sql } from 'drizzle-orm';
import { readHead } from '../ledger/head.ts';
import { accountBalanceRows } from '../ledger/cashBalances.ts';
import { type YearLine, yearLines } from './lines.ts';

/** A year line as a report line (DOMAIN decision 17): movements = collected/paid, result = movements + final residue. */
export function toReportLine(l: YearLine): ReportLine {
  return {
    chapter: l.chapter,
    chapterYear: l.chapterYear,
    part: l.part,
    title: l.title,
    titleNameDeu: l.titleNameDeu,
    titleNameIta: l.titleNameIta,
    descriptionDeu: l.descriptionDeu,
    descriptionIta: l.descriptionIta,
    ...reportAmounts({
      initialForecast: l.budgetInitial,
      forecastIncreased: l.forecastIncreased,
      forecastDecreased: l.forecastDecreased,
      movements: l.payments,
      finalResidue: l.finalResidue ?? 0,
    }),
  };
}

/** The administrative surplus applied to the budget (revenue side): the forecast's, and the adjustment's actual one. */
function surplusAmounts(surplusUsed: number, surplusActual: number | null): ReportAmounts {
  const delta = surplusActual === null ? 0 : surplusActual - surplusUsed;
  return reportAmounts({
    initialForecast: surplusUsed,
    forecastIncreased: Math.max(delta, 0),
    forecastDecreased: Math.min(delta, 0),
    movements: 0,
    finalResidue: 0,
  });
}

export interface Figures {
  lines: YearLine[];
  current: ReportLine[];
  residues: ReportLine[];
  results: ReportResults;
  summary: ReportSummary;
  cash: CashBalanceDetails;
  surplus: ReportAmounts;
}

/**
 * Every figure of the final account of a scope: the year's lines (one query), the accounts' balances
 * (one query), the budget heads of Y and Y+1 and the adjustment's actual surplus (one query each).
 * Results (DOMAIN decision 17, "Year end"):
 * - totalActive = initialCash + activeResidues (residue lines' final forecast, revenues) + revenues
 *   (current lines: collected + final residue) + profits;
 * - finalSurplus = totalActive − passiveResidues − expenses − losses, which equals
 *   finalCash + finalActiveResidues − finalPassiveResidues when finalCash = initialCash + collected − paid.
 */
export async function finalFigures(db: Db, scope: { departmentId: number; year: number }): Promise<Figures> {
  const [lines, accounts, head, next, adjustment] = await Promise.all([
    yearLines(db, scope),
    accountBalanceRows(db, scope),
    readHead(db, scope),
    readHead(db, { departmentId: scope.departmentId, year: scope.year + 1 }),
    execRows<{ surplus_actual: string | null }>(
      db,
      sql`select surplus_actual::text as surplus_actual from budget_changes
          where department_id = ${scope.departmentId} and year = ${scope.year} and record_number = -1`,
    ),
  ]);
  const reportLines = lines.map(toReportLine);
  const current = reportLines.filter((l) => l.chapterYear === scope.year);
  const residues = reportLines.filter((l) => l.chapterYear < scope.year);
  const sumOf = (rows: ReportLine[], part: Part, pick: (l: ReportLine) => number) => rows.filter((l) => l.part === part).reduce((s, l) => s + pick(l), 0);

  const profits: ReportResidueResult[] = [];
  const losses: ReportResidueResult[] = [];
  for (const l of residues) {
    const { profit, loss } = residueResult(l.part, l);
    const item = { chapter: l.chapter, chapterYear: l.chapterYear, part: l.part, descriptionDeu: l.descriptionDeu, descriptionIta: l.descriptionIta };
    if (profit > 0) profits.push({ ...item, amount: profit });
    if (loss > 0) losses.push({ ...item, amount: loss });
  }
  const profitsTotal = profits.reduce((s, p) => s + p.amount, 0);
  const lossesTotal = losses.reduce((s, p) => s + p.amount, 0);

  const visible = accounts.filter((a) => !a.inactive || a.finalBalance !== 0 || a.initialBalance !== 0);
  const initialCashBalance = accounts.reduce((s, a) => s + a.initialBalance, 0);
  const finalCashBalance = accounts.reduce((s, a) => s + a.finalBalance, 0);
  const activeResidues = sumOf(residues, Part.Revenues, (l) => l.finalForecast);
  const passiveResidues = sumOf(residues, Part.Expenses, (l) => l.finalForecast);
  const revenues = sumOf(current, Part.Revenues, (l) => l.result);
  const expenses = sumOf(current, Part.Expenses, (l) => l.result);
  const totalActive = initialCashBalance + activeResidues + revenues + profitsTotal;
  const finalSurplus = totalActive - passiveResidues - expenses - lossesTotal;
  const results: ReportResults = {
    initialCashBalance,
    activeResidues,
    revenues,
    profits: profitsTotal,
    totalActive,
    passiveResidues,
    expenses,
    losses: lossesTotal,
    finalCashBalance,
    finalActiveResidues: sumOf(reportLines, Part.Revenues, (l) => l.finalResidue),
    finalPassiveResidues: sumOf(reportLines, Part.Expenses, (l) => l.finalResidue),
    finalSurplus,
    nextYearSurplusForecast: next.id === 0 ? null : presumedSurplus(next),
  };
  const rawActual = adjustment[0]?.surplus_actual;
  return {
    lines,
    current,
    residues,
    results,
    summary: { profits, profitsTotals: profitsTotal, losses, lossesTotals: lossesTotal, finalCashBalance, finalSurplus },
    cash: {
      accounts: visible.map((a) => ({
        accountCode: a.accountCode,
        descriptionDeu: a.descriptionDeu,
        descriptionIta: a.descriptionIta,
        finalBalance: a.finalBalance,
      })),
      finalBalance: finalCashBalance,
    },
    surplus: surplusAmounts(head.surplusUsed, rawActual === undefined || rawActual === null ? null : toCents(rawActual)),
  };
}

/**
 * DOMAIN decision 18: the final surplus of the approved final account of the year before `scope.year`
 * (what pre-fills the actual surplus of the scope's adjustment), with its terms as the surplus screen's
 * fields (`proposal`: the presumed surplus of the scope's forecast proposed from that account, issue 25
 * item 10); finalSurplus and proposal null while that year is not approved. The same fixed set of
 * queries as the final report (finalFigures), whatever the number of lines.
 */
export async function previousFinalSurplus(db: Db, scope: { departmentId: number; year: number }): Promise<PreviousFinalSurplus> {
  const previous = { departmentId: scope.departmentId, year: scope.year - 1 };
  const [head, own] = await Promise.all([readHead(db, previous), readHead(db, scope)]);
  if (!head.finalApproved) return { year: previous.year, approval: null, finalSurplus: null, surplusUsed: own.surplusUsed, proposal: null };
  const { results, lines } = await finalFigures(db, previous);
  const proposal = surplusFromFinalAccount(previous.year, results.finalCashBalance, lines);
  return { year: previous.year, approval: head.finalApproved, finalSurplus: results.finalSurplus, surplusUsed: own.surplusUsed, proposal };
}

/** previousFinalSurplus's amount alone (null while Y−1 is not approved). */
export async function approvedFinalSurplus(db: Db, scope: { departmentId: number; year: number }): Promise<number | null> {
  return (await previousFinalSurplus(db, scope)).finalSurplus;
}
