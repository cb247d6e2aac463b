import { type ChapterErrorRow, FINAL_BALANCE_CRITERIA, type FinalBalanceErrors, formatChapter, formatDate } from '@app/domain';
import type { jsPDF } from 'jspdf';
import type { RowInput } from 'jspdf-autotable';
import { money } from './budgetHeader.ts';
import { labelsFor } from './labels/index.ts';
import {
  bold,
  boldRight,
  drawTable,
  emptyNote,
  finishReport,
  type LanguageReportContext,
  type ReportPage,
  sectionHeading,
  startReport,
  TOTAL_FILL,
} from './layout.ts';

/** Widths (percent) of the chapter tables: year, chapter, description, then six amounts (residues: seven, the bounds last). */
const CHAPTER_WIDTHS = [6, 8, 26, 10, 10, 10, 10, 10, 10];
const RESIDUE_WIDTHS = [6, 8, 24, 9, 9, 9, 9, 9, 8, 9];

/**
 * The chapter lines of a failed criterion (exceeded availabilities, residues, title 3); the residues
 * show each line's residue with both its bounds (DOMAIN decision 24) instead of the availability.
 */
function chapterTable(
  page: ReportPage,
  y: number,
  rows: ChapterErrorRow[],
  ctx: LanguageReportContext,
  options: { total?: { label: string; cents: number }; bounds?: boolean } = {},
): number {
  const t = labelsFor(ctx.language).finalErrors;
  const body: RowInput[] = rows.map((r) => [
    String(r.chapterYear),
    formatChapter(r.chapter),
    ctx.language === 'it' ? r.descriptionIta || r.descriptionDeu : r.descriptionDeu || r.descriptionIta,
    money(r.budgetFinal),
    money(r.payments),
    money(r.openPayments),
    money(r.reservations),
    r.finalResidue === null ? t.notDetermined : money(r.finalResidue),
    ...(options.bounds ? [money(r.minimum), money(r.maximum)] : [money(r.availability)]),
  ]);
  const { total } = options;
  if (total) body.push([bold(total.label, TOTAL_FILL, 8), boldRight(money(total.cents), TOTAL_FILL)]);
  return options.bounds
    ? drawTable(page, y, { head: t.residuesHead, body, widths: RESIDUE_WIDTHS, right: [3, 4, 5, 6, 7, 8, 9], look: 'grid' })
    : drawTable(page, y, { head: t.chapterHead, body, widths: CHAPTER_WIDTHS, right: [3, 4, 5, 6, 7, 8], look: 'grid' });
}

/**
 * The error protocol of the final account (spec 3 §2 Final account, §3 errors report; DOMAIN decision
 * 16): per failed criterion a heading and the rows behind it — unpaid bills, budget changes without
 * approval, reservations without residue, exceeded availabilities, undetermined residues, and the
 * title-3 revenues and expenses with their totals. Landscape; a note when every criterion passes.
 */
export function finalBalanceErrorsPdf(data: FinalBalanceErrors, department: string, ctx: LanguageReportContext): jsPDF {
  const t = labelsFor(ctx.language).finalErrors;
  const page = startReport('landscape', `${t.title} ${data.year}`, [department]);
  let y = page.y;
  const failed = FINAL_BALANCE_CRITERIA.filter((_, i) => data.criteria[i] === 0);
  if (failed.length === 0) emptyNote(page.doc, y, t.none);
  for (const criterion of failed) {
    y = sectionHeading(page.doc, y, t.criteria[criterion]);
    switch (criterion) {
      case 'unpaidBills':
        y = drawTable(page, y, {
          head: t.unpaidHead,
          body: data.unpaidBills.map((b) => [
            formatDate(b.recordDate),
            String(b.recordNumber),
            b.documentDate ? formatDate(b.documentDate) : '',
            b.documentNumber,
            b.accountCode,
            `${b.supplierCode} ${b.supplierDescription}`.trim(),
            `${b.chapterYear} ${formatChapter(b.chapter)}`,
            money(b.amount),
          ]),
          widths: [10, 6, 10, 12, 7, 30, 13, 12],
          right: [7],
          look: 'grid',
        });
        break;
      case 'budgetChanges':
        y = drawTable(page, y, { head: t.changesHead, body: data.budgetChanges.map((c) => [String(c.recordNumber), c.notes]), widths: [10, 90], look: 'grid' });
        break;
      case 'reservations':
        y = drawTable(page, y, {
          head: t.reservationsHead,
          body: data.reservations.map((r) => [
            formatDate(r.recordDate),
            String(r.recordNumber),
            String(r.chapterYear),
            formatChapter(r.chapter),
            money(r.remainingAmount),
            r.finalResidue === null ? t.notDetermined : money(r.finalResidue),
            r.note,
          ]),
          widths: [10, 6, 6, 9, 12, 12, 45],
          right: [4, 5],
          look: 'grid',
        });
        break;
      case 'exceededAvailabilities':
        y = chapterTable(page, y, data.exceededAvailabilities, ctx);
        break;
      case 'residues':
        y = chapterTable(page, y, data.residues, ctx, { bounds: true });
        break;
      case 'title3':
        y = chapterTable(page, y, data.title3Revenues, ctx, { total: { label: t.title3Revenues, cents: data.title3RevenuesTotal } });
        y = chapterTable(page, y, data.title3Expenses, ctx, { total: { label: t.title3Expenses, cents: data.title3ExpensesTotal } });
        break;
    }
  }
  return finishReport(page.doc, ctx);
}
