import { formatChapter, formatDate, type ProtocolSession } from '@app/domain';
import type { jsPDF } from 'jspdf';
import type { RowInput } from 'jspdf-autotable';
import { money, SIGNATURE_SPACE } from './budgetHeader.ts';
import { labelsFor, type ReportLanguage } from './labels/index.ts';
import { bold, boldRight, drawTable, filled, MARGIN, REPORT_FONT, type ReportPage, sectionHeading, TOTAL_FILL } from './layout.ts';
import { localName } from './names.ts';

/**
 * One session of a protocol (the adjustment, or a budget change): the heading with record number,
 * approval and notes, then the positions (budget before, change, budget after) with the totals.
 * Shared by the adjustment protocol and the changes protocol.
 */

/** A total row of a session table: label over three columns, the amount, an empty last column. */
export function sessionTotal(label: string, cents: number): RowInput {
  return [bold(label, TOTAL_FILL, 3), boldRight(money(cents), TOTAL_FILL), filled(TOTAL_FILL)];
}

/** The positions of a session with revenues and expenses, then `extraRows`, then the balance; `last` keeps the signatures with it. */
export function sessionTable(
  page: ReportPage,
  y: number,
  session: ProtocolSession,
  language: ReportLanguage,
  { extraRows = [], last = false }: { extraRows?: RowInput[]; last?: boolean } = {},
): number {
  const { budget: t, common } = labelsFor(language);
  const body: RowInput[] = session.positions.map((p) => [
    formatChapter(p.chapter),
    localName(p.descriptionDeu, p.descriptionIta, language),
    money(p.budgetBefore),
    money(p.amount),
    money(p.budgetAfter),
  ]);
  body.push(
    sessionTotal(t.revenues, session.totals.revenues),
    sessionTotal(t.expenses, session.totals.expenses),
    ...extraRows,
    sessionTotal(t.balance, session.totals.balance),
  );
  return drawTable(page, y, {
    head: [common.chapter, common.description, t.before, t.amount, t.after],
    body,
    widths: [13, 39, 16, 16, 16],
    right: [2, 3, 4],
    look: 'grid',
    keepAfter: last ? SIGNATURE_SPACE : 0,
  });
}

/** The heading of a session (`Haushaltsänderung Nr. 3 – genehmigt am ...`) and its notes. */
export function sessionHeading(doc: jsPDF, y: number, session: ProtocolSession, language: ReportLanguage): number {
  const t = labelsFor(language).budget;
  const heading = session.recordNumber === -1 ? `${t.recordNumber} -1 · ${t.adjustment}` : `${t.change} ${t.recordNumber} ${session.recordNumber}`;
  let top = sectionHeading(doc, y, `${heading}${session.approved ? ` – ${t.approvedOn} ${formatDate(session.approved)}` : ''}`, 40);
  if (session.notes) {
    doc.setFont(REPORT_FONT, 'normal');
    doc.setFontSize(9);
    doc.text(`${t.notes}: ${session.notes}`, MARGIN, top + 4);
    top += 5;
  }
  return top;
}
