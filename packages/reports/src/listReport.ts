import type { jsPDF } from 'jspdf';
import type { RowInput } from 'jspdf-autotable';
import { drawTable, emptyNote, finishReport, MARGIN, type ReportContext, sectionHeading, startReport } from './layout.ts';
import type { ReportLanguage } from './labels/index.ts';

export type { ReportContext } from './layout.ts';

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
  /** Right-aligned columns (amounts), by index. */
  right?: number[];
  tables: ReportTable[];
  /** Text shown when no table has rows. */
  emptyText: string;
}

/**
 * A landscape A4 list on the shared layout: title, optional subtitle, one or more striped tables
 * with the given column widths (each with an optional heading), and the footer on every page.
 * The registers (departments, suppliers, accounts) and the master sheets are built on it.
 */
export function listReport(opts: ListReportOptions): jsPDF {
  const page = startReport('landscape', opts.title, [opts.subtitle]);
  const { doc } = page;
  let y = page.y;
  const tables = opts.tables.filter((t) => t.body.length > 0);
  if (tables.length === 0) emptyNote(doc, y, opts.emptyText);
  for (const [index, table] of tables.entries()) {
    if (table.newPage && index > 0) {
      doc.addPage();
      y = MARGIN;
    }
    if (table.heading) y = sectionHeading(doc, y, table.heading);
    y = drawTable(page, y, { head: table.head, body: table.body, widths: opts.widths, look: 'list', ...(opts.right ? { right: opts.right } : {}) });
  }
  return finishReport(doc, opts);
}
