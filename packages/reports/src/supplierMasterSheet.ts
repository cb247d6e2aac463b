import { formatChapter, formatIban, type Language, type Supplier } from '@app/domain';
import type { jsPDF } from 'jspdf';
import { listReport, type ReportContext } from './listReport.ts';

const texts = {
  de: {
    title: 'Stammblatt der Lieferanten',
    empty: 'Keine Lieferanten gefunden.',
    inactive: 'inaktiv',
    yes: 'ja',
    no: 'nein',
    days: 'Tage',
    languages: { de: 'Deutsch', it: 'Italienisch' },
    fields: {
      code: 'Nummer',
      searchKey: 'Suchbegriff',
      name1: 'Name 1',
      name2: 'Name 2',
      street: 'Straße',
      postalCode: 'PLZ',
      location: 'Ort',
      province: 'Provinz',
      country: 'Staat',
      isoCode: 'ISO-Code',
      vatCode: 'MwSt.-Nummer',
      taxCode: 'Steuernummer',
      paymentTerm: 'Zahlungsziel',
      landlinePhone: 'Telefon',
      mobilePhone: 'Mobiltelefon',
      fax: 'Fax',
      email: 'E-Mail',
      internet: 'Internet',
      contactPerson: 'Ansprechpartner',
      chapterProposal: 'Kapitelvorschlag',
      language: 'Sprache',
      isInactive: 'Inaktiv',
      bankName: 'Bank',
      bankKey: 'ABI/CAB',
      swift: 'BIC (SWIFT)',
      cin: 'CIN',
      accountNumber: 'Kontonummer',
      iban: 'IBAN',
    },
  },
  it: {
    title: 'Scheda anagrafica dei fornitori',
    empty: 'Nessun fornitore trovato.',
    inactive: 'inattivo',
    yes: 'sì',
    no: 'no',
    days: 'giorni',
    languages: { de: 'Tedesco', it: 'Italiano' },
    fields: {
      code: 'Numero',
      searchKey: 'Chiave di ricerca',
      name1: 'Nome 1',
      name2: 'Nome 2',
      street: 'Via',
      postalCode: 'CAP',
      location: 'Località',
      province: 'Provincia',
      country: 'Stato',
      isoCode: 'Codice ISO',
      vatCode: 'Partita IVA',
      taxCode: 'Codice fiscale',
      paymentTerm: 'Termine di pagamento',
      landlinePhone: 'Telefono',
      mobilePhone: 'Cellulare',
      fax: 'Fax',
      email: 'E-mail',
      internet: 'Internet',
      contactPerson: 'Persona di contatto',
      chapterProposal: 'Capitolo proposto',
      language: 'Lingua',
      isInactive: 'Inattivo',
      bankName: 'Banca',
      bankKey: 'ABI/CAB',
      swift: 'BIC (SWIFT)',
      cin: 'CIN',
      accountNumber: 'Numero di conto',
      iban: 'IBAN',
    },
  },
} as const;

export interface SupplierMasterSheetData {
  language: Language;
  departmentCode: string;
  departmentName: string;
  suppliers: Supplier[];
}

/**
 * The supplier master sheet (Stammblatt, PDF): one page per supplier with every field of the record
 * (field, value in two column pairs; an empty field shows a dash), headed by number and name; built
 * on listReport like the departments' master sheet.
 */
export function supplierMasterSheetPdf(data: SupplierMasterSheetData, ctx: ReportContext): jsPDF {
  const t = texts[data.language];
  const f = t.fields;
  const dash = (v: string) => (v.trim() === '' ? '–' : v);
  return listReport({
    ...ctx,
    language: data.language,
    title: t.title,
    subtitle: `${data.departmentCode} ${data.departmentName}`,
    widths: [17, 33, 17, 33],
    tables: data.suppliers.map((s) => {
      const b = s.bankInfo;
      const rows: [string, string][] = [
        [f.code, String(s.code)],
        [f.searchKey, s.searchKey],
        [f.name1, s.name1],
        [f.name2, s.name2],
        [f.street, s.street],
        [f.postalCode, s.postalCode],
        [f.location, s.location],
        [f.province, s.province],
        [f.country, s.country],
        [f.isoCode, s.isoCode],
        [f.vatCode, s.vatCode],
        [f.taxCode, s.taxCode],
        [f.paymentTerm, `${s.paymentTerm} ${t.days}`],
        [f.landlinePhone, s.landlinePhone],
        [f.mobilePhone, s.mobilePhone],
        [f.fax, s.fax],
        [f.email, s.email],
        [f.internet, s.internet],
        [f.contactPerson, s.contactPerson],
        [f.chapterProposal, s.chapterProposal ? formatChapter(s.chapterProposal) : ''],
        [f.language, t.languages[s.language]],
        [f.isInactive, s.isInactive ? t.yes : t.no],
        [f.bankName, b.bankName],
        [f.bankKey, b.bankKey],
        [f.swift, b.swift],
        [f.cin, b.cin],
        [f.accountNumber, b.accountNumber],
        [f.iban, formatIban(b.iban)],
      ];
      const name = [s.name1, s.name2].filter(Boolean).join(' ');
      // two field columns side by side: the first half left, the rest right
      const half = Math.ceil(rows.length / 2);
      const body = rows.slice(0, half).map(([label, value], i) => {
        const right = rows[half + i];
        return [label, dash(value), right?.[0] ?? '', right ? dash(right[1]) : ''];
      });
      return { heading: `${s.code} ${name}${s.isInactive ? ` (${t.inactive})` : ''}`, head: [], body, newPage: true };
    }),
    emptyText: t.empty,
  });
}
