import { type Department, departmentName, type Language } from '@app/domain';
import type { jsPDF } from 'jspdf';
import { labelsFor } from './labels/index.ts';
import { listReport, type ReportContext } from './listReport.ts';

export interface DepartmentMasterSheetData {
  language: Language;
  departments: Department[];
}

/**
 * The departments' master sheet (Stammblatt, PDF): one two-column table per department (field,
 * value; empty fields left out), headed by code and name; addresses in the print language.
 */
export function departmentMasterSheetPdf(data: DepartmentMasterSheetData, ctx: ReportContext): jsPDF {
  const { departmentMasterSheet: t } = labelsFor(data.language);
  const f = t.fields;
  const pick = (deu: string, ita: string) => (data.language === 'de' ? deu || ita : ita || deu);
  return listReport({
    ...ctx,
    language: data.language,
    title: t.title,
    widths: [30, 70],
    tables: data.departments.map((d) => {
      const rows: [string, string][] = [
        [f.name1Deu, [d.name1Deu, d.name2Deu].filter(Boolean).join(' ')],
        [f.name1Ita, [d.name1Ita, d.name2Ita].filter(Boolean).join(' ')],
        [f.street, pick(d.streetDeu, d.streetIta)],
        [f.location, [d.postalCode, pick(d.locationDeu, d.locationIta), d.province ? `(${d.province})` : ''].filter(Boolean).join(' ')],
        [f.municipality, pick(d.municipalityDeu, d.municipalityIta)],
        [f.taxCode, d.taxCode],
        [f.registration, d.registration],
        [f.identifier, d.identifier],
        [f.landlinePhone, d.landlinePhone],
        [f.mobilePhone, d.mobilePhone],
        [f.fax, d.fax],
        [f.email, d.email],
        ...(['commander', 'viceCommander', 'cashier'] as const).map((c): [string, string] => [
          f[c],
          [d[c].name, d[c].landline, d[c].mobile, d[c].email].filter(Boolean).join(' · '),
        ]),
        [f.openPaymentsAllowed, d.openPaymentsAllowed ? '✓' : '–'],
        [f.siaNumber, d.siaNumber],
        [f.cbiCuc, d.cbiCuc],
        [f.homebankingFile, d.homebankingFile],
      ];
      // the header row stays empty: the fields are the rows
      return { heading: `${d.code} ${departmentName(d, data.language)}`, head: ['', ''], body: rows.filter(([, value]) => value !== '') };
    }),
    emptyText: t.empty,
  });
}
