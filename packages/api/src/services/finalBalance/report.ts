import { type Db, execRows, toCents } from '@app/db';
import {
  type CashBalanceDetails,
  type FinalReport,
  FinalReportInput,
  Part,
  presumedSurplus,
  type ReportAmounts,
  reportAmounts,
  type ReportCurrentPart,
  type ReportLine,
  type ReportResidueResult,
  type ReportResiduesPart,
  type ReportResults,
  type ReportSummary,
  type ReportTitle,
  residueResult,
  sumAmounts,
  ZERO_AMOUNTS,
} from '@app/domain';
import { sql } from 'drizzle-orm';
import { readHead } from '../budget/head.ts';
import { departmentOf } from '../budget/prints.ts';
import { accountBalanceRows } from '../cash/balances.ts';
import type { FinalScope, YearLine } from './lines.ts';
import { yearLines } from './lines.ts';

type ParsedInput = ReturnType<typeof FinalReportInput.parse>;

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

const partsOf = (filter: 0 | 1 | 2): Part[] => (filter === 0 ? [Part.Revenues, Part.Expenses] : [filter]);
const amountsOf = (line: ReportLine): ReportAmounts => {
  const { chapter: _c, chapterYear: _y, part: _p, title: _t, titleNameDeu: _d, titleNameIta: _i, descriptionDeu: _dd, descriptionIta: _di, ...a } = line;
  return a;
};

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

/** Current management of the parts asked for: titles with their chapters and totals (title and chapter ranges). */
function currentManagement(lines: ReportLine[], input: ParsedInput, surplus: ReportAmounts): ReportCurrentPart[] {
  const inc = input.currentManagementIncludes;
  return partsOf(inc.part).map((part) => {
    const own = lines.filter(
      (l) =>
        l.part === part &&
        (inc.titleFrom === undefined || l.title >= inc.titleFrom) &&
        (inc.titleTo === undefined || l.title <= inc.titleTo) &&
        (inc.chapterFrom === undefined || l.chapter >= inc.chapterFrom) &&
        (inc.chapterTo === undefined || l.chapter <= inc.chapterTo),
    );
    const titles: ReportTitle[] = [];
    for (const line of own) {
      let title = titles.at(-1);
      if (title?.title !== line.title) {
        title = { title: line.title, titleNameDeu: line.titleNameDeu, titleNameIta: line.titleNameIta, chapters: [], totals: ZERO_AMOUNTS };
        titles.push(title);
      }
      title.chapters.push(line);
    }
    for (const t of titles) t.totals = sumAmounts(t.chapters.map(amountsOf));
    const initialSurplus = part === Part.Revenues ? surplus : ZERO_AMOUNTS;
    return { part, titlesDetails: titles, initialSurplus, total: sumAmounts([...titles.map((t) => t.totals), initialSurplus]) };
  });
}

function residuesManagement(lines: ReportLine[], part: 0 | 1 | 2): ReportResiduesPart[] {
  return partsOf(part).map((p) => {
    const chapters = lines.filter((l) => l.part === p);
    return { part: p, chapters, total: sumAmounts(chapters.map(amountsOf)) };
  });
}

interface Figures {
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

/** POST FinalBalance/Report: the sections asked for; the results always. */
export async function finalReport(db: Db, scope: FinalScope, raw: FinalReportInput): Promise<FinalReport> {
  const input = FinalReportInput.parse(raw);
  const [figures, department, head] = await Promise.all([finalFigures(db, scope), departmentOf(db, scope.departmentId), readHead(db, scope)]);
  return {
    financialYear: scope.year,
    department,
    area: scope.area,
    date: head.finalApproved,
    currentManagement: input.currentManagement ? currentManagement(figures.current, input, figures.surplus) : null,
    residuesManagement: input.residues ? residuesManagement(figures.residues, input.residuesManagementIncludes.part) : null,
    summary: input.summary ? figures.summary : null,
    results: figures.results,
    cashBalanceDetails: input.protocol ? figures.cash : null,
  };
}
