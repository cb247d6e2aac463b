import type { ChartExport, ChartExportTitle } from '@app/domain';
import { type jsPDF } from 'jspdf';
import { autoTable, type CellInput, type RowInput } from 'jspdf-autotable';
import { footerParts, type ReportLanguage } from './footer.ts';
import { createReportDoc, REPORT_FONT } from './doc.ts';

/** Who prints, when and in which language. */
export interface ChartReportContext {
  username: string;
  now: Date;
  language: ReportLanguage;
}

export const CHART_MARGIN = 12;
const GREEN: [number, number, number] = [46, 125, 50];
const TITLE_FILL: [number, number, number] = [220, 237, 200];

export const chartTexts = {
  de: {
    chart: 'Kontenplan',
    area: { 1: 'Landesverband', 2: 'Bezirk', 3: 'Feuerwehr' } as Record<number, string>,
    part: { 1: 'Einnahmen', 2: 'Ausgaben' } as Record<number, string>,
    title: 'Titel',
    titles: 'Titel',
    chapter: 'Kapitel',
    descriptionDeu: 'Bezeichnung deutsch',
    descriptionIta: 'Bezeichnung italienisch',
    category: 'Kategorie',
    ets: 'ETS',
    empty: 'Keine Kapitel für diese Auswahl.',
  },
  it: {
    chart: 'Piano dei conti',
    area: { 1: 'Unione', 2: 'Distretto', 3: 'Corpo' } as Record<number, string>,
    part: { 1: 'Entrate', 2: 'Uscite' } as Record<number, string>,
    title: 'Titolo',
    titles: 'Titoli',
    chapter: 'Capitolo',
    descriptionDeu: 'Descrizione tedesca',
    descriptionIta: 'Descrizione italiana',
    category: 'Categoria',
    ets: 'ETS',
    empty: 'Nessun capitolo per questa selezione.',
  },
} as const;

/** `21003` -> `2-1-003`. */
export function chapterLabel(code: string): string {
  return code.length === 5 ? `${code[0]}-${code[1]}-${code.slice(2)}` : code;
}

export function titleLabel(t: Pick<ChartExportTitle, 'title' | 'descriptionDeu' | 'descriptionIta'>, language: ReportLanguage): string {
  const text = language === 'it' ? t.descriptionIta || t.descriptionDeu : t.descriptionDeu || t.descriptionIta;
  return `${chartTexts[language].title} ${t.title}${text ? ` – ${text}` : ''}`;
}

/** A landscape A4 document with a heading and an optional subtitle; returns it and the next y. */
export function startLandscape(title: string, subtitle: string): { doc: jsPDF; y: number; printable: number } {
  const doc = createReportDoc('landscape');
  const printable = doc.internal.pageSize.getWidth() - 2 * CHART_MARGIN;
  doc.setFont(REPORT_FONT, 'bold');
  doc.setFontSize(14);
  doc.text(title, CHART_MARGIN, CHART_MARGIN + 4);
  doc.setFont(REPORT_FONT, 'normal');
  doc.setFontSize(10);
  if (subtitle) doc.text(subtitle, CHART_MARGIN, CHART_MARGIN + 10);
  return { doc, y: CHART_MARGIN + (subtitle ? 13 : 8), printable };
}

/** The footer of every page: date-time, "Login as" user, "Page x of y". */
export function drawFooters(doc: jsPDF, ctx: ChartReportContext): void {
  const pages = doc.getNumberOfPages();
  const width = doc.internal.pageSize.getWidth();
  const footerY = doc.internal.pageSize.getHeight() - CHART_MARGIN + 4;
  for (let page = 1; page <= pages; page++) {
    doc.setPage(page);
    const [when, who, pageOf] = footerParts({ now: ctx.now, username: ctx.username, page, pages, language: ctx.language });
    doc.setFont(REPORT_FONT, 'normal');
    doc.setFontSize(8);
    doc.text(when, CHART_MARGIN, footerY);
    doc.text(who, width / 2, footerY, { align: 'center' });
    doc.text(pageOf, width - CHART_MARGIN, footerY, { align: 'right' });
  }
}

/** The line under the heading: area, part(s) and title range. */
export function chartSubtitle(data: Pick<ChartExport, 'area' | 'part'> & { titles: Pick<ChartExportTitle, 'title'>[] }, language: ReportLanguage, extra: string[] = []): string {
  const t = chartTexts[language];
  const parts = data.part !== null ? [t.part[data.part]] : [t.part[1], t.part[2]];
  const numbers = data.titles.map((x) => x.title);
  const range = numbers.length > 0 ? `${t.titles} ${Math.min(...numbers)}–${Math.max(...numbers)}` : '';
  return [...extra, t.area[data.area], parts.join(' / '), range].filter(Boolean).join(' · ');
}

/**
 * The chart of accounts export (spec 2 §2, §9): landscape, one table per part with a row per
 * title and the chapters under it; columns 10/40/40/10 percent (chapter, German and Italian
 * description, ETS), with categories 8/26/30/28/8 (plus the category). Headings in the print language.
 */
export function chartOfAccountsPdf(data: ChartExport, ctx: ChartReportContext): jsPDF {
  const t = chartTexts[ctx.language];
  const { doc, y: startY, printable } = startLandscape(`${t.chart} ${data.year}`, chartSubtitle(data, ctx.language));
  const widths = data.withCategories ? [8, 26, 30, 28, 8] : [10, 40, 40, 10];
  const head = data.withCategories ? [t.chapter, t.descriptionDeu, t.descriptionIta, t.category, t.ets] : [t.chapter, t.descriptionDeu, t.descriptionIta, t.ets];
  const columnStyles = Object.fromEntries(widths.map((w, i) => [i, { cellWidth: (printable * w) / 100 }]));
  let y = startY;
  const parts = [1, 2].filter((p) => data.titles.some((x) => x.part === p && x.chapters.length > 0));
  if (parts.length === 0) {
    doc.setFont(REPORT_FONT, 'italic');
    doc.text(t.empty, CHART_MARGIN, y + 6);
  }
  for (const part of parts) {
    const body: RowInput[] = [];
    for (const title of data.titles.filter((x) => x.part === part)) {
      body.push([{ content: titleLabel(title, ctx.language), colSpan: head.length, styles: { fontStyle: 'bold', fillColor: TITLE_FILL } }]);
      for (const c of title.chapters) {
        const category: CellInput[] = data.withCategories
          ? [c.category ? `${c.category.category} ${ctx.language === 'it' ? c.category.descriptionIta : c.category.descriptionDeu}` : '']
          : [];
        const style = c.emptyChapter ? { fontStyle: 'italic' as const } : {};
        body.push([{ content: chapterLabel(c.chapter), styles: style }, c.descriptionDeu, c.descriptionIta, ...category, c.etsCode ?? '']);
      }
    }
    if (y > doc.internal.pageSize.getHeight() - CHART_MARGIN - 30) {
      doc.addPage();
      y = CHART_MARGIN;
    }
    doc.setFont(REPORT_FONT, 'bold');
    doc.setFontSize(11);
    doc.text(t.part[part] ?? '', CHART_MARGIN, y + 5);
    autoTable(doc, {
      startY: y + 7,
      head: [head],
      body,
      theme: 'striped',
      margin: { left: CHART_MARGIN, right: CHART_MARGIN, top: CHART_MARGIN, bottom: CHART_MARGIN + 6 },
      styles: { font: REPORT_FONT, fontSize: 8, cellPadding: 1.2, overflow: 'linebreak' },
      headStyles: { fillColor: GREEN, textColor: 255, fontStyle: 'bold' },
      columnStyles,
    });
    y = ((doc as jsPDF & { lastAutoTable?: { finalY: number } }).lastAutoTable?.finalY ?? y) + 6;
  }
  drawFooters(doc, ctx);
  return doc;
}
