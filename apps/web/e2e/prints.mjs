/** The print checks of the e2e specs (issue 25 item 12): a print read from pdftotext's pages holds together. */
import assert from 'node:assert/strict';

/** A chapter code as the prints show it (`21001` → `2-1-001`). */
export const printedChapter = (code) => `${code[0]}-${code[1]}-${code.slice(2)}`;

const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const printFooter = /(Seite \d+ von \d+|Pagina \d+ di \d+)\s*$/;
const amountLine = /\d,\d{2}( €)?(\s|$)/;

/**
 * A print holds together (issue 25 item 12), read from its text (pdftotext -layout, one page per form feed):
 * - every line of `rows` ({ code, description, year? }: a chapter as printed; `year`: its line of that year) lies on one page with its whole
 *   description: each word unbroken (long texts wrap at word boundaries) on the page of its code;
 * - no page ends with one of `headings` (a group or section heading keeps at least its first row: some line
 *   with an amount, or the section's `empty` note, follows it on its page);
 * - the `signatures` (their labels) share their page with a line of amounts (never a page of signatures alone).
 * Answers the pages (their lines, the footer left out).
 */
export function assertPrintHolds(text, { name, rows = [], headings = [], empty = [], signatures = [] }) {
  const pages = text
    .split('\f')
    .filter((p) => p.trim() !== '')
    .map((p) => p.split('\n').filter((l) => l.trim() !== '' && !printFooter.test(l)));
  assert.ok(pages.length > 0, `${name}: a page`);
  for (const { code, description, year } of rows) {
    // with `year`: the line of that year's chapter (a report lists other years' lines of the same code, with their own names)
    const codeAt = new RegExp(`(^|\\s)${year === undefined ? '' : `${year}\\s+`}${escapeRegExp(code)}(\\s|$)`);
    const on = pages.filter((lines) => lines.some((l) => codeAt.test(l)));
    assert.ok(on.length > 0, `${name}: ${code} is printed`);
    for (const lines of on) {
      const page = lines.join('\n');
      for (const word of description.split(/\s+/).filter((w) => w.length > 1)) {
        const whole = new RegExp(`(^|[\\s(])${escapeRegExp(word)}($|[\\s),.;:])`);
        assert.ok(whole.test(page), `${name}: "${word}" of ${code} "${description}" whole on the page of its code:\n${page}`);
      }
    }
  }
  for (const [n, lines] of pages.entries()) {
    for (const [i, line] of lines.entries()) {
      const heading = headings.find((h) => line.trim().startsWith(h));
      if (heading === undefined || amountLine.test(line)) continue; // a row that starts like a heading (the summary's titles)
      assert.ok(
        lines.slice(i + 1).some((l) => amountLine.test(l) || empty.includes(l.trim())),
        `${name}: the heading "${heading}" ends page ${n + 1} without a row under it:\n${lines.join('\n')}`,
      );
    }
  }
  if (signatures.length > 0) {
    const at = pages.findIndex((lines) => signatures.every((s) => lines.some((l) => l.includes(s))));
    assert.ok(at >= 0, `${name}: the signatures ${signatures.join(', ')} are printed on one page`);
    assert.ok(
      pages[at].some((l) => amountLine.test(l) && !signatures.some((s) => l.includes(s))),
      `${name}: the signatures' page ${at + 1} has no row of the table:\n${pages[at].join('\n')}`,
    );
  }
  return pages;
}
