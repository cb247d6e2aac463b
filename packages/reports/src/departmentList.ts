import type { DepartmentExport } from '@app/domain';
import type { jsPDF } from 'jspdf';
import { toCsv } from './csv.ts';
import { listReport, type ReportContext } from './listReport.ts';

const texts = {
  de: {
    title: 'Verzeichnis der Feuerwehren',
    range: 'Code',
    head: ['Code', 'Bezeichnung', 'Ort', 'Kommandant'],
    csv: ['Code', 'Bezeichnung', 'Ort', 'Kommandant', 'Kassier', 'Telefon', 'E-Mail'],
    empty: 'Keine Feuerwehren gefunden.',
  },
  it: {
    title: 'Elenco dei corpi',
    range: 'Codice',
    head: ['Codice', 'Denominazione', 'Località', 'Comandante'],
    csv: ['Codice', 'Denominazione', 'Località', 'Comandante', 'Cassiere', 'Telefono', 'E-mail'],
    empty: 'Nessun corpo trovato.',
  },
} as const;

function rangeText(data: DepartmentExport): string | undefined {
  if (!data.codeFrom && !data.codeTo) return undefined;
  return `${texts[data.language].range} ${data.codeFrom ?? ''} – ${data.codeTo ?? ''}`.trim();
}

/** Department list (PDF, landscape, columns 10/40/25/25 %). */
export function departmentListPdf(data: DepartmentExport, ctx: ReportContext): jsPDF {
  const t = texts[data.language];
  const subtitle = rangeText(data);
  return listReport({
    ...ctx,
    language: data.language,
    title: t.title,
    ...(subtitle ? { subtitle } : {}),
    widths: [10, 40, 25, 25],
    tables: [{ head: [...t.head], body: data.rows.map((r) => [r.code, r.name, r.location, r.commander]) }],
    emptyText: t.empty,
  });
}

/** Department list as CSV (semicolon, UTF-8 with BOM). */
export function departmentListCsv(data: DepartmentExport): string {
  return toCsv(
    [...texts[data.language].csv],
    data.rows.map((r) => [r.code, r.name, r.location, r.commander, r.cashier, r.phone, r.email]),
  );
}
