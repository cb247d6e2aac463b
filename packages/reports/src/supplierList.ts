import { formatIban, type SupplierExport } from '@app/domain';
import type { jsPDF } from 'jspdf';
import { toCsv } from './csv.ts';
import { labelsFor } from './labels/index.ts';
import { listReport, type ReportContext } from './listReport.ts';

/** Supplier list (PDF, landscape, columns 10/25/45/20 %). */
export function supplierListPdf(data: SupplierExport, ctx: ReportContext): jsPDF {
  const { supplierList: t, common } = labelsFor(data.language);
  return listReport({
    ...ctx,
    language: data.language,
    title: t.title,
    subtitle: `${data.departmentCode} ${data.departmentName}`,
    widths: [10, 25, 45, 20],
    tables: [
      {
        head: t.head,
        body: data.rows.map((r) => [
          String(r.code),
          r.isInactive ? `${r.searchKey} (${common.inactive})` : r.searchKey,
          [r.name, r.address].filter(Boolean).join('\n'),
          formatIban(r.iban),
        ]),
      },
    ],
    emptyText: t.empty,
  });
}

/** Supplier list as CSV (semicolon, UTF-8 with BOM). */
export function supplierListCsv(data: SupplierExport): string {
  const { supplierList: t, common } = labelsFor(data.language);
  return toCsv(
    t.csv,
    data.rows.map((r) => [r.code, r.searchKey, r.name, r.address, r.vatCode, r.taxCode, r.phone, r.email, r.iban, r.isInactive ? common.yes : common.no]),
  );
}
