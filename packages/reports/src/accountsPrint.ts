import { type AccountPrint, type AccountType, formatIban } from '@app/domain';
import type { jsPDF } from 'jspdf';
import { labelsFor } from './labels/index.ts';
import { listReport, type ReportContext } from './listReport.ts';

/** Accounts print (PDF, landscape): one table per account type, or only the chosen type. */
export function accountsPrintPdf(data: AccountPrint, ctx: ReportContext): jsPDF {
  const { accounts: t, common } = labelsFor(data.language);
  const types: AccountType[] = data.type === null ? [1, 2, 3] : [data.type];
  return listReport({
    ...ctx,
    language: data.language,
    title: data.type === null ? t.title : `${t.title}: ${t.types[data.type]}`,
    subtitle: `${data.departmentCode} ${data.departmentName}`,
    widths: [8, 27, 22, 18, 10, 15],
    tables: types.map((type) => ({
      heading: t.types[type],
      head: t.head,
      body: data.rows
        .filter((r) => r.type === type)
        .map((r) => {
          const description = data.language === 'it' ? r.descriptionIta : r.descriptionDeu;
          return [
            r.code,
            r.inactive ? `${description} (${common.inactive})` : description,
            formatIban(r.bankInfo.iban),
            r.bankInfo.bankName,
            r.bankInfo.swift,
            r.notes,
          ];
        }),
    })),
    emptyText: t.empty,
  });
}
