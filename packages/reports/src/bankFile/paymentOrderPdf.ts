import { formatAmount, formatDate, formatDateTime, type NotPayableReason, type PaymentOrderPrint } from '@app/domain';
import type { jsPDF } from 'jspdf';
import type { CellInput, RowInput } from 'jspdf-autotable';
import { labelsFor } from '../labels/index.ts';
import { bold, boldRight, drawTable, emptyNote, filled, finishReport, type LanguageReportContext, sectionHeading, startReport, TOTAL_FILL } from '../layout.ts';

type Labels = ReturnType<typeof labelsFor>['paymentOrder'];

/** The invoice columns shared by both tables: document number, document date, due date, amount. */
function invoiceCells(invoice: { documentNumber: string; documentDate: string | null; dateDue: string; amount: number }): CellInput[] {
  return [invoice.documentNumber, formatDate(invoice.documentDate), formatDate(invoice.dateDue), formatAmount(invoice.amount)];
}

/** A bold total row: the label over `span` columns, the amount, and empty cells after it. */
function totalRow(label: string, span: number, amount: number, after = 0): CellInput[] {
  return [bold(label, TOTAL_FILL, span), boldRight(formatAmount(amount), TOTAL_FILL), ...Array.from({ length: after }, () => filled(TOTAL_FILL))];
}

function transferRows(data: PaymentOrderPrint, t: Labels): RowInput[] {
  const rows: RowInput[] = [];
  for (const transfer of data.transfers) {
    const supplier = `${transfer.supplierCode} ${transfer.supplierName}`;
    const account = transfer.bic === null ? transfer.iban : `${transfer.iban}\n${transfer.bic}`;
    transfer.invoices.forEach((invoice, index) => {
      const first = index === 0;
      rows.push([first ? String(transfer.number) : '', first ? supplier : '', first ? account : '', ...invoiceCells(invoice)]);
    });
    if (transfer.invoices.length > 1) rows.push(totalRow(`${t.transfer} ${transfer.number}: ${transfer.remittance}`, 6, transfer.amount));
  }
  rows.push(totalRow(`${t.total}: ${data.count} ${t.transfers}`, 6, data.total));
  return rows;
}

function reasonText(reason: NotPayableReason, data: PaymentOrderPrint, t: Labels): string {
  return reason === 'OtherRange' ? t.otherRange[data.range] : t.reasons[reason];
}

/**
 * The printed payment order (landscape): payer and account (IBAN, ABI, CAB, BIC), execution date and
 * MsgId in the header; every transfer with its supplier, IBAN/BIC and invoices (a grouped transfer
 * with its total and remittance), the order total; then the instalments left out with the reason.
 */
export function paymentOrderPdf(data: PaymentOrderPrint, ctx: LanguageReportContext): jsPDF {
  const t = labelsFor(ctx.language).paymentOrder;
  const acc = data.payerAccount;
  const bank = [acc.bankName, acc.abi && `ABI ${acc.abi}`, acc.cab && `CAB ${acc.cab}`, acc.bic && `BIC ${acc.bic}`].filter(Boolean).join(' · ');
  const page = startReport('landscape', `${t.title} ${t.number} ${data.orderNumber}/${data.year} – ${t.range[data.range]}`, [
    `${data.departmentCode} ${data.departmentName}`,
    `${t.account} ${acc.accountCode} ${acc.accountName} · IBAN ${acc.iban}${bank === '' ? '' : ` · ${bank}`}`,
    `${t.executionDate} ${formatDate(data.executionDate)} · ${t.created} ${formatDateTime(new Date(data.createdAt))} · ${t.messageId} ${data.msgId}`,
  ]);
  let y = page.y;
  const widths = [5, 24, 22, 14, 11, 11, 13];
  y =
    data.transfers.length === 0
      ? emptyNote(page.doc, y, t.empty)
      : drawTable(page, y, { head: t.head, body: transferRows(data, t), widths, right: [6], look: 'list' });
  if (data.notPayable.length > 0) {
    y = sectionHeading(page.doc, y, t.notPayable);
    const body: RowInput[] = data.notPayable.map((item) => [
      `${item.supplierCode} ${item.supplierName}`,
      item.iban,
      ...invoiceCells(item),
      reasonText(item.reason, data, t),
    ]);
    body.push(totalRow(t.total, 5, data.notPayableTotal, 1));
    drawTable(page, y, { head: t.notPayableHead, body, widths: [20, 19, 9, 9, 9, 10, 24], right: [5], look: 'list' });
  }
  return finishReport(page.doc, ctx);
}
