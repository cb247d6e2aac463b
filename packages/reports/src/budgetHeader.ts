import { formatAmount, type PrintDepartment } from '@app/domain';
import type { jsPDF } from 'jspdf';
import { labelsFor, type ReportLanguage } from './labels/index.ts';
import { MARGIN, REPORT_FONT } from './layout.ts';
import { areaName, localName } from './names.ts';

/**
 * What the budget prints (spec 1 §2.5: forecast, changes by chapter, adjustment and changes
 * protocols) share beyond the page layout: the header naming the department and, by area, cashier
 * or accountant and commander or president; the signature block; amounts `1.234,56 €`.
 */

/** `1.234,56 €`. */
export const money = (cents: number) => formatAmount(cents);

/**
 * The header lines: the department's name and code (the area only without a department: the name
 * says it), and the signers by area that have a name. Empty fields are left out with their
 * separators; a line with nothing to say is not printed.
 */
export function departmentLines(department: PrintDepartment | null, area: number, language: ReportLanguage): string[] {
  const t = labelsFor(language).budget;
  if (!department) return [areaName(area, language)].filter(Boolean);
  const title = localName(department.nameDeu, department.nameIta, language).trim();
  const signers = [
    [t[department.cashierRole], department.cashierName.trim()],
    [t[department.commanderRole], department.commanderName.trim()],
  ]
    .filter(([, who]) => who !== '')
    .map(([role, who]) => `${role}: ${who}`);
  return [title === '' ? department.code : `${title} (${department.code})`, signers.join(' · ')].filter(Boolean);
}

/** The space (mm) the signature block needs under `y`: a table before it keeps it on its last page (`keepAfter`). */
export const SIGNATURE_SPACE = 12 + 25;

/** The signature block at the end: the signers' roles by area, with their names. */
export function signatures(doc: jsPDF, y: number, department: PrintDepartment | null, language: ReportLanguage): void {
  if (!department) return;
  const t = labelsFor(language).budget;
  let top = y + 12;
  if (top + 25 > doc.internal.pageSize.getHeight() - MARGIN) {
    doc.addPage();
    top = MARGIN + 10;
  }
  const width = doc.internal.pageSize.getWidth();
  doc.setFont(REPORT_FONT, 'normal');
  doc.setFontSize(10);
  const columns: [string, string][] = [
    [t[department.cashierRole], department.cashierName],
    [t[department.commanderRole], department.commanderName],
  ];
  columns.forEach(([role, who], i) => {
    const x = MARGIN + (i * (width - 2 * MARGIN)) / 2;
    doc.text(role, x, top);
    doc.line(x, top + 12, x + 70, top + 12);
    if (who) doc.text(who, x, top + 17);
  });
}
