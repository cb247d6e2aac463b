import { type CarryOverReport, formatChapter, type ResidueExport, type ResidueExportGroup, type ResiduePosition } from '@app/domain';
import type { jsPDF } from 'jspdf';
import type { RowInput } from 'jspdf-autotable';
import { money } from './budgetHeader.ts';
import { labelsFor, type ReportLabels, type ReportLanguage } from './labels/index.ts';
import { bold, boldRight, drawTable, emptyNote, filled, finishReport, type LanguageReportContext, startReport, TOTAL_FILL } from './layout.ts';
import { localName } from './names.ts';

/** Whose residues: the scope year and the department line (`102 FF Eppan`). */
export interface ResiduesPrintHead {
  year: number;
  department: string;
}

type ResidueLabels = ReportLabels['residues'];

function filterLine(data: ResidueExport, t: ResidueLabels): string {
  const status =
    data.includeWithResidue === data.includeWithoutResidue ? t.status.all : data.includeWithResidue ? t.status.withResidue : t.status.withoutResidue;
  return [t.source[data.source], status, data.isDetailed ? t.type.detailed : t.type.simple].join(' · ');
}

function positionRow(p: ResiduePosition, detailed: boolean, t: ResidueLabels, language: LanguageReportContext['language']): RowInput {
  const name = localName(p.chapter.descriptionDeu, p.chapter.descriptionIta, language);
  const cells = [
    String(p.chapter.chapterYear),
    formatChapter(p.chapter.chapter),
    p.isDetermined ? name : `${name} (${t.notDetermined})`,
    money(p.budget.allocated),
    money(p.budget.payments),
    money(p.budget.available),
  ];
  if (detailed) cells.push(money(p.budget.openPayments), money(p.budget.reservations));
  cells.push(money(p.amount));
  if (detailed) cells.push(t.flags[p.budget.flag] ?? '');
  return cells;
}

function totalRow(g: ResidueExportGroup, detailed: boolean, t: ResidueLabels): RowInput {
  const cells = [
    bold(`${t.total} (${g.positions.length})`, TOTAL_FILL, 3),
    boldRight(money(g.totals.allocated), TOTAL_FILL),
    boldRight(money(g.totals.payments), TOTAL_FILL),
    boldRight(money(g.totals.available), TOTAL_FILL),
  ];
  if (detailed) cells.push(boldRight(money(g.totals.openPayments), TOTAL_FILL), boldRight(money(g.totals.reservations), TOTAL_FILL));
  cells.push(boldRight(money(g.totals.finalResidue), TOTAL_FILL));
  if (detailed) cells.push(filled(TOTAL_FILL));
  return cells;
}

/**
 * The residues list (residues/print, spec 3 §2, §9): per source (current management, residue lines)
 * and part a table of the chapter lines — year, chapter, description, allocation or residue, revenues
 * or payments, available, final residue — with its totals; detailed (landscape) adds open payments,
 * reservations and the flags with their legend; simple is portrait.
 */
export function residuesPdf(data: ResidueExport, head: ResiduesPrintHead, ctx: LanguageReportContext): jsPDF {
  return finishReport(drawResidues(null, data, head, ctx.language), ctx);
}

/** The residues list's pages, in a new document or appended to `into` (the audit pack); without the footer. */
export function drawResidues(into: jsPDF | null, data: ResidueExport, head: ResiduesPrintHead, language: ReportLanguage): jsPDF {
  const t = labelsFor(language).residues;
  const common = labelsFor(language).common;
  const detailed = data.isDetailed;
  const page = startReport(
    detailed ? 'landscape' : 'portrait',
    `${t.title} ${head.year}`,
    [head.department, filterLine(data, t), detailed ? t.legend : undefined],
    into,
  );
  if (data.groups.length === 0) {
    emptyNote(page.doc, page.y, t.empty);
    return page.doc;
  }
  const [year, chapter, description, allocated, payments, available, residue] = t.head;
  const columns = detailed
    ? {
        head: [year, chapter, description, allocated, payments, available, ...t.detailedHead.slice(0, 2), residue, t.detailedHead[2]],
        widths: [5, 7, 26, 10, 10, 10, 9, 9, 10, 4],
      }
    : { head: [year, chapter, description, allocated, payments, available, residue], widths: [7, 10, 31, 13, 13, 13, 13] };
  const right = detailed ? [3, 4, 5, 6, 7, 8] : [3, 4, 5, 6];
  let y = page.y;
  for (const g of data.groups) {
    const body = g.positions.map((p) => positionRow(p, detailed, t, language));
    body.push(totalRow(g, detailed, t));
    y = drawTable(page, y, {
      heading: `${t.group[g.source]} – ${common.part[g.part]}`,
      head: columns.head.map(String),
      body,
      widths: columns.widths,
      right,
      look: 'grid',
    });
  }
  return page.doc;
}

/**
 * The carry-over report (residues/carryOver, portrait, spec 3 §3 carry-over row, §9): per carried line
 * its chapter year, chapter, both descriptions, the previous year's final residue and the residue of
 * the new year's line, with the totals.
 */
export function carryOverPdf(report: CarryOverReport, department: string, ctx: LanguageReportContext): jsPDF {
  const t = labelsFor(ctx.language).residues;
  const page = startReport('portrait', `${t.carryOverTitle} ${report.previousYear} – ${report.year}`, [department]);
  if (report.rows.length === 0) {
    emptyNote(page.doc, page.y, t.carryOverEmpty);
    return finishReport(page.doc, ctx);
  }
  const body: RowInput[] = report.rows.map((r) => [
    String(r.year),
    formatChapter(r.chapter),
    r.descriptionDeu,
    r.descriptionIta,
    money(r.previousYear),
    money(r.currentYear),
  ]);
  body.push([
    bold(`${t.total} (${report.rows.length})`, TOTAL_FILL, 4),
    boldRight(money(report.totals.previousYear), TOTAL_FILL),
    boldRight(money(report.totals.currentYear), TOTAL_FILL),
  ]);
  drawTable(page, page.y, { head: t.carryOverHead, body, widths: [7, 10, 25, 25, 16.5, 16.5], right: [4, 5], look: 'grid' });
  return finishReport(page.doc, ctx);
}
