import type { RowInput } from 'jspdf-autotable';
import { describe, expect, it } from 'vitest';
import { bold, drawTable, finishReport, startReport, TITLE_FILL } from './layout.ts';
import { pdfReader } from './pdfText.testkit.ts';
import { fitWidths } from './tableFlow.ts';

/**
 * Prints that hold together (issue 25 item 12), read back from the PDF text page by page: rows never
 * split, no word broken inside, a group heading never ends a page, the header keeps its first row and
 * what follows the table (the signatures) stays with its last row.
 */
const pdfPages = pdfReader('reports-flow-');
const ctx = { username: 'kassier', now: new Date('2026-11-27T18:00:00Z'), language: 'de' as const };

/** The index of the page whose text holds `needle` (-1 when none). */
const pageOf = (pages: string[], needle: string) => pages.findIndex((p) => p.includes(needle));

/** A long text that wraps into several lines in a narrow column, with a start and an end marker. */
const longText = (i: number) => `start${i} ${'lorem ipsum dolor sit amet '.repeat(3)}end${i}`;

describe('a table over several pages', () => {
  it('never splits a row: each row starts and ends on the same page, wherever the page ends', () => {
    for (const offset of [0, 3, 7, 11]) {
      const page = startReport('portrait', 'Rows');
      const body: RowInput[] = Array.from({ length: 60 }, (_, i) => [String(i), longText(i), '1.234,56 €']);
      drawTable(page, page.y + offset, { head: ['Nr.', 'Text', 'Betrag'], body, widths: [10, 30, 60], right: [2], look: 'list' });
      const pages = pdfPages(finishReport(page.doc, ctx), `rows-${offset}`);
      expect(pages.length).toBeGreaterThan(2);
      for (let i = 0; i < 60; i++) expect(pageOf(pages, `end${i}`), `row ${i} at offset ${offset}`).toBe(pageOf(pages, `start${i}`));
    }
  });

  it('never breaks a word inside: a column too narrow for its longest word is widened, the others give way', () => {
    const page = startReport('landscape', 'Words');
    const body: RowInput[] = [['2-1-001', 'Verwaltungsausgaben', ...Array.from({ length: 9 }, () => '123.456,78 €')]];
    drawTable(page, page.y, {
      head: ['Kapitel', 'Bezeichnung', ...Array.from({ length: 9 }, (_, i) => `Betrag ${i + 1}`)],
      body,
      widths: Array.from({ length: 11 }, () => 100 / 11),
      right: [2, 3, 4, 5, 6, 7, 8, 9, 10],
      look: 'grid',
    });
    const text = pdfPages(finishReport(page.doc, ctx), 'words').join('\n');
    expect(text).toMatch(/2-1-001\s+Verwaltungsausgaben\s+123\.456,78 €/);
    expect(text.match(/123\.456,78 €/g)).toHaveLength(9);
  });

  it('fits the widths: what the narrow columns lack comes from the room of the others', () => {
    expect(fitWidths([20, 20, 60], [10, 30, 20])).toEqual([18, 30, 52]);
    expect(fitWidths([50, 50], [10, 10])).toEqual([50, 50]);
    // the page is too narrow for every minimum: the narrow column gets all the room there is
    expect(fitWidths([10, 30], [20, 25])).toEqual([15, 25]);
  });

  it('never ends a page with a group heading: the heading moves to the next page with its first row', () => {
    for (const size of [2, 3, 4, 5, 6, 7]) {
      const page = startReport('portrait', 'Groups');
      const body: RowInput[] = [];
      for (let g = 0; g < 14; g++) {
        body.push([bold(`Gruppe ${g}`, TITLE_FILL, 3)]);
        for (let r = 0; r < size; r++) body.push([`G${g}-${r}`, 'Zeile', '1,00 €']);
      }
      drawTable(page, page.y, { head: ['Nr.', 'Text', 'Betrag'], body, widths: [20, 60, 20], right: [2], look: 'grid' });
      const pages = pdfPages(finishReport(page.doc, ctx), `groups-${size}`);
      for (let g = 0; g < 14; g++) expect(pageOf(pages, `Gruppe ${g}\n`), `group ${g} of ${size} rows`).toBe(pageOf(pages, `G${g}-0 `));
    }
  });

  it('keeps the header row with the first row: a table without room for it starts on the next page', () => {
    const page = startReport('portrait', 'Bottom');
    const bottom = page.doc.internal.pageSize.getHeight() - 32;
    drawTable(page, bottom, { head: ['Kopf A', 'Kopf B'], body: [[longText(1), 'x']], widths: [50, 50], look: 'grid' });
    const pages = pdfPages(finishReport(page.doc, ctx), 'bottom');
    expect(pages).toHaveLength(2);
    expect(pageOf(pages, 'Kopf A')).toBe(1);
    expect(pageOf(pages, 'end1')).toBe(1);
  });

  it('keeps a section heading with the header, a group heading and the first row, wherever the page ends', () => {
    const height = startReport('portrait', 'x').doc.internal.pageSize.getHeight();
    for (let left = 20; left <= 44; left += 3) {
      const page = startReport('portrait', 'Heading');
      const body: RowInput[] = [[bold('Titel 1', TITLE_FILL, 2)], [longText(1), '1,00 €'], ['Zeile 2', '2,00 €']];
      drawTable(page, height - left, { heading: 'Abschnitt', head: ['Kopf A', 'Kopf B'], body, widths: [50, 50], right: [1], look: 'grid' });
      const pages = pdfPages(finishReport(page.doc, ctx), `heading-${left}`);
      for (const text of ['Kopf A', 'Titel 1', 'start1', 'end1']) expect(pageOf(pages, text), `${text} with ${left} mm left`).toBe(pageOf(pages, 'Abschnitt'));
    }
  });

  it('keeps what follows with the last row: `keepAfter` moves the last row to the next page when there is no room under it', () => {
    for (let rows = 30; rows < 60; rows++) {
      const page = startReport('portrait', 'Keep');
      const body: RowInput[] = Array.from({ length: rows }, (_, i) => [`Zeile ${i}`, '1,00 €']);
      const y = drawTable(page, page.y, { head: ['Text', 'Betrag'], body, widths: [70, 30], right: [1], look: 'grid', keepAfter: 37 });
      const height = page.doc.internal.pageSize.getHeight();
      expect(y + 37, `${rows} rows`).toBeLessThanOrEqual(height - 12 + 0.01);
    }
  });
});
