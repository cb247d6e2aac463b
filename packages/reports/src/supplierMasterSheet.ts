import { formatChapter, formatIban, type Language, type Supplier } from '@app/domain';
import type { jsPDF } from 'jspdf';
import { labelsFor } from './labels/index.ts';
import { listReport, type ReportContext } from './listReport.ts';

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
  const { supplierMasterSheet: t, common } = labelsFor(data.language);
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
        [f.isInactive, s.isInactive ? common.yes : common.no],
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
      return { heading: `${s.code} ${name}${s.isInactive ? ` (${common.inactive})` : ''}`, head: [], body, newPage: true };
    }),
    emptyText: t.empty,
  });
}
