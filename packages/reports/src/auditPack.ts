import {
  type AuditAction,
  type AuditLineWords,
  type AuditPackContent,
  type AuditRecordOptions,
  type AuditRow,
  auditChanges,
  auditInputRefText,
  auditRecordChanges,
  auditRecordLine,
  formatDate,
  formatDateTime,
} from '@app/domain';
import type { jsPDF } from 'jspdf';
import type { RowInput } from 'jspdf-autotable';
import { money } from './budgetHeader.ts';
import { drawCashJournal } from './cashJournal.ts';
import { drawChapterDigests } from './chapterDigest.ts';
import { drawFinalReport } from './finalReport.ts';
import { type AuditPackLabels, auditPackLabels } from './labels/auditPack.ts';
import { labelsFor, type ReportLanguage } from './labels/index.ts';
import { createReportDoc, drawTable, emptyNote, finishReport, type LanguageReportContext, MARGIN, REPORT_FONT, startReport } from './layout.ts';
import { localName } from './names.ts';
import { drawOpenPayments } from './payments.ts';
import { drawReservations } from './reservationsList.ts';
import { drawResidues } from './residues.ts';

/** What the audit pack prints (domain's gatherAuditPack) and whose it is: `101 FF Leifers`. */
export interface AuditPackData extends AuditPackContent {
  department: string;
}

/** A section of the pack: its title in the table of contents and the page it starts on. */
export interface AuditPackSection {
  title: string;
  page: number;
}

/** Amount fields of a save's input (integer cents): every key naming an amount, a balance or a budget figure. */
const AMOUNT_KEY = /amount|balance|budget|forecast|surplus|total|residue|profit|loss/i;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** Keys the scope or the row itself already tells. */
const SCOPE_KEYS = new Set(['departmentId', 'year', 'id']);
const SUMMARY_LENGTH = 240;
/** before » after in the prints (the report font has no arrow glyph). */
const PRINT_ARROW = '»';

/** How the input's keys and ids read: the field's word in the user's language, a chapter or record named by id resolved (from the row's refs and names). */
interface InputWords {
  field: (key: string) => string;
  ref: (key: string, value: unknown) => string | null;
}
const plainWords: InputWords = { field: (key) => key, ref: () => null };

function valueText(key: string, value: unknown, t: AuditPackLabels['audit'], words: InputWords): string {
  if (value === null || value === undefined) return '–';
  const ref = words.ref(key, value);
  if (ref !== null) return ref;
  if (typeof value === 'boolean') return value ? t.yes : t.no;
  if (typeof value === 'number') return AMOUNT_KEY.test(key) && Number.isInteger(value) ? money(value) : String(value);
  if (typeof value === 'string') return ISO_DATE.test(value) ? formatDate(value) : value.length > 40 ? `${value.slice(0, 39)}…` : value;
  // a few records (a movement's positions) are written out, so their amounts show; longer lists by their count
  if (Array.isArray(value))
    return value.length > 0 && value.length <= 3 && value.every((v) => v !== null && typeof v === 'object' && !Array.isArray(v))
      ? value.map((v) => `(${fieldsText(v as Record<string, unknown>, t, words)})`).join(' ')
      : `${value.length} ${value.length === 1 ? t.entry : t.entries}`;
  return `(${fieldsText(value as Record<string, unknown>, t, words)})`;
}

function fieldsText(fields: Record<string, unknown>, t: AuditPackLabels['audit'], words: InputWords): string {
  return Object.entries(fields)
    .filter(([k, v]) => !SCOPE_KEYS.has(k) && v !== undefined && v !== '')
    .map(([k, v]) => `${words.field(k)}: ${valueText(k, v, t, words)}`)
    .join(', ');
}

/**
 * The changed records of a save as the CSV writes them (domain auditRecordLine: a position the save deleted and
 * inserted again is one changed record, named by its number and chapter: `Position 1 2-1-006 Treibstoff: Betrag …`,
 * the words in the user's language from the caller; inserted and deleted records are left to the input).
 */
function updatesText(changes: unknown, options: AuditRecordOptions & AuditLineWords): string {
  return (
    auditRecordChanges(changes, options)
      .filter((r) => r.op === 'U')
      // the embedded Roboto subset has no `→` (Roboto 2017 draws none): `»`, which Latin-1 has
      .map((r) => auditRecordLine(r, { ...options, empty: '–', arrow: PRINT_ARROW }))
      .join(', ')
  );
}

/**
 * A short readable line of a trail row's `changes` (auditChanges: the save's sanitised input and the rows it
 * changed): the changed records' fields before → after first (a position by its number and chapter, from the row's
 * `refs`; the words of the caller, as the CSV: auditRecordLine), then the input's fields but the scope (ids resolved
 * from the row's `refs` and `names`); amounts in euros as in the
 * other prints, dates as `DD.MM.YYYY`, up to three records written out, longer lists by their count, cut at 240 characters.
 */
export function changesSummary(
  changes: unknown,
  language: ReportLanguage,
  row: Pick<AuditRecordOptions, 'refs' | 'names' | 'departmentId' | 'year' | 'entity'> = {},
  words: AuditLineWords = {},
): string {
  const t = auditPackLabels(language).audit;
  const { input } = auditChanges(changes);
  const options = { ...row, language, ...words };
  const refText = auditInputRefText(options);
  const inputWords: InputWords = { field: words.field ?? plainWords.field, ref: (k, v) => words.value?.(k, v, row.entity) ?? refText(k, v) };
  const inputText =
    input === null || input === undefined
      ? ''
      : typeof input === 'object' && !Array.isArray(input)
        ? fieldsText(input as Record<string, unknown>, t, inputWords)
        : valueText('', input, t, inputWords);
  // the changed records first (what changed; the detail orders them so too), then the input: a long input is what the cut takes
  const text = [updatesText(changes, options), inputText].filter((part) => part !== '').join('; ');
  return text.length > SUMMARY_LENGTH ? `${text.slice(0, SUMMARY_LENGTH - 1)}…` : text;
}

/** The trail's rows as a landscape list (the pack's last section, the Änderungsprotokoll's PDF), with the department when asked. */
function drawAuditRows(
  into: jsPDF | null,
  rows: AuditRow[],
  heading: { title: string; lines: string[]; withDepartment: boolean },
  language: ReportLanguage,
  words: AuditLineWords = {},
): jsPDF {
  const t = auditPackLabels(language).audit;
  const page = startReport('landscape', heading.title, heading.lines, into);
  if (rows.length === 0) {
    emptyNote(page.doc, page.y, t.empty);
    return page.doc;
  }
  const body: RowInput[] = rows.map((r) => [
    formatDateTime(new Date(r.at)),
    heading.withDepartment && r.departmentCode ? `${r.userName} · ${r.departmentCode}` : r.userName,
    t.entities[r.entity] ?? r.entity,
    r.recordNumber === null ? '' : String(r.recordNumber),
    t.actions[r.action as AuditAction] ?? r.action,
    changesSummary(r.changes, language, r, words),
  ]);
  drawTable(page, page.y, { head: t.head, body, widths: [12, 11, 13, 5, 11, 48], look: 'list' });
  return page.doc;
}

function drawAuditTrail(into: jsPDF, data: AuditPackData, language: ReportLanguage, words: AuditLineWords): jsPDF {
  const t = auditPackLabels(language).audit;
  const since = data.approval ? `${t.after} ${formatDate(data.approval)}` : t.notApproved;
  return drawAuditRows(into, data.audit, { title: `${t.title} ${data.year}`, lines: [data.department, since], withDepartment: false }, language, words);
}

/**
 * The Änderungsprotokoll's own PDF (issue 27): the filtered rows as the screen lists them (newest first), the filter in
 * the heading, the user and department of each row, and the shared footer.
 */
export function auditTrailPdf(rows: AuditRow[], filters: string[], ctx: LanguageReportContext, words: AuditLineWords = {}): jsPDF {
  const t = auditPackLabels(ctx.language).audit;
  return finishReport(drawAuditRows(null, rows, { title: t.title, lines: filters, withDepartment: true }, ctx.language, words), ctx);
}

/** The cover and table of contents, drawn last into the first page kept free for them. */
function drawContents(doc: jsPDF, data: AuditPackData, sections: AuditPackSection[], ctx: LanguageReportContext): void {
  const t = auditPackLabels(ctx.language);
  doc.setPage(1);
  const width = doc.internal.pageSize.getWidth();
  doc.setFont(REPORT_FONT, 'bold');
  doc.setFontSize(22);
  doc.text(t.title, width / 2, 45, { align: 'center' });
  doc.setFont(REPORT_FONT, 'normal');
  doc.setFontSize(13);
  const closed = ctx.now.getFullYear() > data.year;
  const lines = [
    data.department,
    `${t.year} ${data.year}`,
    closed ? `${t.stateAt} ${formatDate(`${data.year}-12-31`)}` : t.stateToday,
    `${t.printedOn} ${formatDateTime(ctx.now)}`,
  ];
  lines.forEach((line, i) => doc.text(line, width / 2, 58 + i * 7, { align: 'center' }));
  const printable = width - 2 * MARGIN;
  drawTable({ doc, printable }, 58 + lines.length * 7 + 6, {
    heading: t.contents,
    head: [t.section, t.page],
    body: sections.map((s) => [s.title, String(s.page)]),
    widths: [85, 15],
    right: [1],
    look: 'grid',
  });
}

/**
 * The audit pack (issue 27): one PDF with a cover and table of contents (each section's title and first page),
 * then the final report, the cash journal of every account, the chapter digest, the open payments (when the
 * department keeps them), the
 * reservations, the residue list and the audit trail after the budget approval — each drawn by its own print's
 * function into the one document — and the shared footer ("Seite x von y") on every page. Returns the
 * document and the sections (for the tests and the screen).
 */
export function auditPackPdf(
  data: AuditPackData,
  ctx: LanguageReportContext,
  /** the field and record words of the trail's changes, in the user's language (the screen's, as its CSV) */ words: AuditLineWords = {},
): { doc: jsPDF; sections: AuditPackSection[] } {
  const { language } = ctx;
  const labels = labelsFor(language);
  const doc = createReportDoc('portrait');
  const sections: AuditPackSection[] = [];
  const section = (title: string, draw: () => void) => {
    sections.push({ title, page: doc.getNumberOfPages() + 1 });
    draw();
  };
  section(`${labels.finalReport.title} ${data.year}`, () => drawFinalReport(doc, data.finalReport, language));
  for (const journal of data.cashJournals) {
    const account = `${labels.digests.cashJournal.account} ${journal.accountCode} ${localName(journal.descriptionDeu, journal.descriptionIta, language)}`;
    section(`${labels.digests.cashJournal.title} ${data.year} – ${account}`, () => drawCashJournal(doc, journal, data.department, language));
  }
  section(`${labels.digests.chapterDigest.title} ${data.year}`, () => drawChapterDigests(doc, data.chapters, { department: data.department }, language));
  const { openPayments } = data;
  if (openPayments) section(labels.payments.openTitle, () => drawOpenPayments(doc, openPayments, data.department, language));
  section(`${labels.reservations.title} ${data.year}`, () =>
    drawReservations(doc, data.reservations, { year: data.year, department: data.department, status: 'open' }, language),
  );
  section(`${labels.residues.title} ${data.year}`, () => drawResidues(doc, data.residues, { year: data.year, department: data.department }, language));
  section(`${auditPackLabels(language).audit.title} ${data.year}`, () => drawAuditTrail(doc, data, language, words));
  drawContents(doc, data, sections, ctx);
  return { doc: finishReport(doc, ctx), sections };
}
