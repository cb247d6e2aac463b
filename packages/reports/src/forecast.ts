import { type ForecastExport, formatChapter, formatDate } from '@app/domain';
import type { jsPDF } from 'jspdf';
import type { RowInput } from 'jspdf-autotable';
import { departmentLines, money, SIGNATURE_SPACE, signatures } from './budgetHeader.ts';
import { labelsFor } from './labels/index.ts';
import { bold, boldRight, drawTable, emptyNote, finishReport, type LanguageReportContext, startReport, TITLE_FILL, TOTAL_FILL } from './layout.ts';
import { localName, partName } from './names.ts';

/**
 * The forecast print (landscape): per part the titles with their chapters, last year's and this
 * year's amounts and totals; the summary per title with the surplus used; the signature block.
 * `withoutValues` prints the form with empty amount columns.
 */
export function forecastPdf(data: ForecastExport, ctx: LanguageReportContext): jsPDF {
  const { budget: t, common } = labelsFor(ctx.language);
  const name = (deu: string, ita: string) => localName(deu, ita, ctx.language);
  const lines = [
    ...departmentLines(data.department, data.area, ctx.language),
    data.withoutValues ? t.form : `${t.approval}: ${data.approval ? formatDate(data.approval) : t.notApproved}`,
  ];
  const page = startReport('landscape', `${t.forecast} ${data.financialYear}`, lines);
  const show = (cents: number) => (data.withoutValues ? '' : money(cents));
  const prevHead = `${t.forecastYear} ${data.financialYear - 1}`;
  const currHead = `${t.forecastYear} ${data.financialYear}`;
  let y = page.y;
  if (data.details) {
    if (data.details.length === 0) y = emptyNote(page.doc, y, t.noChapters);
    for (const [index, part] of data.details.entries()) {
      const body: RowInput[] = [];
      for (const title of part.titles) {
        body.push([bold(`${common.title} ${title.title} – ${name(title.descriptionDeu, title.descriptionIta)}`, TITLE_FILL, 4)]);
        for (const ch of title.chapters)
          body.push([formatChapter(ch.chapter), name(ch.descriptionDeu, ch.descriptionIta), show(ch.amountPrevYear), show(ch.amountCurrYear)]);
        body.push([
          bold(`${t.titleTotal} ${title.title}`, TOTAL_FILL, 2),
          boldRight(show(title.totalPrevYear), TOTAL_FILL),
          boldRight(show(title.totalCurrYear), TOTAL_FILL),
        ]);
      }
      body.push([
        bold(`${t.total} ${partName(part.part, ctx.language)}`, undefined, 2),
        boldRight(show(part.totalPrevYear)),
        boldRight(show(part.totalCurrYear)),
      ]);
      const last = index === data.details.length - 1 && !data.summary;
      y = drawTable(page, y, {
        heading: partName(part.part, ctx.language),
        head: [common.chapter, common.description, prevHead, currHead],
        body,
        widths: [10, 56, 17, 17],
        right: [2, 3],
        look: 'grid',
        keepAfter: last ? SIGNATURE_SPACE : 0,
      });
    }
  }
  if (data.summary) {
    const s = data.summary;
    const body: RowInput[] = s.titles.map((x) => [
      `${common.title} ${x.title}`,
      name(x.descriptionDeu, x.descriptionIta),
      show(x.revenuesPrevYear),
      show(x.revenues),
      show(x.expensesPrevYear),
      show(x.expenses),
    ]);
    body.push([t.surplusUsed, '', show(s.surplusUsedPrevYear), show(s.surplusUsed), '', '']);
    const revPrev = s.titles.reduce((a, x) => a + x.revenuesPrevYear, 0) + s.surplusUsedPrevYear;
    const expPrev = s.titles.reduce((a, x) => a + x.expensesPrevYear, 0);
    body.push([
      bold(t.total, TOTAL_FILL, 2),
      boldRight(show(revPrev), TOTAL_FILL),
      boldRight(show(s.revenues + s.surplusUsed), TOTAL_FILL),
      boldRight(show(expPrev), TOTAL_FILL),
      boldRight(show(s.expenses), TOTAL_FILL),
    ]);
    y = drawTable(page, y, {
      heading: t.summary,
      head: [
        common.title,
        common.description,
        `${t.revenues} ${data.financialYear - 1}`,
        `${t.revenues} ${data.financialYear}`,
        `${t.expenses} ${data.financialYear - 1}`,
        `${t.expenses} ${data.financialYear}`,
      ],
      body,
      widths: [14, 30, 14, 14, 14, 14],
      right: [2, 3, 4, 5],
      look: 'grid',
      keepAfter: SIGNATURE_SPACE,
    });
  }
  signatures(page.doc, y, data.department, ctx.language);
  return finishReport(page.doc, ctx);
}
