import { de, type ReportLabels } from './de.ts';
import { it } from './it.ts';

export type { ReportLabels } from './de.ts';

/** The languages a report is printed in (the user's interface language). */
export type ReportLanguage = 'de' | 'it';

/** The report catalogs, one per language: titles, column labels and fixed texts of every printed list. */
export const reportLabels: Record<ReportLanguage, ReportLabels> = { de, it };

/** The catalog of one language. */
export function labelsFor(language: ReportLanguage): ReportLabels {
  return reportLabels[language];
}
