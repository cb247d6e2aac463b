import { z } from 'zod';
import { Int, safeString } from './primitives.ts';
import { type Area } from './area.ts';
import { Language } from './roles.ts';

/** Department code in the statistics range: 1 to 3 characters, padded with leading zeros (`7` is `007`). */
export const StatisticsDeptCode = safeString()
  .trim()
  .max(3, 'TooLong')
  .optional()
  .transform((v) => (v ? v.toUpperCase().padStart(3, '0') : undefined));

const Year = Int.min(1900).max(9999);

/** Spec 2 §2 "Statistics export": department code range, year range, detailed (with chapters). */
export const StatisticsExportInput = z
  .object({
    deptFrom: StatisticsDeptCode,
    deptTo: StatisticsDeptCode,
    yearFrom: Year,
    yearTo: Year,
    withChapters: z.boolean().default(false),
    language: Language.default('de'),
  })
  .refine((v) => v.yearFrom <= v.yearTo, { message: 'InvalidValue', path: ['yearTo'] });
export type StatisticsExportInput = z.input<typeof StatisticsExportInput>;

/**
 * One line of the statistics CSV: totals per department and year, or one chapter code. Amounts in
 * cents. The budget columns come first as they always did; the actual figures of the residues and
 * open payments follow (appended, so existing spreadsheets keep their columns).
 */
export interface StatisticsRow {
  departmentCode: string;
  departmentName: string;
  year: number;
  area: Area;
  /** `2-1-003` and its description with withChapters; '' otherwise. */
  chapter: string;
  description: string;
  revenuesInitial: number;
  revenuesChanges: number;
  revenuesFinal: number;
  revenuesPayments: number;
  expensesInitial: number;
  expensesChanges: number;
  expensesFinal: number;
  expensesPayments: number;
  /** Residues carried into the year (final budget of its residue lines). */
  revenuesResidues: number;
  /** Collected on the residue lines. */
  revenuesResiduesPayments: number;
  /** Active residues at year end: the determined final residues of every revenue line. */
  revenuesFinalResidues: number;
  /** Booked expenses not yet paid, on every line of the year. */
  expensesOpenPayments: number;
  expensesResidues: number;
  /** Paid on the residue lines. */
  expensesResiduesPayments: number;
  /** Passive residues at year end. */
  expensesFinalResidues: number;
}

export interface StatisticsExport {
  language: Language;
  withChapters: boolean;
  /** The fixed file name (spec 2 §9): `statistik.csv` / `statistica.csv`. */
  fileName: string;
  rows: StatisticsRow[];
}

export function statisticsFileName(language: Language): string {
  return language === 'it' ? 'statistica.csv' : 'statistik.csv';
}
