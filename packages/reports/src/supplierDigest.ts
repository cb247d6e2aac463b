import { formatChapter, formatDate, type SupplierAddress, type SupplierDigest, type SuppliersList } from '@app/domain';
import type { jsPDF } from 'jspdf';
import type { RowInput } from 'jspdf-autotable';
import { money } from './budgetHeader.ts';
import { type DigestLabels, rangeText, recordText } from './digestParts.ts';
import { labelsFor } from './labels/index.ts';
import { bold, boldRight, drawTable, emptyNote, finishReport, type LanguageReportContext, type ReportPage, startReport, TOTAL_FILL } from './layout.ts';

/** What the supplier digest print was asked for (the filter line) and whose it is. */
export interface SupplierDigestsHead {
  /** `101 FF Leifers`. */
  department: string;
  supplierFrom?: number | undefined;
  supplierTo?: number | undefined;
}

/** `Via Roma 1, 39100 Bozen (BZ)`: the parts that are there. */
export function addressLine(a: SupplierAddress): string {
  const place = [a.postalCode, a.location].filter(Boolean).join(' ');
  return [a.street, place && a.province ? `${place} (${a.province})` : place, a.country && a.country !== 'IT' ? a.country : ''].filter(Boolean).join(', ');
}

const ROW_WIDTHS = [8, 5, 11, 8, 12, 26, 10, 10, 10];
const LIST_WIDTHS = [6, 24, 30, 7, 11, 11, 11];

/** `3 Belege`, `1 Beleg`: the documents a total covers. */
const documents = (count: number, d: DigestLabels) => `${count} ${count === 1 ? d.supplierDigest.documents.one : d.supplierDigest.documents.other}`;

/** One supplier: heading with the address, its movements (a cancelled one marked, counted 0) and its totals. */
function supplierWithRows(page: ReportPage, y: number, s: SupplierDigest, d: DigestLabels): number {
  const address = addressLine(s.address);
  const body: RowInput[] = s.movements.map((r) => [
    formatDate(r.recordDate),
    recordText(r.recordNumber),
    r.documentNumber,
    formatDate(r.documentDate),
    r.chapters
      .split(/[,\s]+/)
      .filter(Boolean)
      .map((c) => (c.length === 5 ? formatChapter(c) : c))
      .join(', '),
    r.cancelled ? `${r.description} (${d.cancelled})`.trim() : r.description,
    money(r.amount),
    money(r.paid),
    money(r.notPaid),
  ]);
  body.push([
    bold(`${d.total} (${documents(s.documentCount, d)})`, TOTAL_FILL, 6),
    ...[s.totalSum, s.totalPaid, s.totalNotPaid].map((v) => boldRight(money(v), TOTAL_FILL)),
  ]);
  return drawTable(page, y, {
    heading: `${s.supplierCode} ${s.description}${address ? ` · ${address}` : ''}`,
    head: d.supplierDigest.head,
    body,
    widths: ROW_WIDTHS,
    right: [6, 7, 8],
    look: 'list',
  });
}

/**
 * The printed supplier digest (printedLists/supplierDigest, spec 3 §2 and §3 "Supplier digest"):
 * for each supplier of the range its name and address, with movements every movement of the year
 * (document, chapters, amount, paid, not paid) and its totals; without movements one line per
 * supplier (documents, paid, not paid, sum). The grand total closes the list.
 */
export function supplierDigestsPdf(data: SuppliersList, head: SupplierDigestsHead, ctx: LanguageReportContext): jsPDF {
  const d = labelsFor(ctx.language).digests;
  const t = d.supplierDigest;
  const range = rangeText(t.suppliers, head.supplierFrom?.toString(), head.supplierTo?.toString(), t.allSuppliers, d);
  const page = startReport('landscape', `${t.title} ${data.year}`, [
    head.department,
    [range, data.withMovements ? d.withMovements : d.withoutMovements].join(' · '),
  ]);
  if (data.suppliers.length === 0) {
    emptyNote(page.doc, page.y, t.empty);
    return finishReport(page.doc, ctx);
  }
  const grand = [
    bold(`${d.grandTotal} (${documents(data.totals.documentCount, d)})`, TOTAL_FILL, data.withMovements ? 6 : 4),
    ...(data.withMovements
      ? [data.totals.totalSum, data.totals.totalPaid, data.totals.totalNotPaid]
      : [data.totals.totalPaid, data.totals.totalNotPaid, data.totals.totalSum]
    ).map((v) => boldRight(money(v), TOTAL_FILL)),
  ];
  if (data.withMovements) {
    let y = page.y;
    for (const s of data.suppliers) y = supplierWithRows(page, y, s, d);
    drawTable(page, y, { head: [], body: [grand], widths: ROW_WIDTHS, right: [6, 7, 8], look: 'grid' });
  } else {
    const body: RowInput[] = data.suppliers.map((s) => [
      String(s.supplierCode),
      s.description,
      addressLine(s.address),
      String(s.documentCount),
      money(s.totalPaid),
      money(s.totalNotPaid),
      money(s.totalSum),
    ]);
    body.push(grand);
    drawTable(page, page.y, { head: t.listHead, body, widths: LIST_WIDTHS, right: [3, 4, 5, 6], look: 'list' });
  }
  return finishReport(page.doc, ctx);
}
