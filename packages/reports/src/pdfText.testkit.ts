import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { jsPDF } from 'jspdf';

/**
 * For the report tests: writes the PDF into a temporary folder (kept, to look at) and reads its
 * text back with poppler's `pdftotext -layout`, one string per page.
 */
export function pdfReader(prefix: string): (doc: jsPDF, name: string) => string[] {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return (doc, name) => {
    const file = join(dir, `${name}.pdf`);
    writeFileSync(file, Buffer.from(doc.output('arraybuffer')));
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' })
      .split('\f')
      .filter((p) => p.trim() !== '');
  };
}
