import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { createReportDoc, footerParts } from './layout.ts';

it('builds the footer in both languages', () => {
  const now = new Date('2026-11-22T09:05:00Z');
  expect(footerParts({ now, username: 'kassier', page: 1, pages: 3, language: 'de' })).toEqual(['22.11.2026 10:05', 'Angemeldet als kassier', 'Seite 1 von 3']);
  expect(footerParts({ now, username: 'kassier', page: 2, pages: 3, language: 'it' })).toEqual(['22.11.2026 10:05', 'Accesso come kassier', 'Pagina 2 di 3']);
});

it('names the embedded fonts’ character collection Adobe-Identity, so pdftotext reads the print without a complaint', () => {
  const doc = createReportDoc('portrait');
  doc.text('Verwaltungsausgaben · Spese amministrative €', 20, 20);
  doc.setFont(doc.getFont().fontName, 'bold');
  doc.text('Übertrag', 20, 30);
  const raw = doc.output();
  // one descendant font per style used, each with the collection Adobe-Identity (not the encoding's name)
  expect(raw.match(/\/Ordering \(Identity\)/g)?.length).toBe(3);
  expect(raw).not.toContain('/Ordering (Identity-H)');
  expect(raw).toContain('/Encoding /Identity-H');
  const file = join(mkdtempSync(join(tmpdir(), 'layout-')), 'fonts.pdf');
  writeFileSync(file, Buffer.from(doc.output('arraybuffer')));
  const run = spawnSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  expect(run.stderr).toBe('');
  expect(run.stdout).toContain('Verwaltungsausgaben · Spese amministrative €');
  expect(run.stdout).toContain('Übertrag');
});
