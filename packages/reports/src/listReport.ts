import { type jsPDF } from 'jspdf';
import { autoTable, type RowInput } from 'jspdf-autotable';
import { footerParts, type ReportLanguage } from './footer.ts';
import { createReportDoc, REPORT_FONT } from './doc.ts';

/** Who prints and when: goes into the footer of every page. */
export interface ReportContext {
  username: string;
  now: Date;
}

export interface ReportTable {
  /** A heading printed above the table (e.g. the account type), optional. */
  heading?: string;
  /** Column titles; empty for a table without a header row (a master sheet). */
  head: string[];
  body: RowInput[];
  /** Starts the table on a new page (a master sheet: one page per record). */
  newPage?: boolean;
}

export interface ListReportOptions extends ReportContext {
  language: ReportLanguage;
  title: string;
  subtitle?: string;
  /** Column widths in percent of the printable width (spec 2 §9), one per column. */
  widths: number[];
  tables: ReportTable[];
  /** Text shown when no table has rows. */
  emptyText: string;
}

const MARGIN = 12;
const FOOTER_SIZE = 8;

/**
 * A landscape A4 list: title, optional subtitle, one or more tables with the given column widths,
 * and the footer (date-time, "Login as" user, "Page x of y") on every page.
 */
export function listReport(opts: ListReportOptions): jsPDF {
  const doc = createReportDoc('landscape');
  const pageWidth = doc.internal.pageSize.getWidth();
  const pageHeight = doc.internal.pageSize.getHeight();
  const printable = pageWidth - 2 * MARGIN;
  doc.setFont(REPORT_FONT, 'bold');
  doc.setFontSize(14);
  doc.text(opts.title, MARGIN, MARGIN + 4);
  let y = MARGIN + 8;
  if (opts.subtitle) {
    doc.setFont(REPORT_FONT, 'normal');
    doc.setFontSize(10);
    doc.text(opts.subtitle, MARGIN, y + 2);
    y += 6;
  }
  const columnStyles = Object.fromEntries(opts.widths.map((w, i) => [i, { cellWidth: (printable * w) / 100 }]));
  const tables = opts.tables.filter((t) => t.body.length > 0);
  if (tables.length === 0) {
    doc.setFont(REPORT_FONT, 'italic');
    doc.setFontSize(10);
    doc.text(opts.emptyText, MARGIN, y + 6);
  }
  for (const [index, table] of tables.entries()) {
    if (table.newPage && index > 0) {
      doc.addPage();
      y = MARGIN;
    }
    if (table.heading) {
      if (y > pageHeight - MARGIN - 30) {
        doc.addPage();
        y = MARGIN;
      }
      doc.setFont(REPORT_FONT, 'bold');
      doc.setFontSize(11);
      doc.text(table.heading, MARGIN, y + 5);
      y += 7;
    }
    autoTable(doc, {
      startY: y + 1,
      head: table.head.length > 0 ? [table.head] : [],
      body: table.body,
      theme: 'striped',
      margin: { left: MARGIN, right: MARGIN, top: MARGIN, bottom: MARGIN + 6 },
      styles: { font: REPORT_FONT, fontSize: 8, cellPadding: 1.2, overflow: 'linebreak' },
      headStyles: { fillColor: [46, 125, 50], textColor: 255, fontStyle: 'bold' },
      columnStyles,
    });
    y = (doc as jsPDF & { lastAutoTable?: { finalY: number } }).lastAutoTable?.finalY ?? y;
    y += 4;
  }
  const pages = doc.getNumberOfPages();
  for (let page = 1; page <= pages; page++) {
    doc.setPage(page);
    const [when, who, pageOf] = footerParts({ now: opts.now, username: opts.username, page, pages, language: opts.language });
    doc.setFont(REPORT_FONT, 'normal');
    doc.setFontSize(FOOTER_SIZE);
    const footerY = pageHeight - MARGIN + 4;
    doc.text(when, MARGIN, footerY);
    doc.text(who, pageWidth / 2, footerY, { align: 'center' });
    doc.text(pageOf, pageWidth - MARGIN, footerY, { align: 'right' });
  }
  return doc;
}
