import type { DepartmentExport } from '@app/domain';
import type { jsPDF } from 'jspdf';
import { toCsv } from './csv.ts';
import { labelsFor } from './labels/index.ts';
import { listReport, type ReportContext } from './listReport.ts';

function rangeText(data: DepartmentExport): string | undefined {
  if (!data.codeFrom && !data.codeTo) return undefined;
  return `${labelsFor(data.language).departmentList.range} ${data.codeFrom ?? ''} – ${data.codeTo ?? ''}`.trim();
}

/** Department list (PDF, landscape, columns 10/40/25/25 %). */
export function departmentListPdf(data: DepartmentExport, ctx: ReportContext): jsPDF {
  const t = labelsFor(data.language).departmentList;
  const subtitle = rangeText(data);
  return listReport({
    ...ctx,
    language: data.language,
    title: t.title,
    ...(subtitle ? { subtitle } : {}),
    widths: [10, 40, 25, 25],
    tables: [{ head: t.head, body: data.rows.map((r) => [r.code, r.name, r.location, r.commander]) }],
    emptyText: t.empty,
  });
}

/** Department list as CSV (semicolon, UTF-8 with BOM). */
export function departmentListCsv(data: DepartmentExport): string {
  return toCsv(
    labelsFor(data.language).departmentList.csv,
    data.rows.map((r) => [r.code, r.name, r.location, r.commander, r.cashier, r.phone, r.email]),
  );
}
