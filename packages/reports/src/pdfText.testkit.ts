import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { jsPDF } from 'jspdf';

/**
 * poppler's one complaint about jsPDF's embedded fonts: their CIDSystemInfo names the collection
 * Adobe-Identity-H, which no poppler-data package carries (it has CNS1, GB1, Japan1, Korea1); the text
 * comes from the fonts' ToUnicode maps all the same. Any other message of pdftotext fails the test.
 */
const HARMLESS = /^Syntax Error: Unknown character collection 'Adobe-Identity-H'$/;

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
    const complaints = run.stderr.split('\n').filter((l) => l.trim() !== '' && !HARMLESS.test(l.trim()));
    if (run.status !== 0 || complaints.length > 0) throw new Error(`pdftotext ${file}: ${complaints.join('; ') || `exit ${run.status}`}`);
    return run.stdout.split('\f').filter((p) => p.trim() !== '');
  };
}
