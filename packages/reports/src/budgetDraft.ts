import { type ChartExport, formatChapter } from '@app/domain';
import type { jsPDF } from 'jspdf';
import { drawChartParts } from './chartParts.ts';
import { labelsFor } from './labels/index.ts';
import { bold, filled, finishReport, type LanguageReportContext, startReport, TOTAL_FILL } from './layout.ts';
import { chartSubtitle, localName, partName } from './names.ts';

/**
 * The empty draft of the budget forecast, printed from the chart of accounts: per part, the titles
 * with their chapters and empty amount columns (previous year, this year, notes) to fill in by hand,
 * a total line per title and per part. Landscape; descriptions in the print language. Columns in
 * percent: chapter 10, description 45, previous year, this year and notes 15 each.
 */
export function budgetDraftPdf(data: ChartExport, ctx: LanguageReportContext & { department?: string }): jsPDF {
  const { budget: t, common } = labelsFor(ctx.language);
  const extra = ctx.department ? [ctx.department] : [];
  const page = startReport('landscape', `${t.forecast} ${data.year} – ${t.draft}`, [chartSubtitle(data, ctx.language, extra)]);
  drawChartParts(page, page.y, data, {
    language: ctx.language,
    counts: () => true,
    head: [common.chapter, common.description, `${t.forecastYear} ${data.year - 1}`, `${t.forecastYear} ${data.year}`, t.notes],
    widths: [10, 45, 15, 15, 15],
    look: 'form',
    rows: (title) => [
      ...title.chapters
        .filter((x) => !x.emptyChapter)
        .map((c) => [formatChapter(c.chapter), localName(c.descriptionDeu, c.descriptionIta, ctx.language), '', '', '']),
      [bold(`${t.titleTotal} ${title.title}`, TOTAL_FILL, 2), filled(TOTAL_FILL), filled(TOTAL_FILL), filled(TOTAL_FILL)],
    ],
    partRows: (part) => [[bold(`${t.total} ${partName(part, ctx.language)}`, undefined, 2), '', '', '']],
    empty: t.noChapters,
  });
  return finishReport(page.doc, ctx);
}
