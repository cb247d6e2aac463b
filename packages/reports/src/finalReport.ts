import { type FinalReport, formatChapter, formatDate, type ReportAmounts, type ReportLine, type ReportResidueResult, type ReportResults } from '@app/domain';
import type { jsPDF } from 'jspdf';
import type { CellInput, RowInput } from 'jspdf-autotable';
import { departmentLines, money, SIGNATURE_SPACE, signatures } from './budgetHeader.ts';
import { labelsFor, type ReportLabels, type ReportLanguage } from './labels/index.ts';
import {
  bold,
  boldRight,
  drawTable,
  emptyNote,
  finishReport,
  type LanguageReportContext,
  MARGIN,
  REPORT_FONT,
  type ReportPage,
  sectionHeading,
  startReport,
  TITLE_FILL,
  TOTAL_FILL,
} from './layout.ts';
import { localName, partName, titleLabel } from './names.ts';

/**
 * The eleven columns: year, chapter, description and the eight amounts of decision 17. Spec 3 §9 gives them equal
 * weights; sized to their text instead (issue 25 item 12), the year and the chapter give room to the description,
 * which then wraps at its spaces (`Verwaltungsausgaben und` / `Büromaterial`), and each amount keeps 9 %.
 */
const WIDTHS = [5, 7, 16, 9, 9, 9, 9, 9, 9, 9, 9];
const AMOUNT_COLUMNS = [3, 4, 5, 6, 7, 8, 9, 10];

const amountCells = (a: ReportAmounts): string[] =>
  [a.initialForecast, a.forecastIncreased, a.forecastDecreased, a.finalForecast, a.movements, a.finalResidue, a.result, a.difference].map(money);

function lineRow(l: ReportLine, language: ReportLanguage): RowInput {
  return [String(l.chapterYear), formatChapter(l.chapter), localName(l.descriptionDeu, l.descriptionIta, language), ...amountCells(l)];
}

/** A bold row of amounts under a label spanning the first three columns. */
function totalRow(label: string, a: ReportAmounts, fill = TOTAL_FILL): RowInput {
  return [bold(label, fill, 3), ...amountCells(a).map((m) => boldRight(m, fill))];
}

function drawLines(page: ReportPage, y: number, heading: string, body: RowInput[], t: ReportLabels['finalReport']): number {
  return drawTable(page, y, { heading, head: t.head, body, widths: WIDTHS, right: AMOUNT_COLUMNS, look: 'grid' });
}

/** A cover page inserted in front of a report: the title, then the lines under it, centred. */
export function insertCoverPage(doc: jsPDF, title: string, lines: string[]): void {
  doc.insertPage(1);
  const width = doc.internal.pageSize.getWidth();
  const middle = doc.internal.pageSize.getHeight() / 2;
  doc.setFont(REPORT_FONT, 'bold');
  doc.setFontSize(24);
  doc.text(title, width / 2, middle - 20, { align: 'center' });
  doc.setFont(REPORT_FONT, 'normal');
  doc.setFontSize(14);
  lines.forEach((line, i) => doc.text(line, width / 2, middle + i * 8, { align: 'center' }));
}

function currentManagement(page: ReportPage, y: number, data: FinalReport, language: ReportLanguage): number {
  const t = labelsFor(language).finalReport;
  for (const part of data.currentManagement ?? []) {
    const body: RowInput[] = [];
    for (const title of part.titlesDetails) {
      const label = titleLabel({ title: title.title, descriptionDeu: title.titleNameDeu, descriptionIta: title.titleNameIta }, language);
      body.push([{ content: label, colSpan: 11, styles: { fontStyle: 'bold', fillColor: TITLE_FILL } } as CellInput]);
      for (const l of title.chapters) body.push(lineRow(l, language));
      body.push(totalRow(`${t.titleTotal} ${title.title}`, title.totals));
    }
    if (part.initialSurplus.finalForecast !== 0 || part.initialSurplus.initialForecast !== 0)
      body.push(totalRow(t.surplus, part.initialSurplus, [255, 255, 255]));
    body.push(totalRow(`${t.total} ${partName(part.part, language)}`, part.total));
    y = drawLines(page, y, `${t.current} – ${partName(part.part, language)}`, body, t);
  }
  return y;
}

function residuesManagement(page: ReportPage, y: number, data: FinalReport, language: ReportLanguage): number {
  const t = labelsFor(language).finalReport;
  for (const part of data.residuesManagement ?? []) {
    const name = part.part === 1 ? t.activeResidues : t.passiveResidues;
    if (part.chapters.length === 0) {
      y = emptyNote(page.doc, sectionHeading(page.doc, y, `${t.residues} – ${name}`), t.none);
      continue;
    }
    y = drawLines(page, y, `${t.residues} – ${name}`, [...part.chapters.map((l) => lineRow(l, language)), totalRow(`${t.total} ${name}`, part.total)], t);
  }
  return y;
}

function resultTable(page: ReportPage, y: number, rows: ReportResidueResult[], total: number, language: ReportLanguage): number {
  const t = labelsFor(language).finalReport;
  if (rows.length === 0) return emptyNote(page.doc, y, t.none);
  const body: RowInput[] = rows.map((r) => [
    String(r.chapterYear),
    formatChapter(r.chapter),
    localName(r.descriptionDeu, r.descriptionIta, language),
    money(r.amount),
  ]);
  body.push([bold(t.total, TOTAL_FILL, 3), boldRight(money(total), TOTAL_FILL)]);
  return drawTable(page, y, { head: t.summaryHead, body, widths: [10, 12, 58, 20], right: [3], look: 'grid' });
}

const RESULT_ORDER: (keyof ReportResults)[] = [
  'initialCashBalance',
  'activeResidues',
  'revenues',
  'profits',
  'totalActive',
  'passiveResidues',
  'expenses',
  'losses',
  'finalSurplus',
  'finalCashBalance',
  'finalActiveResidues',
  'finalPassiveResidues',
  'nextYearSurplusForecast',
];
const BOLD_RESULTS = new Set<keyof ReportResults>(['totalActive', 'finalSurplus']);

function results(page: ReportPage, y: number, data: FinalReport, language: ReportLanguage): number {
  const t = labelsFor(language).finalReport;
  y = sectionHeading(page.doc, y, t.results, 90);
  const body: RowInput[] = RESULT_ORDER.filter((k) => k !== 'nextYearSurplusForecast' || data.results.nextYearSurplusForecast !== null).map((k) => {
    const value = money(data.results[k] ?? 0);
    return BOLD_RESULTS.has(k) ? [bold(t.resultLabels[k], TOTAL_FILL), boldRight(value, TOTAL_FILL)] : [t.resultLabels[k], value];
  });
  return drawTable(page, y, { head: [], body, widths: [70, 30], right: [1], look: 'grid' });
}

function protocol(page: ReportPage, y: number, data: FinalReport, language: ReportLanguage): number {
  const t = labelsFor(language).finalReport;
  const cash = data.cashBalanceDetails;
  if (!cash) return y;
  y = sectionHeading(page.doc, y, t.protocol, 60);
  const body: RowInput[] = cash.accounts.map((a) => [a.accountCode, localName(a.descriptionDeu, a.descriptionIta, language), money(a.finalBalance)]);
  body.push([bold(t.cashTotal, TOTAL_FILL, 2), boldRight(money(cash.finalBalance), TOTAL_FILL)]);
  y = drawTable(page, y, { head: t.cashHead, body, widths: [15, 60, 25], right: [2], look: 'grid', keepAfter: SIGNATURE_SPACE + 4 });
  page.doc.setFont(REPORT_FONT, 'normal');
  page.doc.setFontSize(10);
  page.doc.text(data.date ? `${t.approvedOn} ${formatDate(data.date)}` : t.notApproved, MARGIN, y + 4);
  signatures(page.doc, y + 4, data.department, language);
  return y + 40;
}

/**
 * The final report (spec 3 §2 Final account print, §9; DOMAIN decision 17): landscape, eleven equal
 * column weights; an optional cover page; the current management per part (titles with their
 * chapters and totals, the surplus applied, the part's total), the residues per part, the summary
 * (gains and write-offs on residues), the results (always) and the protocol (cash per account,
 * approval date, signatures) — each section only when the data carries it (the flags asked for).
 */
export function finalReportPdf(data: FinalReport, options: { coverPage: boolean }, ctx: LanguageReportContext): jsPDF {
  const t = labelsFor(ctx.language).finalReport;
  const title = `${t.title} ${data.financialYear}`;
  const doc = drawFinalReport(null, data, ctx.language);
  if (options.coverPage) {
    const approval = data.date ? `${t.approvedOn} ${formatDate(data.date)}` : t.notApproved;
    insertCoverPage(doc, title, [...departmentLines(data.department, data.area, ctx.language), '', approval]);
  }
  return finishReport(doc, ctx);
}

/** The final report's pages (without the cover page), in a new document or appended to `into` (the audit pack); without the footer. */
export function drawFinalReport(into: jsPDF | null, data: FinalReport, language: ReportLanguage): jsPDF {
  const t = labelsFor(language).finalReport;
  const page = startReport('landscape', `${t.title} ${data.financialYear}`, departmentLines(data.department, data.area, language), into);
  let y = page.y;
  y = currentManagement(page, y, data, language);
  y = residuesManagement(page, y, data, language);
  if (data.summary) {
    y = sectionHeading(page.doc, y, t.summary);
    y = sectionHeading(page.doc, y, t.profits);
    y = resultTable(page, y, data.summary.profits, data.summary.profitsTotals, language);
    y = sectionHeading(page.doc, y, t.losses);
    y = resultTable(page, y, data.summary.losses, data.summary.lossesTotals, language);
  }
  y = results(page, y, data, language);
  protocol(page, y, data, language);
  return page.doc;
}
