import { formatDate, type OpenPaymentsList, paymentRecordLabel, type RegisteredProtocol } from '@app/domain';
import type { jsPDF } from 'jspdf';
import type { RowInput } from 'jspdf-autotable';
import { money } from './budgetHeader.ts';
import { labelsFor, type ReportLanguage } from './labels/index.ts';
import { bold, boldRight, drawTable, emptyNote, filled, finishReport, type LanguageReportContext, startReport, TITLE_FILL, TOTAL_FILL } from './layout.ts';

/**
 * The open payments print (spec 3 §2, landscape, named `DD.MM.YYYY.pdf`: OpenPaymentsList.fileName):
 * per supplier a heading row, its unpaid instalments (record number and date, document, due date,
 * account, the stored order holding it) and its total, then the grand total. A bill of an earlier
 * year carried over into the scope year shows its record as `number/year`.
 */
export function openPaymentsPdf(data: OpenPaymentsList, department: string, ctx: LanguageReportContext): jsPDF {
  return finishReport(drawOpenPayments(null, data, department, ctx.language), ctx);
}

/** The open payments' pages, in a new document or appended to `into` (the audit pack); without the footer. */
export function drawOpenPayments(into: jsPDF | null, data: OpenPaymentsList, department: string, language: ReportLanguage): jsPDF {
  const t = labelsFor(language).payments;
  const page = startReport('landscape', t.openTitle, [department, `${t.asOf} ${formatDate(data.date)}`], into);
  if (data.count === 0) emptyNote(page.doc, page.y, t.empty);
  else {
    const body: RowInput[] = [];
    for (const group of data.suppliers) {
      const supplier = group.supplierCode === null ? t.noSupplier : `${group.supplierCode} ${group.supplierName}`;
      body.push([bold(supplier, TITLE_FILL, 8)]);
      for (const r of group.rows) {
        body.push([
          paymentRecordLabel(r.recordNumber, r.year, data.year),
          formatDate(r.recordDate),
          r.documentNumber,
          formatDate(r.documentDate),
          formatDate(r.dateDue),
          r.accountCode,
          r.orderNumber === null ? '' : String(r.orderNumber),
          money(r.amount),
        ]);
      }
      body.push([bold(`${t.subtotal} (${group.rows.length})`, undefined, 7), boldRight(money(group.total))]);
    }
    body.push([bold(`${t.total} (${data.count})`, TOTAL_FILL, 7), boldRight(money(data.total), TOTAL_FILL)]);
    drawTable(page, page.y, { head: t.openHead, body, widths: [8, 12, 20, 12, 12, 10, 10, 16], right: [7], look: 'list' });
  }
  return page.doc;
}

/**
 * The protocol of a registered order (spec 3 §3 registered protocol): the order, its account, the date
 * paid and the operator, then every instalment with movement record, supplier, invoice and amount,
 * marked executed or not (an unticked one left the order), and the executed and not executed totals.
 */
export function registeredProtocolPdf(protocol: RegisteredProtocol, department: string, ctx: LanguageReportContext): jsPDF {
  const t = labelsFor(ctx.language).payments;
  const { order } = protocol;
  const accountName = ctx.language === 'it' ? order.accountNameIta : order.accountNameDeu;
  const page = startReport('landscape', t.protocolTitle, [
    department,
    `${t.order} ${order.orderNumber}/${order.year} · ${t.account} ${order.accountCode} ${accountName} · ${t.datePaid} ${formatDate(protocol.datePaid)}`,
    `${t.operator}: ${protocol.operator.fullName || protocol.operator.username}`,
  ]);
  const body: RowInput[] = protocol.items.map((i) => [
    paymentRecordLabel(i.movementRecord, i.movementYear, order.year),
    i.supplierCode === null ? '' : String(i.supplierCode),
    i.supplierDescription,
    i.invoiceNumber,
    formatDate(i.invoiceDate),
    money(i.amount),
    i.returnedOn ? `${t.returned} ${formatDate(i.returnedOn)}` : i.executed ? t.executed : t.notExecuted,
  ]);
  body.push([bold(t.executedTotal, TOTAL_FILL, 5), boldRight(money(protocol.executedTotal), TOTAL_FILL), filled(TOTAL_FILL)]);
  body.push([bold(t.notExecutedTotal, TOTAL_FILL, 5), boldRight(money(protocol.notExecutedTotal), TOTAL_FILL), filled(TOTAL_FILL)]);
  if (protocol.returnedTotal !== 0) body.push([bold(t.returnedTotal, TOTAL_FILL, 5), boldRight(money(protocol.returnedTotal), TOTAL_FILL), filled(TOTAL_FILL)]);
  drawTable(page, page.y, { head: t.protocolHead, body, widths: [8, 10, 32, 16, 12, 12, 10], right: [5], look: 'grid' });
  return finishReport(page.doc, ctx);
}
