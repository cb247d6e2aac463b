import { formatDateTime } from '@app/domain';
import { jsPDF } from 'jspdf';
import { __createTable, autoTable, type CellInput, type RowInput, type UserOptions } from 'jspdf-autotable';
import { robotoBold, robotoItalic, robotoRegular } from './fonts/roboto.ts';
import { labelsFor, type ReportLanguage } from './labels/index.ts';
import { fitWidths, minimumWidths, planFlow } from './tableFlow.ts';

/**
 * The page layout every printed list shares (DESIGN.md "Reports"): A4 in mm with Roboto embedded,
 * a 12 mm margin, the header block (bold title, then lines under it), section headings, tables with
 * one set of autotable defaults, an italic note when there is nothing to print, and the footer
 * (date-time, "Login as" user, "Page x of y") on every page. A report module only arranges its
 * data: it calls `startReport`, then `sectionHeading`/`drawTable`/`emptyNote`, then `finishReport`.
 */

/** The font of every report (DESIGN.md: Roboto embedded). */
export const REPORT_FONT = 'Roboto';
/** The page margin on all four sides (mm). */
export const MARGIN = 12;

export type Rgb = [number, number, number];
/** The header row of every table (the app's primary green). */
export const GREEN: Rgb = [46, 125, 50];
/** A title row inside a table (chart titles above their chapters). */
export const TITLE_FILL: Rgb = [220, 237, 200];
/** A total row. */
export const TOTAL_FILL: Rgb = [240, 240, 240];

const TITLE_SIZE = 14;
const LINE_SIZE = 10;
const HEADING_SIZE = 11;
const TABLE_SIZE = 8;
const FOOTER_SIZE = 8;
/** Space a section heading needs below it on the page, else it starts a new page (mm). */
const HEADING_RESERVE = 30;

/** Who prints and when: goes into the footer of every page. */
export interface ReportContext {
  username: string;
  now: Date;
}

/** Who prints, when and in which language (reports whose data does not carry the language). */
export interface LanguageReportContext extends ReportContext {
  language: ReportLanguage;
}

/** A report being drawn: the document and the printable width between the margins. */
export interface ReportPage {
  doc: jsPDF;
  printable: number;
}

/** A new A4 document with Roboto (normal, bold, italic) embedded and selected. */
export function createReportDoc(orientation: 'landscape' | 'portrait'): jsPDF {
  const doc = new jsPDF({ orientation, unit: 'mm', format: 'a4' });
  for (const [style, data] of [
    ['normal', robotoRegular],
    ['bold', robotoBold],
    ['italic', robotoItalic],
  ] as const) {
    const file = `Roboto-${style}.ttf`;
    doc.addFileToVFS(file, data);
    doc.addFont(file, REPORT_FONT, style);
  }
  doc.setFont(REPORT_FONT, 'normal');
  nameIdentityCollection(doc);
  return doc;
}

type FontWriter = [(this: unknown, args: { out: (line: string) => unknown }) => unknown, boolean];

/**
 * jsPDF writes an embedded font's CIDSystemInfo with `/Ordering (Identity-H)`: that is the font's
 * encoding, not a character collection (the collection is Adobe-Identity), so readers such as poppler
 * complain "Unknown character collection 'Adobe-Identity-H'". The font writer's output is passed
 * through here with the one line corrected.
 */
function nameIdentityCollection(doc: jsPDF): void {
  const topics = (doc.internal.events as unknown as { getTopics(): Record<string, Record<string, FontWriter>> }).getTopics();
  const writers = topics.putFont ?? {};
  for (const id of Object.keys(writers)) {
    const [write, once] = writers[id]!;
    writers[id] = [
      function (this: unknown, args) {
        const out = args.out;
        return write.call(this, { ...args, out: (line: string) => out(line === '/Ordering (Identity-H)' ? '/Ordering (Identity)' : line) });
      },
      once,
    ];
  }
}

/**
 * A new report with its header block: the title, then each non-empty line under it (subtitle,
 * department, signers...). Returns the document and the y where the content starts. With `into` (a
 * bundle of prints: the audit pack) the report starts on a new page of that document instead.
 */
export function startReport(
  orientation: 'landscape' | 'portrait',
  title: string,
  lines: (string | undefined)[] = [],
  into?: jsPDF | null,
): ReportPage & { y: number } {
  const doc = into ? into.addPage('a4', orientation) : createReportDoc(orientation);
  const printable = doc.internal.pageSize.getWidth() - 2 * MARGIN;
  doc.setFont(REPORT_FONT, 'bold');
  doc.setFontSize(TITLE_SIZE);
  doc.text(title, MARGIN, MARGIN + 4);
  doc.setFont(REPORT_FONT, 'normal');
  doc.setFontSize(LINE_SIZE);
  let y = MARGIN + 10;
  for (const line of lines) {
    if (!line) continue;
    doc.text(line, MARGIN, y);
    y += 5;
  }
  return { doc, printable, y: y - 2 };
}

/** Starts a new page when fewer than `reserve` mm are left below `y`; returns the y to go on at. */
export function keepSpace(doc: jsPDF, y: number, reserve: number): number {
  if (y <= doc.internal.pageSize.getHeight() - MARGIN - reserve) return y;
  doc.addPage();
  return MARGIN;
}

/** The height of a section heading (mm). */
const HEADING_HEIGHT = 6;

function headingText(doc: jsPDF, top: number, text: string): number {
  doc.setFont(REPORT_FONT, 'bold');
  doc.setFontSize(HEADING_SIZE);
  doc.text(text, MARGIN, top + 5);
  return top + HEADING_HEIGHT;
}

/**
 * A bold heading (a part, an account type, a record); on a new page when the page is nearly full. Above a table,
 * pass it to drawTable as `heading` instead: there it always stays with the table's header and first row.
 */
export function sectionHeading(doc: jsPDF, y: number, text: string, reserve = HEADING_RESERVE): number {
  return headingText(doc, keepSpace(doc, y, reserve), text);
}

/** An italic note in place of the tables (nothing to print). */
export function emptyNote(doc: jsPDF, y: number, text: string): number {
  doc.setFont(REPORT_FONT, 'italic');
  doc.setFontSize(LINE_SIZE);
  doc.text(text, MARGIN, y + 6);
  return y + 10;
}

/**
 * The table looks: `list` (striped rows) for registers, `grid` (ruled cells) for the budget prints,
 * `form` (ruled and taller, to fill in by hand) for the empty draft.
 */
export type TableLook = 'list' | 'grid' | 'form';

const looks = {
  list: { theme: 'striped', styles: { cellPadding: 1.2 } },
  grid: { theme: 'grid', styles: { cellPadding: 1.4 } },
  form: { theme: 'grid', styles: { cellPadding: 1.6, minCellHeight: 6 } },
} as const;

export interface TableOptions {
  /** Column titles; empty for a table without a header row (a master sheet). */
  head: string[];
  body: RowInput[];
  /** Column widths in percent of the printable width (spec 2 §9), one per column; a column too narrow for its longest word is widened. */
  widths: number[];
  /** Indexes of the right-aligned columns (amounts), header included. */
  right?: number[];
  look: TableLook;
  /** Space (mm, below the y drawTable returns) that what follows needs on the last row's page: the signature block. */
  keepAfter?: number;
  /** A section heading above the table, kept with its header and first row. */
  heading?: string;
}

type Lastable = jsPDF & { lastAutoTable?: { finalY: number } };

/**
 * A table below `y` with the shared defaults (font, size, margins, green header); returns the y under it.
 * Rows never split over two pages, no word breaks inside (the columns are sized to their longest word),
 * a group heading row never ends a page, and `keepAfter` keeps what follows with the last row
 * (tableFlow.ts): the table is measured first, then drawn in pieces, each piece after the first on a new
 * page with the header repeated.
 */
export function drawTable(page: ReportPage, y: number, opts: TableOptions): number {
  const { doc } = page;
  const right = opts.right ?? [];
  const halign = (i: number) => (right.includes(i) ? ('right' as const) : ('left' as const));
  const look = looks[opts.look];
  const head: CellInput[] = opts.head.map((content, i) => (right.length > 0 ? { content, styles: { halign: halign(i) } } : content));
  const padding = look.styles.cellPadding * 2;
  const minimum = minimumWidths({ doc, font: REPORT_FONT, fontSize: TABLE_SIZE, padding }, opts.head, opts.body, opts.widths.length, right);
  const widths = fitWidths(
    opts.widths.map((w) => (page.printable * w) / 100),
    minimum,
  );
  const margin = { left: MARGIN, right: MARGIN, top: MARGIN, bottom: MARGIN + 6 };
  const options = (body: RowInput[], startY: number, firstIndex: number): UserOptions => ({
    startY,
    head: head.length > 0 ? [head] : [],
    body,
    theme: look.theme,
    margin,
    rowPageBreak: 'avoid',
    styles: { font: REPORT_FONT, fontSize: TABLE_SIZE, overflow: 'linebreak', ...look.styles },
    headStyles: { fillColor: GREEN, textColor: 255, fontStyle: 'bold' },
    // a piece starting at an odd row keeps the stripes of the whole table
    ...(look.theme === 'striped' && firstIndex % 2 === 1 ? { bodyStyles: { fillColor: 245 }, alternateRowStyles: { fillColor: 255 } } : {}),
    columnStyles: Object.fromEntries(widths.map((w, i) => [i, { cellWidth: w, ...(right.length > 0 ? { halign: halign(i) } : {}) }])),
  });
  const pageHeight = doc.internal.pageSize.getHeight();
  const headingSpace = opts.heading ? HEADING_HEIGHT : 0;
  const plan = planFlow({
    table: __createTable(doc, options(opts.body, y + headingSpace + 1, 0)),
    body: opts.body,
    startY: y + headingSpace + 1,
    pageHeight,
    top: margin.top,
    nextStart: margin.top + headingSpace,
    bottom: margin.bottom,
    keepAfter: opts.keepAfter ? opts.keepAfter + 5 : 0,
    pageBottom: MARGIN,
  });
  const cuts = [0, ...plan.breaks, opts.body.length];
  let top = y;
  if (plan.startOnNext) {
    doc.addPage();
    top = margin.top;
  }
  if (opts.heading) headingText(doc, top, opts.heading);
  let startY = top + headingSpace + (plan.startOnNext ? 0 : 1);
  for (let piece = 0; piece < cuts.length - 1; piece++) {
    if (piece > 0) {
      doc.addPage();
      startY = margin.top;
    }
    autoTable(doc, options(opts.body.slice(cuts[piece], cuts[piece + 1]), startY, cuts[piece]!));
  }
  return ((doc as Lastable).lastAutoTable?.finalY ?? y) + 5;
}

/** A bold cell, optionally filled and spanning columns (labels of total rows). */
export const bold = (content: string, fill?: Rgb, colSpan?: number): CellInput => ({
  content,
  ...(colSpan ? { colSpan } : {}),
  styles: { fontStyle: 'bold', ...(fill ? { fillColor: fill } : {}) },
});

/** A bold right-aligned cell (a total amount). */
export const boldRight = (content: string, fill?: Rgb): CellInput => ({
  content,
  styles: { fontStyle: 'bold', halign: 'right', ...(fill ? { fillColor: fill } : {}) },
});

/** An empty cell with a fill (the rest of a total row). */
export const filled = (fill: Rgb): CellInput => ({ content: '', styles: { fillColor: fill } });

/** The three parts of every report footer: date-time, "Login as" user, "Page x of y". */
export function footerParts(opts: { now: Date; username: string; page: number; pages: number; language: ReportLanguage }): [string, string, string] {
  const t = labelsFor(opts.language).footer;
  return [formatDateTime(opts.now), `${t.loginAs} ${opts.username}`, `${t.page} ${opts.page} ${t.of} ${opts.pages}`];
}

/** Draws the footer on every page; call it last, when the number of pages is known. Returns the document. */
export function finishReport(doc: jsPDF, ctx: LanguageReportContext): jsPDF {
  const pages = doc.getNumberOfPages();
  for (let page = 1; page <= pages; page++) {
    doc.setPage(page);
    // each page its own size: a bundle (the audit pack) mixes portrait and landscape pages
    const width = doc.internal.pageSize.getWidth();
    const footerY = doc.internal.pageSize.getHeight() - MARGIN + 4;
    const [when, who, pageOf] = footerParts({ now: ctx.now, username: ctx.username, page, pages, language: ctx.language });
    doc.setFont(REPORT_FONT, 'normal');
    doc.setFontSize(FOOTER_SIZE);
    doc.text(when, MARGIN, footerY);
    doc.text(who, width / 2, footerY, { align: 'center' });
    doc.text(pageOf, width - MARGIN, footerY, { align: 'right' });
  }
  return doc;
}
