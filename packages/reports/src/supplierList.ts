import { formatIban, type SupplierExport } from '@app/domain';
import type { jsPDF } from 'jspdf';
import { toCsv } from './csv.ts';
import { listReport, type ReportContext } from './listReport.ts';

const texts = {
  de: {
    title: 'Lieferantenverzeichnis',
    head: ['Nummer', 'Suchbegriff', 'Name und Anschrift', 'IBAN'],
    csv: ['Nummer', 'Suchbegriff', 'Name', 'Anschrift', 'MwSt.-Nummer', 'Steuernummer', 'Telefon', 'E-Mail', 'IBAN', 'Inaktiv'],
    inactive: 'inaktiv',
    yes: 'ja',
    no: 'nein',
    empty: 'Keine Lieferanten gefunden.',
  },
  it: {
    title: 'Elenco fornitori',
    head: ['Numero', 'Chiave di ricerca', 'Nome e indirizzo', 'IBAN'],
    csv: ['Numero', 'Chiave di ricerca', 'Nome', 'Indirizzo', 'Partita IVA', 'Codice fiscale', 'Telefono', 'E-mail', 'IBAN', 'Inattivo'],
    inactive: 'inattivo',
    yes: 'sì',
    no: 'no',
    empty: 'Nessun fornitore trovato.',
  },
} as const;

/** Supplier list (PDF, landscape, columns 10/25/45/20 %). */
export function supplierListPdf(data: SupplierExport, ctx: ReportContext): jsPDF {
  const t = texts[data.language];
  return listReport({
    ...ctx,
    language: data.language,
    title: t.title,
    subtitle: `${data.departmentCode} ${data.departmentName}`,
    widths: [10, 25, 45, 20],
    tables: [
      {
        head: [...t.head],
        body: data.rows.map((r) => [String(r.code), r.isInactive ? `${r.searchKey} (${t.inactive})` : r.searchKey, [r.name, r.address].filter(Boolean).join('\n'), formatIban(r.iban)]),
      },
    ],
    emptyText: t.empty,
  });
}

/** Supplier list as CSV (semicolon, UTF-8 with BOM). */
export function supplierListCsv(data: SupplierExport): string {
  const t = texts[data.language];
  return toCsv(
    [...t.csv],
    data.rows.map((r) => [r.code, r.searchKey, r.name, r.address, r.vatCode, r.taxCode, r.phone, r.email, r.iban, r.isInactive ? t.yes : t.no]),
  );
}
