import {
  type AdjustmentProtocol,
  type ChangesByChapter,
  type ChangesProtocol,
  type ForecastExport,
  formatAmount,
  formatDate,
  type PrintDepartment,
  type ProtocolSession,
} from '@app/domain';
import { type jsPDF } from 'jspdf';
import { autoTable, type CellInput, type RowInput } from 'jspdf-autotable';
import { CHART_MARGIN, type ChartReportContext, chapterLabel, chartTexts, drawFooters } from './chartOfAccounts.ts';
import type { ReportLanguage } from './footer.ts';
import { createReportDoc, REPORT_FONT } from './doc.ts';

/**
 * The budget prints (spec 1 §2.5): the forecast (details and summary), the changes by chapter
 * (landscape lists), the adjustment protocol and the changes protocol (portrait). Headings in the
 * print language; the header names the department and, by area, cashier or accountant and
 * commander or president; amounts `1.234,56 €` right-aligned; the adjustment is record number -1.
 */

export type BudgetReportContext = ChartReportContext;

export const budgetTexts = {
  de: {
    forecast: 'Haushaltsvoranschlag',
    changesByChapter: 'Haushaltsänderungen nach Kapiteln',
    adjustmentProtocol: 'Protokoll der Haushaltsangleichung',
    changesProtocol: 'Protokoll der Haushaltsänderungen',
    adjustment: 'Haushaltsangleichung',
    change: 'Haushaltsänderung',
    cashier: 'Kassier',
    accountant: 'Rechnungsführer',
    commander: 'Kommandant',
    president: 'Präsident',
    chapter: 'Kapitel',
    description: 'Bezeichnung',
    forecastYear: 'Voranschlag',
    initial: 'Anfangsansatz',
    changes: 'Änderungen',
    final: 'Endansatz',
    before: 'Ansatz vorher',
    amount: 'Änderung',
    after: 'Ansatz nachher',
    recordNumber: 'Nr.',
    approvedOn: 'genehmigt am',
    notes: 'Anmerkungen',
    title: 'Titel',
    titleTotal: 'Summe Titel',
    total: 'Summe',
    summary: 'Zusammenfassung',
    revenues: 'Einnahmen',
    expenses: 'Ausgaben',
    balance: 'Saldo',
    surplusUsed: 'Verwendeter Überschuss',
    surplusPlanned: 'Voraussichtlicher Verwaltungsüberschuss',
    surplusActual: 'Tatsächlicher Verwaltungsüberschuss',
    surplusDelta: 'Differenz Überschuss',
    approval: 'Genehmigung',
    notApproved: 'nicht genehmigt',
    noAdjustment: 'Keine Haushaltsangleichung erfasst.',
    noChanges: 'Keine Haushaltsänderungen für diese Auswahl.',
    noChapters: 'Keine Kapitel für diese Auswahl.',
    form: 'Formular ohne Beträge',
  },
  it: {
    forecast: 'Bilancio di previsione',
    changesByChapter: 'Variazioni di bilancio per capitolo',
    adjustmentProtocol: "Verbale dell'assestamento di bilancio",
    changesProtocol: 'Verbale delle variazioni di bilancio',
    adjustment: 'Assestamento di bilancio',
    change: 'Variazione di bilancio',
    cashier: 'Cassiere',
    accountant: 'Contabile',
    commander: 'Comandante',
    president: 'Presidente',
    chapter: 'Capitolo',
    description: 'Descrizione',
    forecastYear: 'Previsione',
    initial: 'Stanziamento iniziale',
    changes: 'Variazioni',
    final: 'Stanziamento finale',
    before: 'Stanziamento prima',
    amount: 'Variazione',
    after: 'Stanziamento dopo',
    recordNumber: 'N.',
    approvedOn: 'approvata il',
    notes: 'Note',
    title: 'Titolo',
    titleTotal: 'Totale titolo',
    total: 'Totale',
    summary: 'Riepilogo',
    revenues: 'Entrate',
    expenses: 'Uscite',
    balance: 'Saldo',
    surplusUsed: 'Avanzo applicato',
    surplusPlanned: 'Avanzo di amministrazione presunto',
    surplusActual: 'Avanzo di amministrazione effettivo',
    surplusDelta: 'Differenza avanzo',
    approval: 'Approvazione',
    notApproved: 'non approvato',
    noAdjustment: 'Nessun assestamento registrato.',
    noChanges: 'Nessuna variazione per questa selezione.',
    noChapters: 'Nessun capitolo per questa selezione.',
    form: 'Modulo senza importi',
  },
} as const;

type Texts = (typeof budgetTexts)[ReportLanguage];

const GREEN: [number, number, number] = [46, 125, 50];
const TITLE_FILL: [number, number, number] = [220, 237, 200];
const TOTAL_FILL: [number, number, number] = [240, 240, 240];

/** `1.234,56 €`. */
export const money = (cents: number) => formatAmount(cents);

function name(de: string, it: string, language: ReportLanguage): string {
  return language === 'it' ? it || de : de || it;
}

function startDoc(orientation: 'landscape' | 'portrait', title: string, lines: string[]): { doc: jsPDF; y: number; printable: number } {
  const doc = createReportDoc(orientation);
  const printable = doc.internal.pageSize.getWidth() - 2 * CHART_MARGIN;
  doc.setFont(REPORT_FONT, 'bold');
  doc.setFontSize(14);
  doc.text(title, CHART_MARGIN, CHART_MARGIN + 4);
  doc.setFont(REPORT_FONT, 'normal');
  doc.setFontSize(10);
  let y = CHART_MARGIN + 10;
  for (const line of lines.filter(Boolean)) {
    doc.text(line, CHART_MARGIN, y);
    y += 5;
  }
  return { doc, y: y - 2, printable };
}

/**
 * The header lines: the department's name and code (the area only without a department: the name
 * says it), and the signers by area that have a name. Empty fields are left out with their
 * separators; a line with nothing to say is not printed.
 */
function departmentLines(department: PrintDepartment | null, area: number, language: ReportLanguage): string[] {
  const t = budgetTexts[language];
  const areaName = chartTexts[language].area[area] ?? '';
  if (!department) return [areaName].filter(Boolean);
  const title = name(department.nameDeu, department.nameIta, language).trim();
  const signers = [
    [t[department.cashierRole], department.cashierName.trim()],
    [t[department.commanderRole], department.commanderName.trim()],
  ]
    .filter(([, who]) => who !== '')
    .map(([role, who]) => `${role}: ${who}`);
  return [title === '' ? department.code : `${title} (${department.code})`, signers.join(' · ')].filter(Boolean);
}

/** The signature block at the end: the signers' roles by area, with their names. */
function signatures(doc: jsPDF, y: number, department: PrintDepartment | null, language: ReportLanguage): void {
  if (!department) return;
  const t = budgetTexts[language];
  const height = doc.internal.pageSize.getHeight();
  let top = y + 12;
  if (top > height - CHART_MARGIN - 25) {
    doc.addPage();
    top = CHART_MARGIN + 10;
  }
  const width = doc.internal.pageSize.getWidth();
  doc.setFont(REPORT_FONT, 'normal');
  doc.setFontSize(10);
  const columns: [string, string][] = [
    [t[department.cashierRole], department.cashierName],
    [t[department.commanderRole], department.commanderName],
  ];
  columns.forEach(([role, who], i) => {
    const x = CHART_MARGIN + (i * (width - 2 * CHART_MARGIN)) / 2;
    doc.text(role, x, top);
    doc.line(x, top + 12, x + 70, top + 12);
    if (who) doc.text(who, x, top + 17);
  });
}

function table(doc: jsPDF, y: number, opts: { head: string[]; body: RowInput[]; widths: number[]; right: number[]; printable: number; heading?: string }): number {
  let top = y;
  if (opts.heading) {
    if (top > doc.internal.pageSize.getHeight() - CHART_MARGIN - 30) {
      doc.addPage();
      top = CHART_MARGIN;
    }
    doc.setFont(REPORT_FONT, 'bold');
    doc.setFontSize(11);
    doc.text(opts.heading, CHART_MARGIN, top + 5);
    top += 6;
  }
  const columnStyles = Object.fromEntries(opts.widths.map((w, i) => [i, { cellWidth: (opts.printable * w) / 100, halign: opts.right.includes(i) ? ('right' as const) : ('left' as const) }]));
  autoTable(doc, {
    startY: top + 1,
    head: [opts.head.map((h, i) => ({ content: h, styles: { halign: opts.right.includes(i) ? 'right' : 'left' } }))],
    body: opts.body,
    theme: 'grid',
    margin: { left: CHART_MARGIN, right: CHART_MARGIN, top: CHART_MARGIN, bottom: CHART_MARGIN + 6 },
    styles: { font: REPORT_FONT, fontSize: 8, cellPadding: 1.4, overflow: 'linebreak' },
    headStyles: { fillColor: GREEN, textColor: 255, fontStyle: 'bold' },
    columnStyles,
  });
  return ((doc as jsPDF & { lastAutoTable?: { finalY: number } }).lastAutoTable?.finalY ?? top) + 5;
}

function emptyNote(doc: jsPDF, y: number, text: string): number {
  doc.setFont(REPORT_FONT, 'italic');
  doc.setFontSize(10);
  doc.text(text, CHART_MARGIN, y + 6);
  return y + 10;
}

const bold = (content: string, fill?: [number, number, number], colSpan?: number): CellInput => ({
  content,
  ...(colSpan ? { colSpan } : {}),
  styles: { fontStyle: 'bold', ...(fill ? { fillColor: fill } : {}) },
});
const boldRight = (content: string, fill?: [number, number, number]): CellInput => ({ content, styles: { fontStyle: 'bold', halign: 'right', ...(fill ? { fillColor: fill } : {}) } });

// ---- forecast ---------------------------------------------------------------------------------

/**
 * The forecast print (landscape): per part the titles with their chapters, last year's and this
 * year's amounts and totals; the summary per title with the surplus used; the signature block.
 * `withoutValues` prints the form with empty amount columns.
 */
export function forecastPdf(data: ForecastExport, ctx: BudgetReportContext): jsPDF {
  const t = budgetTexts[ctx.language];
  const c = chartTexts[ctx.language];
  const lines = [
    ...departmentLines(data.department, data.area, ctx.language),
    data.withoutValues ? t.form : `${t.approval}: ${data.approval ? formatDate(data.approval) : t.notApproved}`,
  ];
  const { doc, y: startY, printable } = startDoc('landscape', `${t.forecast} ${data.financialYear}`, lines);
  const show = (cents: number) => (data.withoutValues ? '' : money(cents));
  const prevHead = `${t.forecastYear} ${data.financialYear - 1}`;
  const currHead = `${t.forecastYear} ${data.financialYear}`;
  let y = startY;
  if (data.details) {
    if (data.details.length === 0) y = emptyNote(doc, y, t.noChapters);
    for (const part of data.details) {
      const body: RowInput[] = [];
      for (const title of part.titles) {
        body.push([bold(`${t.title} ${title.title} – ${name(title.descriptionDeu, title.descriptionIta, ctx.language)}`, TITLE_FILL, 4)]);
        for (const ch of title.chapters) body.push([chapterLabel(ch.chapter), name(ch.descriptionDeu, ch.descriptionIta, ctx.language), show(ch.amountPrevYear), show(ch.amountCurrYear)]);
        body.push([bold(`${t.titleTotal} ${title.title}`, TOTAL_FILL, 2), boldRight(show(title.totalPrevYear), TOTAL_FILL), boldRight(show(title.totalCurrYear), TOTAL_FILL)]);
      }
      body.push([bold(`${t.total} ${c.part[part.part] ?? ''}`, undefined, 2), boldRight(show(part.totalPrevYear)), boldRight(show(part.totalCurrYear))]);
      y = table(doc, y, { heading: c.part[part.part] ?? '', head: [t.chapter, t.description, prevHead, currHead], body, widths: [10, 56, 17, 17], right: [2, 3], printable });
    }
  }
  if (data.summary) {
    const s = data.summary;
    const body: RowInput[] = s.titles.map((x) => [
      `${t.title} ${x.title}`,
      name(x.descriptionDeu, x.descriptionIta, ctx.language),
      show(x.revenuesPrevYear),
      show(x.revenues),
      show(x.expensesPrevYear),
      show(x.expenses),
    ]);
    body.push([t.surplusUsed, '', show(s.surplusUsedPrevYear), show(s.surplusUsed), '', '']);
    const revPrev = s.titles.reduce((a, x) => a + x.revenuesPrevYear, 0) + s.surplusUsedPrevYear;
    const expPrev = s.titles.reduce((a, x) => a + x.expensesPrevYear, 0);
    body.push([bold(t.total, TOTAL_FILL, 2), boldRight(show(revPrev), TOTAL_FILL), boldRight(show(s.revenues + s.surplusUsed), TOTAL_FILL), boldRight(show(expPrev), TOTAL_FILL), boldRight(show(s.expenses), TOTAL_FILL)]);
    y = table(doc, y, {
      heading: t.summary,
      head: [t.title, t.description, `${t.revenues} ${data.financialYear - 1}`, `${t.revenues} ${data.financialYear}`, `${t.expenses} ${data.financialYear - 1}`, `${t.expenses} ${data.financialYear}`],
      body,
      widths: [14, 30, 14, 14, 14, 14],
      right: [2, 3, 4, 5],
      printable,
    });
  }
  signatures(doc, y, data.department, ctx.language);
  drawFooters(doc, ctx);
  return doc;
}

// ---- changes by chapter -----------------------------------------------------------------------

/** Record number -1 is the adjustment; others `Nr. 3`. */
function recordLabel(recordNumber: number, t: Texts): string {
  return recordNumber === -1 ? `-1 ${t.adjustment}` : `${t.recordNumber} ${recordNumber}`;
}

/** Changes by chapter (landscape): initial, changes and final budget per chapter; with details each change below its chapter. */
export function changesByChapterPdf(data: ChangesByChapter, ctx: BudgetReportContext): jsPDF {
  const t = budgetTexts[ctx.language];
  const c = chartTexts[ctx.language];
  const { doc, y: startY, printable } = startDoc('landscape', `${t.changesByChapter} ${data.year}`, departmentLines(data.department, data.department.area, ctx.language));
  let y = startY;
  if (data.items.length === 0) y = emptyNote(doc, y, t.noChanges);
  for (const part of [1, 2] as const) {
    const items = data.items.filter((i) => i.part === part);
    if (items.length === 0) continue;
    const body: RowInput[] = [];
    for (const item of items) {
      body.push([chapterLabel(item.chapter), name(item.descriptionDeu, item.descriptionIta, ctx.language), money(item.budgetInitial), money(item.budgetChanges), money(item.budgetFinal)]);
      if (data.hasDetails) {
        for (const ch of item.changes) {
          const label = `${recordLabel(ch.recordNumber, t)}${ch.approved ? ` ${t.approvedOn} ${formatDate(ch.approved)}` : ''}${ch.notes ? ` – ${ch.notes}` : ''}`;
          body.push(['', { content: label, styles: { fontStyle: 'italic' } }, '', { content: money(ch.amount), styles: { fontStyle: 'italic' } }, '']);
        }
      }
    }
    const sum = (pick: (i: (typeof items)[number]) => number) => items.reduce((s, i) => s + pick(i), 0);
    body.push([bold(`${t.total} ${c.part[part] ?? ''}`, TOTAL_FILL, 2), boldRight(money(sum((i) => i.budgetInitial)), TOTAL_FILL), boldRight(money(sum((i) => i.budgetChanges)), TOTAL_FILL), boldRight(money(sum((i) => i.budgetFinal)), TOTAL_FILL)]);
    y = table(doc, y, { heading: c.part[part] ?? '', head: [t.chapter, t.description, t.initial, t.changes, t.final], body, widths: [10, 48, 14, 14, 14], right: [2, 3, 4], printable });
  }
  drawFooters(doc, ctx);
  return doc;
}

// ---- protocols --------------------------------------------------------------------------------

function sessionTable(doc: jsPDF, y: number, session: ProtocolSession, printable: number, language: ReportLanguage, extraRows: RowInput[] = []): number {
  const t = budgetTexts[language];
  const body: RowInput[] = session.positions.map((p) => [chapterLabel(p.chapter), name(p.descriptionDeu, p.descriptionIta, language), money(p.budgetBefore), money(p.amount), money(p.budgetAfter)]);
  body.push([bold(t.revenues, TOTAL_FILL, 3), boldRight(money(session.totals.revenues), TOTAL_FILL), { content: '', styles: { fillColor: TOTAL_FILL } }]);
  body.push([bold(t.expenses, TOTAL_FILL, 3), boldRight(money(session.totals.expenses), TOTAL_FILL), { content: '', styles: { fillColor: TOTAL_FILL } }]);
  body.push(...extraRows);
  body.push([bold(t.balance, TOTAL_FILL, 3), boldRight(money(session.totals.balance), TOTAL_FILL), { content: '', styles: { fillColor: TOTAL_FILL } }]);
  return table(doc, y, { head: [t.chapter, t.description, t.before, t.amount, t.after], body, widths: [13, 39, 16, 16, 16], right: [2, 3, 4], printable });
}

function sessionHeading(doc: jsPDF, y: number, session: ProtocolSession, language: ReportLanguage): number {
  const t = budgetTexts[language];
  let top = y;
  if (top > doc.internal.pageSize.getHeight() - CHART_MARGIN - 40) {
    doc.addPage();
    top = CHART_MARGIN;
  }
  const heading = session.recordNumber === -1 ? `${t.recordNumber} -1 · ${t.adjustment}` : `${t.change} ${t.recordNumber} ${session.recordNumber}`;
  doc.setFont(REPORT_FONT, 'bold');
  doc.setFontSize(11);
  doc.text(`${heading}${session.approved ? ` – ${t.approvedOn} ${formatDate(session.approved)}` : ''}`, CHART_MARGIN, top + 5);
  top += 6;
  if (session.notes) {
    doc.setFont(REPORT_FONT, 'normal');
    doc.setFontSize(9);
    doc.text(`${t.notes}: ${session.notes}`, CHART_MARGIN, top + 4);
    top += 5;
  }
  return top;
}

/** The adjustment protocol (portrait): head with the surplus (planned, actual, difference) and the positions with totals. */
export function adjustmentProtocolPdf(data: AdjustmentProtocol, ctx: BudgetReportContext): jsPDF {
  const t = budgetTexts[ctx.language];
  const { doc, y: startY, printable } = startDoc('portrait', `${t.adjustmentProtocol} ${data.year}`, departmentLines(data.department, data.department.area, ctx.language));
  let y = startY;
  const a = data.adjustment;
  if (!a) {
    y = emptyNote(doc, y, t.noAdjustment);
  } else {
    y = sessionHeading(doc, y, a, ctx.language);
    const surplusRows: RowInput[] = [
      [bold(t.surplusPlanned, TOTAL_FILL, 3), boldRight(money(a.surplusPlanned), TOTAL_FILL), { content: '', styles: { fillColor: TOTAL_FILL } }],
      [bold(t.surplusActual, TOTAL_FILL, 3), boldRight(money(a.surplusActual), TOTAL_FILL), { content: '', styles: { fillColor: TOTAL_FILL } }],
      [bold(t.surplusDelta, TOTAL_FILL, 3), boldRight(money(a.surplusActual - a.surplusPlanned), TOTAL_FILL), { content: '', styles: { fillColor: TOTAL_FILL } }],
    ];
    y = sessionTable(doc, y, a, printable, ctx.language, surplusRows);
  }
  signatures(doc, y, data.department, ctx.language);
  drawFooters(doc, ctx);
  return doc;
}

/** The changes protocol (portrait): every change of the selection (the adjustment as -1) with its positions and totals. */
export function changesProtocolPdf(data: ChangesProtocol, ctx: BudgetReportContext): jsPDF {
  const t = budgetTexts[ctx.language];
  const { doc, y: startY, printable } = startDoc('portrait', `${t.changesProtocol} ${data.year}`, departmentLines(data.department, data.department.area, ctx.language));
  let y = startY;
  if (data.sessions.length === 0) y = emptyNote(doc, y, t.noChanges);
  for (const session of data.sessions) {
    y = sessionHeading(doc, y, session, ctx.language);
    y = sessionTable(doc, y, session, printable, ctx.language);
  }
  signatures(doc, y, data.department, ctx.language);
  drawFooters(doc, ctx);
  return doc;
}
