/**
 * The auditor `revisor` (read-only, linked to 101 and 102) prints it: issue 27's "the auditor downloads the audit pack".
 * The audit pack (issue 27, "Prüfungsunterlagen"), in German and in Italian: zwei on 102 (Eppan, with open
 * payments) in the previous demo year opens Rechnungsabschluss → Prüfungsunterlagen from the menu and downloads
 * the PDF: its file name says what it is, for which department and year and the print date; its first page holds
 * the table of contents (final report, the cash journals, chapter digest, open payments, reservations, residues,
 * audit trail, each with a page number) and "Seite 1 von N", its last page "Seite N von N". Screenshots of the form
 * and of the contents page (pdftoppm) in both languages.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { assert, assertNoErrors, backToGerman, baseUrl, currentYear, menuEntry, openAs, pdfFileText, shot, useBrowser } from '../lib.mjs';
import { e2eEnv } from '../env.mjs';

const browser = useBrowser();
const year = currentYear - 1;
const base = `${baseUrl}/dept/102/year/${year}`;
const dir = mkdtempSync(join(tmpdir(), 'e2e-audit-pack-'));

const texts = {
  de: {
    title: `Prüfungsunterlagen ${year} drucken`,
    file: new RegExp(`^Prüfungsunterlagen-102-${year}-\\d{4}-\\d{2}-\\d{2}\\.pdf$`),
    contents: 'Inhaltsverzeichnis',
    sections: [
      `Rechnungsabschluss ${year}`,
      `Kassajournal ${year} – Konto K1`,
      `Kapitelauszug ${year}`,
      'Offene Zahlungen',
      `Vormerkungen ${year}`,
      `Rückstände ${year}`,
      `Änderungsprotokoll ${year}`,
    ],
    page: (x, n) => `Seite ${x} von ${n}`,
  },
  it: {
    title: `Stampa documentazione per la revisione ${year}`,
    file: new RegExp(`^Documentazione-per-la-revisione-102-${year}-\\d{4}-\\d{2}-\\d{2}\\.pdf$`),
    contents: 'Indice',
    sections: [
      `Rendiconto ${year}`,
      `Giornale di cassa ${year} – Conto K1`,
      `Estratto capitolo ${year}`,
      'Pagamenti aperti',
      `Prenotazioni ${year}`,
      `Residui ${year}`,
      `Registro delle modifiche ${year}`,
    ],
    page: (x, n) => `Pagina ${x} di ${n}`,
  },
};

for (const language of ['de', 'it']) {
  const t = texts[language];
  describe(`audit pack (${language})`, () => {
    test('from the menu: the PDF with its file name, the table of contents and page x of N', async () => {
      const { context, page, errors } = await openAs(browser(), 'revisor', base, { ready: 'home-status', language, acceptDownloads: true });
      await (await menuEntry(page, 'budgetFinal', 'budgetFinal.auditPack')).click();
      await page.getByTestId('screen-title').filter({ hasText: t.title }).waitFor();
      await page.getByTestId('audit-pack-sections').waitFor();
      await shot(page, `16-audit-pack-form-${language}`);
      const [download] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), page.getByTestId('export-download').click()]);
      assert.match(download.suggestedFilename(), t.file);
      const file = join(dir, `pack-${language}.pdf`);
      await download.saveAs(file);
      const pages = pdfFileText(file)
        .split('\f')
        .filter((p) => p.trim() !== '');
      const n = pages.length;
      assert.ok(n > 8, `${n} pages`);
      assert.ok(pages[0].includes(t.contents), 'the contents on the first page');
      let previous = 1;
      for (const section of t.sections) {
        // the contents' line: the title, then (after the column gap) the page number
        const line = pages[0].split('\n').find((l) => l.trim().startsWith(section) && /\s{2,}\d+\s*$/.test(l)) ?? '';
        const number = Number(/\s(\d+)\s*$/.exec(line)?.[1]);
        assert.ok(number > previous, `${section}: page ${number} after ${previous}`);
        assert.ok(pages[number - 1].trimStart().startsWith(section.split(' – ')[0]), `${section} starts page ${number}`);
        previous = number;
      }
      assert.ok(pages[0].includes(t.page(1, n)), 'page 1 of N');
      assert.ok(pages[n - 1].includes(t.page(n, n)), 'page N of N');
      execFileSync('pdftoppm', [
        '-png',
        '-r',
        '60',
        '-singlefile',
        '-f',
        '1',
        '-l',
        '1',
        file,
        join(e2eEnv.screenshotDir, `16-audit-pack-contents-${language}`),
      ]);
      if (language === 'it') await backToGerman(page);
      assertNoErrors(errors);
      await context.close();
    });
  });
}
