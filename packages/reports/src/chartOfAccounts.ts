import { type ChartExport, formatChapter } from '@app/domain';
import type { jsPDF } from 'jspdf';
import type { CellInput } from 'jspdf-autotable';
import { drawChartParts } from './chartParts.ts';
import { labelsFor } from './labels/index.ts';
import { finishReport, type LanguageReportContext, startReport } from './layout.ts';
import { chartSubtitle } from './names.ts';

/** Who prints, when and in which language. */
export type ChartReportContext = LanguageReportContext;

/**
 * The chart of accounts export (spec 2 §2, §9): landscape, one table per part with a row per
 * title and the chapters under it; columns 10/40/40/10 percent (chapter, German and Italian
 * description, ETS), with categories 8/26/30/28/8 (plus the category). Headings in the print language.
 */
export function chartOfAccountsPdf(data: ChartExport, ctx: ChartReportContext): jsPDF {
  const { chart: t, common } = labelsFor(ctx.language);
  const page = startReport('landscape', `${t.title} ${data.year}`, [chartSubtitle(data, ctx.language)]);
  const category = data.withCategories ? [t.head.category] : [];
  drawChartParts(page, page.y, data, {
    language: ctx.language,
    counts: (title) => title.chapters.length > 0,
    head: [common.chapter, t.head.descriptionDeu, t.head.descriptionIta, ...category, t.head.ets],
    widths: data.withCategories ? [8, 26, 30, 28, 8] : [10, 40, 40, 10],
    look: 'list',
    rows: (title) =>
      title.chapters.map((c) => {
        const categoryCell: CellInput[] = data.withCategories
          ? [c.category ? `${c.category.category} ${ctx.language === 'it' ? c.category.descriptionIta : c.category.descriptionDeu}` : '']
          : [];
        const style = c.emptyChapter ? { fontStyle: 'italic' as const } : {};
        return [{ content: formatChapter(c.chapter), styles: style }, c.descriptionDeu, c.descriptionIta, ...categoryCell, c.etsCode ?? ''];
      }),
    empty: t.empty,
  });
  return finishReport(page.doc, ctx);
}
