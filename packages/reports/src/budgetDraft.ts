import type { ChartExport } from '@app/domain';
import type { jsPDF } from 'jspdf';
import { autoTable, type RowInput } from 'jspdf-autotable';
import { CHART_MARGIN, type ChartReportContext, chapterLabel, chartSubtitle, chartTexts, drawFooters, startLandscape, titleLabel } from './chartOfAccounts.ts';
import { REPORT_FONT } from './doc.ts';

const texts = {
  de: {
    heading: 'Haushaltsvoranschlag',
    draft: 'Entwurf',
    description: 'Bezeichnung',
    previous: 'Voranschlag',
    amount: 'Voranschlag',
    notes: 'Anmerkungen',
    titleTotal: 'Summe Titel',
    partTotal: 'Summe',
  },
  it: {
    heading: 'Bilancio di previsione',
    draft: 'bozza',
    description: 'Descrizione',
    previous: 'Previsione',
    amount: 'Previsione',
    notes: 'Note',
    titleTotal: 'Totale titolo',
    partTotal: 'Totale',
  },
} as const;

/** Column widths in percent: chapter, description, previous year, this year, notes. */
const WIDTHS = [10, 45, 15, 15, 15];
const TITLE_FILL: [number, number, number] = [220, 237, 200];
const TOTAL_FILL: [number, number, number] = [240, 240, 240];

/**
 * The empty draft of the budget forecast, printed from the chart of accounts: per part, the titles
 * with their chapters and empty amount columns (previous year, this year, notes) to fill in by hand,
 * a total line per title and per part. Landscape; descriptions in the print language.
 */
export function budgetDraftPdf(data: ChartExport, ctx: ChartReportContext & { department?: string }): jsPDF {
  const t = texts[ctx.language];
  const c = chartTexts[ctx.language];
  const extra = ctx.department ? [ctx.department] : [];
  const { doc, y: startY, printable } = startLandscape(`${t.heading} ${data.year} – ${t.draft}`, chartSubtitle(data, ctx.language, extra));
  const head = [c.chapter, t.description, `${t.previous} ${data.year - 1}`, `${t.amount} ${data.year}`, t.notes];
  const columnStyles = Object.fromEntries(WIDTHS.map((w, i) => [i, { cellWidth: (printable * w) / 100 }]));
  let y = startY;
  const parts = [1, 2].filter((p) => data.titles.some((x) => x.part === p));
  if (parts.length === 0) {
    doc.setFont(REPORT_FONT, 'italic');
    doc.text(c.empty, CHART_MARGIN, y + 6);
  }
  for (const part of parts) {
    const body: RowInput[] = [];
    for (const title of data.titles.filter((x) => x.part === part)) {
      body.push([{ content: titleLabel(title, ctx.language), colSpan: head.length, styles: { fontStyle: 'bold', fillColor: TITLE_FILL } }]);
      for (const chapter of title.chapters.filter((x) => !x.emptyChapter)) {
        const description = ctx.language === 'it' ? chapter.descriptionIta || chapter.descriptionDeu : chapter.descriptionDeu || chapter.descriptionIta;
        body.push([chapterLabel(chapter.chapter), description, '', '', '']);
      }
      body.push([
        { content: `${t.titleTotal} ${title.title}`, colSpan: 2, styles: { fontStyle: 'bold', fillColor: TOTAL_FILL } },
        { content: '', styles: { fillColor: TOTAL_FILL } },
        { content: '', styles: { fillColor: TOTAL_FILL } },
        { content: '', styles: { fillColor: TOTAL_FILL } },
      ]);
    }
    body.push([{ content: `${t.partTotal} ${c.part[part]}`, colSpan: 2, styles: { fontStyle: 'bold' } }, '', '', '']);
    if (y > doc.internal.pageSize.getHeight() - CHART_MARGIN - 30) {
      doc.addPage();
      y = CHART_MARGIN;
    }
    doc.setFont(REPORT_FONT, 'bold');
    doc.setFontSize(11);
    doc.text(c.part[part] ?? '', CHART_MARGIN, y + 5);
    autoTable(doc, {
      startY: y + 7,
      head: [head],
      body,
      theme: 'grid',
      margin: { left: CHART_MARGIN, right: CHART_MARGIN, top: CHART_MARGIN, bottom: CHART_MARGIN + 6 },
      styles: { font: REPORT_FONT, fontSize: 8, cellPadding: 1.6, overflow: 'linebreak', minCellHeight: 6 },
      headStyles: { fillColor: [46, 125, 50], textColor: 255, fontStyle: 'bold' },
      columnStyles,
    });
    y = ((doc as jsPDF & { lastAutoTable?: { finalY: number } }).lastAutoTable?.finalY ?? y) + 6;
  }
  drawFooters(doc, ctx);
  return doc;
}
