import type { StatisticsExport, StatisticsRow } from '@app/domain';
import { toCsv, toCsvChunks } from './csv.ts';
import { labelsFor } from './labels/index.ts';

/** Cents as `1234,56` (comma decimals, no thousands separator: what a spreadsheet reads as a number). */
export function csvAmount(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}

type StatisticsHead = Pick<StatisticsExport, 'language' | 'withChapters'>;

function statisticsHeader(data: StatisticsHead): string[] {
  const t = labelsFor(data.language).statistics;
  return [...t.head, ...(data.withChapters ? t.chapter : []), ...t.figures, ...t.actuals];
}

function statisticsCells(r: StatisticsRow, withChapters: boolean): (string | number)[] {
  return [
    r.departmentCode,
    r.departmentName,
    r.year,
    r.area,
    ...(withChapters ? [r.chapter, r.description] : []),
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
  ];
}

/**
 * The statistics CSV (spec 2 §2): headings by language, one line per department and year or per
 * chapter; the actual figures of residues and open payments appended after the budget columns.
 */
export function statisticsCsv(data: StatisticsHead & Pick<StatisticsExport, 'rows'>): string {
  return toCsv(
    statisticsHeader(data),
    data.rows.map((r) => statisticsCells(r, data.withChapters)),
  );
}

/** The same CSV in pieces as the rows come in batches (the streamed download; csv.ts toCsvChunks). */
export function statisticsCsvChunks(data: StatisticsHead & { rows: AsyncIterable<StatisticsRow[]> }): AsyncGenerator<string> {
  const { rows, withChapters } = data;
  return toCsvChunks(
    statisticsHeader(data),
    (async function* () {
      for await (const batch of rows) yield batch.map((r) => statisticsCells(r, withChapters));
    })(),
  );
}
