import { formatAmount, formatDate, formatIban, type Invoice, type InvoiceParty } from '@app/domain';
import type { jsPDF } from 'jspdf';
import { type InvoiceLabels, invoiceLabels } from './labels/invoice.ts';
import { bold, boldRight, drawTable, finishReport, keepSpace, type LanguageReportContext, MARGIN, type ReportPage, startReport } from './layout.ts';

/** A decimal as written in the XML ("22.00", "5.00") the way the reader writes numbers ("22,00"). */
const decimal = (text: string) => text.replace('.', ',');
const amount = (cents: number) => formatAmount(cents, { withCurrency: false });
/** A unit price: as an amount when it has at most two decimals, else as written (up to eight). */
const unitPrice = (text: string, cents: number) => (/^-?\d+(\.\d{1,2})?$/.test(text) ? amount(cents) : decimal(text));
const named = (names: Record<string, string>, code: string) => (code && names[code] ? `${names[code]} (${code})` : code);

function partyRows(t: InvoiceLabels, party: InvoiceParty): string[][] {
  const vat = party.vatCode ? `${party.vatCountry}${party.vatCode}` : '';
  const place = [party.postalCode, party.location, party.province ? `(${party.province})` : '', party.country].filter(Boolean).join(' ');
  return [
    [party.name],
    [party.street],
    [place],
    ...(vat ? [[`${t.vatCode} ${vat}`]] : []),
    ...(party.taxCode ? [[`${t.taxCode} ${party.taxCode}`]] : []),
  ].filter((r) => r[0] !== '');
}

function parties(page: ReportPage, y: number, t: InvoiceLabels, invoice: Invoice): number {
  const supplier = partyRows(t, invoice.supplier);
  const buyer = partyRows(t, invoice.buyer);
  const body = Array.from({ length: Math.max(supplier.length, buyer.length) }, (_, i) => [supplier[i]?.[0] ?? '', buyer[i]?.[0] ?? '']);
  return drawTable(page, y, { head: [t.supplier, t.buyer], body, widths: [50, 50], look: 'grid' });
}

function documentHead(page: ReportPage, y: number, t: InvoiceLabels, invoice: Invoice): number {
  const rows: string[][] = [
    [t.document, named(t.documentTypes, invoice.documentType), t.number, invoice.number],
    [t.date, formatDate(invoice.date), t.currency, invoice.currency],
  ];
  for (const linked of invoice.linkedDocuments) rows.push([t.linked, linked.number, t.date, linked.date ? formatDate(linked.date) : '']);
  if (invoice.reason) rows.push([t.reason, invoice.reason, '', '']);
  return drawTable(page, y, { head: [], body: rows, widths: [18, 42, 14, 26], look: 'grid' });
}

/**
 * The rendered e-invoice (issue 28, PDF): the FatturaPA document as a readable page — supplier and buyer,
 * the document's type, number and date, its lines, the VAT summary (with the split payment named), the
 * withholdings and the payment terms with IBAN and due dates — in the reader's language.
 */
export function invoicePdf(invoice: Invoice, ctx: LanguageReportContext & { signed?: boolean }): jsPDF {
  const t = invoiceLabels(ctx.language);
  const {
    doc,
    printable,
    y: top,
  } = startReport('portrait', t.title, [`${invoice.supplier.name} · ${t.number} ${invoice.number} · ${formatDate(invoice.date)}`]);
  const page = { doc, printable };
  let y = parties(page, top + 2, t, invoice);
  y = documentHead(page, y, t, invoice);
  y = drawTable(page, y, {
    heading: t.lines,
    head: t.linesHead,
    body: invoice.lines.map((l) => [
      String(l.number),
      l.description,
      decimal(l.quantity),
      l.unit,
      unitPrice(l.unitPriceText, l.unitPrice),
      decimal(l.vatRate) || l.nature,
      amount(l.total),
    ]),
    widths: [6, 42, 10, 8, 13, 8, 13],
    right: [2, 4, 5, 6],
    look: 'list',
  });
  y = drawTable(page, y, {
    heading: t.vatSummary,
    head: t.vatHead,
    body: [
      ...invoice.vatSummary.map((r) => [decimal(r.vatRate), r.nature, amount(r.taxable), amount(r.tax), t.chargeability[r.chargeability] ?? r.chargeability]),
      [bold(t.total, undefined, 4), boldRight(amount(invoice.gross))],
    ],
    widths: [12, 12, 20, 18, 38],
    right: [0, 2, 3],
    look: 'list',
  });
  if (invoice.withholdings.length > 0)
    y = drawTable(page, y, {
      heading: t.withholdings,
      head: t.withholdingHead,
      body: invoice.withholdings.map((w) => [named(t.withholdingTypes, w.type), decimal(w.rate), w.reason, amount(w.amount)]),
      widths: [45, 15, 20, 20],
      right: [1, 3],
      look: 'list',
    });
  const instalments = invoice.payments.flatMap((p) => p.instalments.map((i) => ({ ...i, conditions: p.conditions })));
  y = drawTable(page, y, {
    heading: `${t.payments}${invoice.payments[0] ? `: ${named(t.conditions, invoice.payments[0].conditions)}` : ''}`,
    head: t.paymentHead,
    body: instalments.length
      ? [
          ...instalments.map((i) => [
            named(t.modes, i.mode),
            i.dueDate ? formatDate(i.dueDate) : '',
            i.iban ? formatIban(i.iban) : '',
            i.beneficiary,
            amount(i.amount),
          ]),
          [bold(t.toPay, undefined, 4), boldRight(amount(invoice.gross - invoice.withholdingTotal - invoice.splitPaymentVat))],
        ]
      : [[t.none, '', '', '', '']],
    widths: [18, 14, 34, 20, 14],
    right: [4],
    look: 'list',
  });
  if (ctx.signed) {
    doc.setFontSize(8);
    doc.text(t.signed, MARGIN, keepSpace(doc, y, 10) + 2);
  }
  return finishReport(doc, ctx);
}
