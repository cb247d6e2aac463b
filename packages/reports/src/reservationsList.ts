import { formatChapter, formatDate, type ReservationListItem, type ReservationPrintList, type ReservationStatus } from '@app/domain';
import type { jsPDF } from 'jspdf';
import type { RowInput } from 'jspdf-autotable';
import { money } from './budgetHeader.ts';
import { labelsFor, type ReportLabels, type ReportLanguage } from './labels/index.ts';
import { bold, boldRight, drawTable, emptyNote, filled, finishReport, type LanguageReportContext, startReport, TOTAL_FILL } from './layout.ts';
import { localName } from './names.ts';

/** What the print was asked for (the filter line under the title) and whose it is. */
export interface ReservationsPrintHead {
  year: number;
  /** `101 FF Leifers`. */
  department: string;
  status: ReservationStatus;
  chapterYear?: number | undefined;
  /** The single chapter of the filter, or the range's first. */
  chapterFrom?: string | undefined;
  chapterTo?: string | undefined;
}

function filterLine(head: ReservationsPrintHead, t: ReportLabels['reservations']): string {
  const chapters = head.chapterFrom
    ? head.chapterTo
      ? `${t.chapters} ${formatChapter(head.chapterFrom)} – ${formatChapter(head.chapterTo)}`
      : `${t.chapter} ${formatChapter(head.chapterFrom)}`
    : head.chapterTo
      ? `${t.chapters} – ${formatChapter(head.chapterTo)}`
      : t.allChapters;
  const year = head.chapterYear === undefined ? t.allYears : `${t.chapterYear} ${head.chapterYear}`;
  return [t.status[head.status], year, chapters].join(' · ');
}

function stateOf(r: ReservationListItem, t: ReportLabels['reservations']): string {
  return r.cancelled ? t.cancelled : r.closed ? t.closed : t.open;
}

/**
 * The reservations list (landscape, spec 3 §2 Reservations print): per reservation number, date, the
 * chapter line (year, code, description), note, booked, used, unused and its state, then the totals.
 */
export function reservationsPdf(data: ReservationPrintList, head: ReservationsPrintHead, ctx: LanguageReportContext): jsPDF {
  return finishReport(drawReservations(null, data, head, ctx.language), ctx);
}

/** The reservations list's pages, in a new document or appended to `into` (the audit pack); without the footer. */
export function drawReservations(into: jsPDF | null, data: ReservationPrintList, head: ReservationsPrintHead, language: ReportLanguage): jsPDF {
  const t = labelsFor(language).reservations;
  const page = startReport('landscape', `${t.title} ${head.year}`, [head.department, filterLine(head, t)], into);
  if (data.rows.length === 0) emptyNote(page.doc, page.y, t.empty);
  else {
    const body: RowInput[] = data.rows.map((r) => [
      String(r.recordNumber),
      formatDate(r.recordDate),
      String(r.chapter.chapterYear),
      formatChapter(r.chapter.chapter),
      localName(r.chapter.descriptionDeu, r.chapter.descriptionIta, language),
      r.note,
      money(r.amountBooked),
      money(r.amountUsed),
      money(r.amountUnused),
      stateOf(r, t),
    ]);
    body.push([
      bold(`${t.total} (${data.rows.length})`, TOTAL_FILL, 6),
      boldRight(money(data.totals.amountBooked), TOTAL_FILL),
      boldRight(money(data.totals.amountUsed), TOTAL_FILL),
      boldRight(money(data.totals.amountUnused), TOTAL_FILL),
      filled(TOTAL_FILL),
    ]);
    drawTable(page, page.y, { head: t.head, body, widths: [5, 8, 5, 8, 20, 16, 10, 10, 10, 8], right: [6, 7, 8], look: 'grid' });
  }
  return page.doc;
}
