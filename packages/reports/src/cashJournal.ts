import { type CashJournal, formatDate } from '@app/domain';
import type { jsPDF } from 'jspdf';
import type { RowInput } from 'jspdf-autotable';
import { money } from './budgetHeader.ts';
import { kindLabel, recordText } from './digestParts.ts';
import { labelsFor, type ReportLanguage } from './labels/index.ts';
import { bold, boldRight, drawTable, emptyNote, finishReport, type LanguageReportContext, startReport, TITLE_FILL, TOTAL_FILL } from './layout.ts';
import { localName } from './names.ts';

/**
 * The printed cash journal (printedLists/cashJournal, spec 3 §2; DOMAIN decision 9): the account and
 * the period under the title, the balance box (balance at the start, revenues, expenses, movements
 * balance, final balance, instalments not yet paid), then every row of the period — revenues,
 * instalments on their date paid, bank returns (their own row kind, with the payment order,
 * among the revenues), account transfers; a cancelled record "(storniert)" with 0,00 —
 * with revenues and expenses apart and the running balance, opened by the balance at the start and
 * closed by the totals.
 */
export function cashJournalPdf(data: CashJournal, department: string, ctx: LanguageReportContext): jsPDF {
  return finishReport(drawCashJournal(null, data, department, ctx.language), ctx);
}

/** The cash journal's pages, in a new document or appended to `into` (the audit pack); without the footer. */
export function drawCashJournal(into: jsPDF | null, data: CashJournal, department: string, language: ReportLanguage): jsPDF {
  const d = labelsFor(language).digests;
  const t = d.cashJournal;
  const account = `${t.account} ${data.accountCode} – ${localName(data.descriptionDeu, data.descriptionIta, language)}`;
  const period =
    data.dateFrom || data.dateTo ? `${formatDate(data.dateFrom ?? `${data.year}-01-01`)} – ${formatDate(data.dateTo ?? `${data.year}-12-31`)}` : d.wholeYear;
  const page = startReport('landscape', `${t.title} ${data.year}`, [department, `${account} · ${period}`], into);
  const y = drawTable(page, page.y, {
    head: t.box,
    body: [[data.dateFromBalance, data.totalProfit, data.totalLoss, data.movementsBalance, data.finalBalance, data.openPayments].map(money)],
    widths: [16, 16, 16, 18, 16, 18],
    right: [0, 1, 2, 3, 4, 5],
    look: 'grid',
  });
  if (data.movements.length === 0) {
    emptyNote(page.doc, y, t.empty);
    return page.doc;
  }
  const body: RowInput[] = [[bold(t.opening, TITLE_FILL, 8), boldRight(money(data.dateFromBalance), TITLE_FILL)]];
  for (const r of data.movements) {
    // a cancelled transfer moved nothing: the other account without a direction
    const direction = r.cancelled ? '' : `${r.amount < 0 ? t.counter.out : t.counter.in} `;
    const counter = r.counterAccountCode ? `${direction}${r.counterAccountCode}` : '';
    // a bank return names its payment order and, of an earlier year's bill, the record with its year
    const order = r.orderNumber === null ? '' : `${t.order} ${r.orderNumber}/${r.orderYear}`;
    const record = r.recordYear === null ? '' : `${t.record} ${r.recordNumber}/${r.recordYear}`;
    // a cancelled record shows its 0,00 on its side (a revenue in, anything else out)
    const incoming = r.amount > 0 || (r.cancelled && r.kind === 'revenue');
    body.push([
      formatDate(r.recordDate),
      recordText(r.recordNumber),
      kindLabel(r, d),
      r.documentNumber,
      r.supplierCode === null ? r.supplierName : `${r.supplierCode} ${r.supplierName}`,
      [counter, order, record, r.description, r.cancelled ? `(${d.cancelled})` : ''].filter(Boolean).join(' · '),
      incoming ? money(r.amount) : '',
      !incoming && (r.amount < 0 || r.cancelled) ? money(-r.amount) : '',
      money(r.finalBalance),
    ]);
  }
  body.push([
    bold(`${d.total} (${data.movements.length})`, TOTAL_FILL, 6),
    boldRight(money(data.totalProfit), TOTAL_FILL),
    boldRight(money(data.totalLoss), TOTAL_FILL),
    boldRight(money(data.finalBalance), TOTAL_FILL),
  ]);
  drawTable(page, y, { head: t.head, body, widths: [8, 5, 14, 9, 14, 20, 10, 10, 10], right: [6, 7, 8], look: 'list' });
  return page.doc;
}
