/* global document, window */
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { assert, assertNoErrors, baseUrl, currentYear, newPage, shot, signInAndWait, useBrowser } from '../lib.mjs';

const browser = useBrowser();
const base = `${baseUrl}/dept/101/year/${currentYear}`;

/** Every base-data screen: the list (and its first editor), the print and import screens. */
const screens = [
  { name: 'departments', path: 'departments/edit', table: 'department-table' },
  { name: 'departments-print', path: 'departments/print' },
  { name: 'suppliers', path: 'suppliers/edit', table: 'supplier-table' },
  { name: 'suppliers-print', path: 'suppliers/print' },
  { name: 'banks', path: 'banks', table: 'bank-table' },
  { name: 'accounts', path: 'accounts/edit', table: 'account-table' },
  { name: 'accounts-print', path: 'accounts/print' },
];

const bankCsv = [
  'ABI;CAB;Name;Filiale;Strasse;PLZ;Ort;Provinz;BIC',
  '08133;58290;Raiffeisenkasse Leifers;Cassa Raiffeisen Laives;Kennedystraße 139;39055;Leifers;BZ;RZSBIT21012',
  '08133;58291;Raiffeisenkasse Leifers;Filiale St. Jakob;Pillhof 1;39055;St. Jakob;BZ;RZSBIT21012',
  '0813;58292;Kaputt;;;;;;',
  '08133;;Ohne CAB;;;;;;',
  ';58293;Ohne ABI;;;;;;',
].join('\n');

for (const language of ['de', 'it']) {
  describe(`base-data screens in ${language}`, () => {
    test(`every screen renders; screenshots (${language})`, async () => {
      const { context, page, errors } = await newPage(browser(), { acceptDownloads: true });
      await signInAndWait(page, 'supervisor');
      await page.goto(`${base}/banks`);
      await page.getByTestId('language-switch').getByText(language.toUpperCase()).click();
      for (const screen of screens) {
        await page.goto(`${base}/${screen.path}`);
        await page.getByTestId('screen-title').waitFor();
        if (screen.table) {
          await page.getByTestId(screen.table).getByTestId('data-row').first().waitFor();
          await shot(page, `${screen.name}-list-${language}`);
          await page.getByTestId(screen.table).getByTestId('data-row').first().click();
          await page.getByTestId('editor').waitFor();
          await page.getByTestId('editor-save').waitFor();
          await page.locator('[data-testid="editor"] input').first().waitFor();
          await shot(page, `${screen.name}-editor-${language}`, { fullPage: true });
          // nothing of the editor is cut off horizontally
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
          assert.equal(overflow, false, `${screen.name} editor overflows horizontally`);
        } else {
          await page.getByTestId('export-form').waitFor();
          await shot(page, `${screen.name}-${language}`);
        }
      }

      // bank import with a report
      const file = join(tmpdir(), `banks-${language}.csv`);
      await writeFile(file, bankCsv);
      await page.goto(`${base}/banksImport`);
      await page.getByTestId('screen-title').waitFor();
      await page.locator('input[type="file"]').setInputFiles(file);
      await page.getByTestId('import-run').click();
      await page.getByTestId('import-report').waitFor();
      assert.equal((await page.getByTestId('import-rejected').innerText()).trim(), '3');
      assert.equal(
        Number(await page.getByTestId('import-added').innerText()) +
          Number(await page.getByTestId('import-changed').innerText()) +
          Number(await page.getByTestId('import-unchanged').innerText()),
        2,
      );
      assert.equal(await page.getByTestId('import-rejections').getByTestId('data-row').count(), 3);
      await shot(page, `banks-import-${language}`);

      // departments CSV in the UI language
      await page.goto(`${base}/departments/print`);
      await page.getByTestId('export-form').waitFor();
      await page.getByTestId('code-from').fill('100');
      await page.getByTestId('code-to').fill('102');
      await page.getByTestId('export-format').getByText('CSV').click();
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-download').click()]);
      const { readFile } = await import('node:fs/promises');
      const csv = (await readFile(await download.path(), 'utf8'))
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      assert.equal(csv[0].split(';')[0], language === 'it' ? 'Codice' : 'Code');
      assert.deepEqual(
        csv.slice(1).map((l) => l.split(';')[0]),
        ['100', '101', '102'],
      );
      await page.getByTestId('language-switch').getByText('DE').click();
      assertNoErrors(errors);
      await context.close();
    });
  });
}
