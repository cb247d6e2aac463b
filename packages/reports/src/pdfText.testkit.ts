import { spawnSync } from 'node:child_process';
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
    const run = spawnSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    if (run.error) throw run.error;
    // any message of pdftotext fails the test (the fonts name the collection Adobe-Identity: layout.ts)
    const complaints = run.stderr.split('\n').filter((l) => l.trim() !== '');
    if (run.status !== 0 || complaints.length > 0) throw new Error(`pdftotext ${file}: ${complaints.join('; ') || `exit ${run.status}`}`);
    return run.stdout.split('\f').filter((p) => p.trim() !== '');
  };
}
