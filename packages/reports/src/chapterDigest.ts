import { type BudgetChapter, type ChapterDigest, type ChapterDigestRow, type ChaptersList, formatChapter, formatDate, Part } from '@app/domain';
import type { jsPDF } from 'jspdf';
import type { RowInput } from 'jspdf-autotable';
import { money } from './budgetHeader.ts';
import { chapterRangeText, type DigestLabels, kindLabel, recordText } from './digestParts.ts';
import { labelsFor, type ReportLanguage } from './labels/index.ts';
import {
  bold,
  boldRight,
  drawTable,
  emptyNote,
  finishReport,
  type LanguageReportContext,
  type ReportPage,
  keepSpace,
  startReport,
  TITLE_FILL,
  TOTAL_FILL,
} from './layout.ts';
import { localName, partName } from './names.ts';

/** What the chapter digest print was asked for (the filter line) and whose it is. */
export interface ChapterDigestsHead {
  /** `101 FF Leifers`. */
  department: string;
  chapterFrom?: string | undefined;
  chapterTo?: string | undefined;
}

/** The figure box of a chapter line: initial, changes, final, payments, open payments, reservations, available. */
const boxFigures = (b: BudgetChapter) => [
  b.budgetInitial,
  b.budgetChanges,
  b.budgetFinal,
  b.payments,
  b.openPayments,
  b.reservations,
  b.availableAfterPlannedExpenses,
];
const BOX_WIDTHS = [14.3, 14.3, 14.3, 14.3, 14.3, 14.3, 14.2];
const LIST_WIDTHS = [8, 24, 9.7, 9.7, 9.7, 9.7, 9.7, 9.7, 9.8];
const ROW_WIDTHS = [7, 6, 10, 8, 11, 18, 8, 8, 8, 8, 8];
const amountColumns = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);

/** The figure columns of a row: its amount under the figure it moves (change, payment, open, reservation). */
function figureCells(r: ChapterDigestRow): string[] {
  const order = ['budgetChanges', 'payments', 'openPayments', 'reservations'] as const;
  return order.map((f) => (f === r.figure ? money(r.amount) : ''));
}

function rowText(r: ChapterDigestRow, d: DigestLabels): string {
  const counter = r.counterChapter ? `↔ ${r.counterChapterYear !== null ? `${r.counterChapterYear} ` : ''}${formatChapter(r.counterChapter)}` : '';
  const closed = r.cancelled ? `(${d.cancelled})` : r.kind === 'reservation' && r.closed ? `(${d.closed})` : '';
  return [counter, r.description, closed].filter(Boolean).join(' ');
}

/** One chapter with its rows: heading, the figure box, then the movements opened by the initial budget and closed by the totals. */
function chapterWithRows(page: ReportPage, y: number, c: ChapterDigest, d: DigestLabels, language: LanguageReportContext['language']): number {
  const t = d.chapterDigest;
  const year = c.chapterYear !== c.year ? ` (${d.chapterYear} ${c.chapterYear})` : '';
  const at = drawTable(page, keepSpace(page.doc, y, 45), {
    heading: `${formatChapter(c.chapter)} ${localName(c.descriptionDeu, c.descriptionIta, language)}${year}`,
    head: t.listHead.slice(2),
    body: [boxFigures(c.balance).map(money)],
    widths: BOX_WIDTHS,
    right: amountColumns(0, 7),
    look: 'grid',
  });
  const body: RowInput[] = [[bold(t.initial, TITLE_FILL, 10), boldRight(money(c.balance.budgetInitial), TITLE_FILL)]];
  for (const r of c.movements) {
    body.push([
      formatDate(r.recordDate),
      // a bill carried from an earlier year keeps that year's record number
      r.recordYear !== null && r.recordYear !== c.year && r.recordNumber > 0 ? `${r.recordNumber}/${r.recordYear}` : recordText(r.recordNumber),
      kindLabel(r, d),
      r.documentNumber,
      r.supplierCode === null ? r.supplierName : `${r.supplierCode} ${r.supplierName}`,
      rowText(r, d),
      ...figureCells(r),
      money(r.finalBalance),
    ]);
  }
  body.push([
    bold(`${d.total} (${c.movements.length})`, TOTAL_FILL, 6),
    ...[c.totals.budgetChanges, c.totals.payments, c.totals.openPayments, c.totals.reservations, c.balance.availableAfterPlannedExpenses].map((v) =>
      boldRight(money(v), TOTAL_FILL),
    ),
  ]);
  return drawTable(page, at, { head: t.head, body, widths: ROW_WIDTHS, right: amountColumns(6, 5), look: 'list' });
}

/** Without movements: per part one table of the chapters' figure boxes and the part's totals. */
function chaptersTable(page: ReportPage, y: number, chapters: ChapterDigest[], d: DigestLabels, language: LanguageReportContext['language']): number {
  let at = y;
  for (const part of [Part.Revenues, Part.Expenses]) {
    const ofPart = chapters.filter((c) => c.part === part);
    if (ofPart.length === 0) continue;
    const body: RowInput[] = ofPart.map((c) => [
      formatChapter(c.chapter),
      localName(c.descriptionDeu, c.descriptionIta, language),
      ...boxFigures(c.balance).map(money),
    ]);
    const sums = boxFigures(ofPart[0]!.balance).map((_, i) => ofPart.reduce((s, c) => s + (boxFigures(c.balance)[i] ?? 0), 0));
    body.push([bold(`${d.total} ${partName(part, language)}`, TOTAL_FILL, 2), ...sums.map((v) => boldRight(money(v), TOTAL_FILL))]);
    at = drawTable(page, at, {
      heading: partName(part, language),
      head: d.chapterDigest.listHead,
      body,
      widths: LIST_WIDTHS,
      right: amountColumns(2, 7),
      look: 'grid',
    });
  }
  return at;
}

/**
 * The printed chapter digest (printedLists/chapterDigest, spec 3 §2; DOMAIN decision 9): for each
 * chapter of the range its figure box and, with movements, every row that moves it (budget changes,
 * revenues, payments done and open, reservations, transfer positions) with the amount under the
 * figure it moves and the running availability, and the totals that equal the box. Without
 * movements: the chapters' boxes per part with the part totals.
 */
export function chapterDigestsPdf(data: ChaptersList, head: ChapterDigestsHead, ctx: LanguageReportContext): jsPDF {
  return finishReport(drawChapterDigests(null, data, head, ctx.language), ctx);
}

/** The chapter digest's pages, in a new document or appended to `into` (the audit pack); without the footer. */
export function drawChapterDigests(into: jsPDF | null, data: ChaptersList, head: ChapterDigestsHead, language: ReportLanguage): jsPDF {
  const d = labelsFor(language).digests;
  const year = data.chapterYear !== data.year ? `${d.chapterYear} ${data.chapterYear}` : '';
  const filter = [chapterRangeText(head.chapterFrom, head.chapterTo, d), year, data.withMovements ? d.withMovements : d.withoutMovements].filter(Boolean);
  const page = startReport('landscape', `${d.chapterDigest.title} ${data.year}`, [head.department, filter.join(' · ')], into);
  if (data.chapters.length === 0) emptyNote(page.doc, page.y, d.chapterDigest.empty);
  else if (!data.withMovements) chaptersTable(page, page.y, data.chapters, d, language);
  else {
    let y = page.y;
    for (const c of data.chapters) y = chapterWithRows(page, y, c, d, language);
  }
  return page.doc;
}
