import { type AccountPrint, type AccountType, type AccountYearBalances, formatAmount, formatIban } from '@app/domain';
import type { jsPDF } from 'jspdf';
import type { CellInput } from 'jspdf-autotable';
import { bold, boldRight } from './layout.ts';
import { labelsFor } from './labels/index.ts';
import { listReport, type ReportContext } from './listReport.ts';

/** The three balance cells of a row (initial, movements, final). */
const amounts = (b: AccountYearBalances) => [formatAmount(b.initialBalance), formatAmount(b.movementsBalance), formatAmount(b.finalBalance)];

/** A bold total row: the label over the text columns, then the three balances. */
function totalRow(label: string, b: AccountYearBalances): CellInput[] {
  return [bold(label, undefined, 6), ...amounts(b).map((a) => boldRight(a))];
}

function sumOf(rows: AccountYearBalances[]): AccountYearBalances {
  const sum = (key: keyof AccountYearBalances) => rows.reduce((total, r) => total + r[key], 0);
  return { initialBalance: sum('initialBalance'), movementsBalance: sum('movementsBalance'), finalBalance: sum('finalBalance') };
}

/**
 * Accounts print (PDF, landscape): one table per account type, or only the chosen type, with each
 * account's balances of the year (initial, movements, final: the accounts/saldo figures), a total per
 * type and, for all types, the grand total (the cash balance).
 */
export function accountsPrintPdf(data: AccountPrint, ctx: ReportContext): jsPDF {
  const { accounts: t, common } = labelsFor(data.language);
  const types: AccountType[] = data.type === null ? [1, 2, 3] : [data.type];
  const tables = types.map((type) => {
    const rows = data.rows.filter((r) => r.type === type);
    const body = rows.map((r): CellInput[] => {
      const description = data.language === 'it' ? r.descriptionIta : r.descriptionDeu;
      return [
        r.code,
        r.inactive ? `${description} (${common.inactive})` : description,
        formatIban(r.bankInfo.iban),
        r.bankInfo.bankName,
        r.bankInfo.swift,
        r.notes,
        ...amounts(r),
      ];
    });
    return { heading: t.types[type], head: t.head, body: rows.length > 0 ? [...body, totalRow(`${t.total} ${t.types[type]}`, sumOf(rows))] : [] };
  });
  const grand = data.type === null && data.rows.length > 0 ? [{ head: [], body: [totalRow(t.total, data.totals)] }] : [];
  return listReport({
    ...ctx,
    language: data.language,
    title: data.type === null ? t.title : `${t.title}: ${t.types[data.type]}`,
    subtitle: `${data.departmentCode} ${data.departmentName} · ${t.balances} ${data.year}`,
    widths: [6, 16, 18, 15, 8, 10, 9, 9, 9],
    right: [6, 7, 8],
    tables: [...tables, ...grand],
    emptyText: t.empty,
  });
}
