import { type ChangesByChapter, formatChapter, formatDate } from '@app/domain';
import type { jsPDF } from 'jspdf';
import type { RowInput } from 'jspdf-autotable';
import { departmentLines, money } from './budgetHeader.ts';
import { labelsFor, type ReportLabels } from './labels/index.ts';
import { bold, boldRight, drawTable, emptyNote, finishReport, type LanguageReportContext, sectionHeading, startReport, TOTAL_FILL } from './layout.ts';
import { localName, partName } from './names.ts';

/** Record number -1 is the adjustment; others `Nr. 3`. */
function recordLabel(recordNumber: number, t: ReportLabels['budget']): string {
  return recordNumber === -1 ? `-1 ${t.adjustment}` : `${t.recordNumber} ${recordNumber}`;
}

/** Changes by chapter (landscape): initial, changes and final budget per chapter; with details each change below its chapter. */
export function changesByChapterPdf(data: ChangesByChapter, ctx: LanguageReportContext): jsPDF {
  const { budget: t, common } = labelsFor(ctx.language);
  const page = startReport('landscape', `${t.changesByChapter} ${data.year}`, departmentLines(data.department, data.department.area, ctx.language));
  let y = page.y;
  if (data.items.length === 0) y = emptyNote(page.doc, y, t.noChanges);
  for (const part of [1, 2] as const) {
    const items = data.items.filter((i) => i.part === part);
    if (items.length === 0) continue;
    const body: RowInput[] = [];
    for (const item of items) {
      body.push([
        formatChapter(item.chapter),
        localName(item.descriptionDeu, item.descriptionIta, ctx.language),
        money(item.budgetInitial),
        money(item.budgetChanges),
        money(item.budgetFinal),
      ]);
      if (data.hasDetails) {
        for (const ch of item.changes) {
          const label = `${recordLabel(ch.recordNumber, t)}${ch.approved ? ` ${t.approvedOn} ${formatDate(ch.approved)}` : ''}${ch.notes ? ` – ${ch.notes}` : ''}`;
          body.push(['', { content: label, styles: { fontStyle: 'italic' } }, '', { content: money(ch.amount), styles: { fontStyle: 'italic' } }, '']);
        }
      }
    }
    const sum = (pick: (i: (typeof items)[number]) => number) => items.reduce((s, i) => s + pick(i), 0);
    body.push([
      bold(`${t.total} ${partName(part, ctx.language)}`, TOTAL_FILL, 2),
      boldRight(money(sum((i) => i.budgetInitial)), TOTAL_FILL),
      boldRight(money(sum((i) => i.budgetChanges)), TOTAL_FILL),
      boldRight(money(sum((i) => i.budgetFinal)), TOTAL_FILL),
    ]);
    y = sectionHeading(page.doc, y, partName(part, ctx.language));
    y = drawTable(page, y, {
      head: [common.chapter, common.description, t.initial, t.changes, t.final],
      body,
      widths: [10, 48, 14, 14, 14],
      right: [2, 3, 4],
      look: 'grid',
    });
  }
  return finishReport(page.doc, ctx);
}
