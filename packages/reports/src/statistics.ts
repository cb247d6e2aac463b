import type { StatisticsExport } from '@app/domain';
import { toCsv } from './csv.ts';
import { labelsFor } from './labels/index.ts';

/** Cents as `1234,56` (comma decimals, no thousands separator: what a spreadsheet reads as a number). */
export function csvAmount(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}

/**
 * The statistics CSV (spec 2 §2): headings by language, one line per department and year or per
 * chapter; the actual figures of residues and open payments appended after the budget columns.
 */
export function statisticsCsv(data: Pick<StatisticsExport, 'language' | 'withChapters' | 'rows'>): string {
  const t = labelsFor(data.language).statistics;
  const header = [...t.head, ...(data.withChapters ? t.chapter : []), ...t.figures, ...t.actuals];
  return toCsv(
    header,
    data.rows.map((r) => [
      r.departmentCode,
      r.departmentName,
      r.year,
      r.area,
      ...(data.withChapters ? [r.chapter, r.description] : []),
      ...[
        r.revenuesInitial,
        r.revenuesChanges,
        r.revenuesFinal,
        r.revenuesPayments,
        r.expensesInitial,
        r.expensesChanges,
        r.expensesFinal,
        r.expensesPayments,
        r.revenuesResidues,
        r.revenuesResiduesPayments,
        r.revenuesFinalResidues,
        r.expensesOpenPayments,
        r.expensesResidues,
        r.expensesResiduesPayments,
        r.expensesFinalResidues,
      ].map(csvAmount),
    ]),
  );
}
