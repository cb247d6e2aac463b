import type { ChartExport, ChartExportTitle } from '@app/domain';
import { labelsFor, type ReportLanguage } from './labels/index.ts';

/** A bilingual name in the print language, the other language when it is empty. */
export function localName(deu: string, ita: string, language: ReportLanguage): string {
  return language === 'it' ? ita || deu : deu || ita;
}

/** The name of an area (union, district, department) in the print language. */
export function areaName(area: number, language: ReportLanguage): string {
  return (labelsFor(language).common.area as Record<number, string>)[area] ?? '';
}

/** The name of a part (revenues, expenses) in the print language. */
export function partName(part: number, language: ReportLanguage): string {
  return labelsFor(language).common.part[part] ?? '';
}

/** A title row: `Titel 1 – Laufende Einnahmen` (without the dash when the title has no description). */
export function titleLabel(t: Pick<ChartExportTitle, 'title' | 'descriptionDeu' | 'descriptionIta'>, language: ReportLanguage): string {
  const text = localName(t.descriptionDeu, t.descriptionIta, language);
  return `${labelsFor(language).common.title} ${t.title}${text ? ` – ${text}` : ''}`;
}

/** The line under a chart print's title: area, part(s) and title range, after `extra` (the department). */
export function chartSubtitle(
  data: Pick<ChartExport, 'area' | 'part'> & { titles: Pick<ChartExportTitle, 'title'>[] },
  language: ReportLanguage,
  extra: string[] = [],
): string {
  const parts = data.part !== null ? [partName(data.part, language)] : [partName(1, language), partName(2, language)];
  const numbers = data.titles.map((x) => x.title);
  const range = numbers.length > 0 ? `${labelsFor(language).common.titles} ${Math.min(...numbers)}–${Math.max(...numbers)}` : '';
  return [...extra, areaName(data.area, language), parts.join(' / '), range].filter(Boolean).join(' · ');
}
