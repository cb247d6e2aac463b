import type { Db } from '@app/db';
import {
  type FinalReport,
  FinalReportInput,
  Part,
  type ReportAmounts,
  type ReportCurrentPart,
  type ReportLine,
  type ReportResiduesPart,
  type ReportTitle,
  sumAmounts,
  ZERO_AMOUNTS,
} from '@app/domain';
import { readHead } from '../ledger/head.ts';
import { departmentOf } from '../printDepartment.ts';
import { finalFigures } from './figures.ts';
import type { BookingScope } from '../ledger/bookingScope.ts';

type ParsedInput = ReturnType<typeof FinalReportInput.parse>;

const partsOf = (filter: 0 | 1 | 2): Part[] => (filter === 0 ? [Part.Revenues, Part.Expenses] : [filter]);
const amountsOf = (line: ReportLine): ReportAmounts => {
  const { chapter: _c, chapterYear: _y, part: _p, title: _t, titleNameDeu: _d, titleNameIta: _i, descriptionDeu: _dd, descriptionIta: _di, ...a } = line;
  return a;
};

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

/** POST FinalBalance/Report: the sections asked for; the results always. */
export async function finalReport(db: Db, scope: BookingScope, raw: FinalReportInput): Promise<FinalReport> {
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
