import { jsPDF } from 'jspdf';
import { robotoBold, robotoItalic, robotoRegular } from './fonts/roboto.ts';

/** The font of every report (DESIGN.md: Roboto embedded). */
export const REPORT_FONT = 'Roboto';

/** A new A4 document with Roboto (normal, bold, italic) embedded and selected. */
export function createReportDoc(orientation: 'landscape' | 'portrait'): jsPDF {
  const doc = new jsPDF({ orientation, unit: 'mm', format: 'a4' });
  for (const [style, data] of [
    ['normal', robotoRegular],
    ['bold', robotoBold],
    ['italic', robotoItalic],
  ] as const) {
    const file = `Roboto-${style}.ttf`;
    doc.addFileToVFS(file, data);
    doc.addFont(file, REPORT_FONT, style);
  }
  doc.setFont(REPORT_FONT, 'normal');
  return doc;
}
