import type { AdjustmentProtocol } from '@app/domain';
import type { jsPDF } from 'jspdf';
import { departmentLines, signatures } from './budgetHeader.ts';
import { labelsFor } from './labels/index.ts';
import { emptyNote, finishReport, type LanguageReportContext, startReport } from './layout.ts';
import { sessionHeading, sessionTable, sessionTotal } from './protocolSession.ts';

/** The adjustment protocol (portrait): head with the surplus (planned, actual, difference) and the positions with totals. */
export function adjustmentProtocolPdf(data: AdjustmentProtocol, ctx: LanguageReportContext): jsPDF {
  const t = labelsFor(ctx.language).budget;
  const page = startReport('portrait', `${t.adjustmentProtocol} ${data.year}`, departmentLines(data.department, data.department.area, ctx.language));
  let y = page.y;
  const a = data.adjustment;
  if (!a) {
    y = emptyNote(page.doc, y, t.noAdjustment);
  } else {
    y = sessionHeading(page.doc, y, a, ctx.language);
    const surplusRows = [
      sessionTotal(t.surplusPlanned, a.surplusPlanned),
      sessionTotal(t.surplusActual, a.surplusActual),
      sessionTotal(t.surplusDelta, a.surplusActual - a.surplusPlanned),
    ];
    y = sessionTable(page, y, a, ctx.language, { extraRows: surplusRows, last: true });
  }
  signatures(page.doc, y, data.department, ctx.language);
  return finishReport(page.doc, ctx);
}
