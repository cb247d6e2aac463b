import type { ChangesProtocol } from '@app/domain';
import type { jsPDF } from 'jspdf';
import { departmentLines, signatures } from './budgetHeader.ts';
import { labelsFor } from './labels/index.ts';
import { emptyNote, finishReport, type LanguageReportContext, startReport } from './layout.ts';
import { sessionHeading, sessionTable } from './protocolSession.ts';

/** The changes protocol (portrait): every change of the selection (the adjustment as -1) with its positions and totals. */
export function changesProtocolPdf(data: ChangesProtocol, ctx: LanguageReportContext): jsPDF {
  const t = labelsFor(ctx.language).budget;
  const page = startReport('portrait', `${t.changesProtocol} ${data.year}`, departmentLines(data.department, data.department.area, ctx.language));
  let y = page.y;
  if (data.sessions.length === 0) y = emptyNote(page.doc, y, t.noChanges);
  for (const [index, session] of data.sessions.entries()) {
    y = sessionHeading(page.doc, y, session, ctx.language);
    y = sessionTable(page, y, session, ctx.language, { last: index === data.sessions.length - 1 });
  }
  signatures(page.doc, y, data.department, ctx.language);
  return finishReport(page.doc, ctx);
}
