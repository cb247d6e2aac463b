/* global document */
/**
 * Corrections to parts 1 and 2 (issue 9), in German (kassier, 101) and Italian (zwei, 102):
 * a budget change made by mistake is deleted (the latest only, with the confirmation), the
 * movement-template head names a template by its chapter (typed code in German, picker in Italian),
 * the supplier master sheet PDF (a page per supplier with every field), and the previous-year amounts
 * typed in the forecast of a brigade in its first year in the system (supervisor, a new department),
 * and the year unlock (years screen) that leaves the chart of that year locked.
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { assert, assertNoErrors, baseUrl, currentYear, newPage, pathOf, shot, signInAndWait, useBrowser, rest, pdfFileText } from '../lib.mjs';

const browser = useBrowser();
const prevYear = currentYear - 1;

async function switchLanguage(page, language) {
  await page.getByTestId('language-switch').getByText(language.toUpperCase()).click();
}

const runs = [
  {
    language: 'de',
    user: 'kassier',
    dept: '101',
    newDept: '105',
    texts: { master: 'Stammblatt (PDF)', masterTitle: 'Stammblatt der Lieferanten', searchKey: 'Suchbegriff', term: 'Zahlungsziel' },
  },
  {
    language: 'it',
    user: 'zwei',
    dept: '102',
    newDept: '106',
    texts: { master: 'Scheda anagrafica (PDF)', masterTitle: 'Scheda anagrafica dei fornitori', searchKey: 'Chiave di ricerca', term: 'Termine di pagamento' },
  },
];

for (const { language, user, dept, newDept, texts } of runs) {
  describe(`corrections in ${language} (${user}, ${dept})`, () => {
    test(`delete a budget change, template chapter lookup, supplier master sheet (${language})`, async () => {
      const { context, page, errors } = await newPage(browser(), { acceptDownloads: true });
      const name = (screen) => `corrections-${screen}-${language}`;
      await signInAndWait(page, user);
      const prevBase = `${baseUrl}/dept/${dept}/year/${prevYear}`;
      await page.goto(`${prevBase}/budget/changes/edit`);
      await switchLanguage(page, language);
      await page.getByTestId('change-head-form').waitFor();

      // two changes of last year (approved forecast); the first can't go while the second exists
      for (const day of ['01.09', '02.09']) {
        await page.goto(`${prevBase}/budget/changes/edit`);
        await page.getByTestId('change-approved').click();
        await page.getByTestId('change-approved').fill(`${day}.${prevYear}`);
        await page.getByTestId('change-notes').fill(language === 'de' ? 'Irrtümlich angelegt' : 'Creata per errore');
        await page.getByTestId('change-create').click();
        await page.waitForURL((url) => /\/budget\/changes\/edit\/\d+$/.test(url.pathname));
      }
      assert.match(pathOf(page), /\/budget\/changes\/edit\/2$/);
      await page.goto(`${prevBase}/budget/changes/edit/1`);
      await page.getByTestId('editor-delete').waitFor();
      assert.equal(await page.getByTestId('editor-delete').isDisabled(), true, 'an earlier change cannot be deleted');
      await page.goto(`${prevBase}/budget/changes/edit/2`);
      await page.getByTestId('editor-delete').waitFor();
      assert.equal(await page.getByTestId('editor-delete').isDisabled(), false);
      await page.getByTestId('editor-delete').click();
      await page.getByRole('dialog').waitFor();
      await shot(page, name('change-delete-confirm'));
      // Escape cancels: nothing happens
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      assert.match(pathOf(page), /\/budget\/changes\/edit\/2$/);
      // Enter answers the focused, safe "Abbrechen": nothing is deleted; the red OK is clicked
      await page.getByTestId('editor-delete').click();
      await page.getByRole('dialog').waitFor();
      await page.keyboard.press('Enter');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      assert.match(pathOf(page), /\/budget\/changes\/edit\/2$/);
      await page.getByTestId('editor-delete').click();
      await page.getByRole('dialog').getByTestId('confirm-ok').click();
      await page.waitForURL((url) => url.pathname.endsWith('/budget/changes/edit'));
      // after a reload the picker lists only change 1; a new one gets number 2 again (gap-free)
      await page.reload();
      await page.getByTestId('change-picker').click();
      const options = await page.getByRole('option').allInnerTexts();
      assert.equal(options.length, 1, `one change left: ${options.join(' | ')}`);
      assert.match(options[0] ?? '', /^(Nr|N)\. 1 · /);
      await page.keyboard.press('Escape');
      await shot(page, name('change-after-delete'));
      await page.getByTestId('change-approved').click();
      await page.getByTestId('change-approved').fill(`03.09.${prevYear}`);
      await page.getByTestId('change-create').click();
      await page.waitForURL((url) => /\/budget\/changes\/edit\/2$/.test(url.pathname));

      // movement template: the head names the template by its chapter (German: typed code, Italian: picker)
      const base = `${baseUrl}/dept/${dept}/year/${currentYear}`;
      await page.goto(`${base}/movementTemplates`);
      await page.getByTestId('template-head').waitFor();
      if (language === 'de') {
        await page.getByTestId('chapter-code').click();
        await page.getByTestId('chapter-code').fill('21003');
        await page.getByTestId('chapter-code').press('Tab');
      } else {
        await page.getByTestId('chapter-picker-open').click();
        await page.getByTestId('chapter-picker-code').waitFor();
        await page.getByTestId('chapter-picker-code').fill('21003');
        await page.waitForTimeout(600);
        await shot(page, name('template-chapter-picker'));
        await page.getByTestId('chapter-picker-code').press('Enter');
        await page.getByTestId('chapter-picker-code').waitFor({ state: 'hidden' });
      }
      const chapterName = language === 'de' ? 'Persönliche Schutzausrüstung' : 'Dispositivi di protezione individuale';
      await page.getByTestId('chapter-description').getByText(chapterName).waitFor();
      assert.equal(await page.locator('input[name="descriptionDeu"]').inputValue(), 'Persönliche Schutzausrüstung', 'the chapter names the template (de)');
      assert.equal(
        await page.locator('input[name="descriptionIta"]').inputValue(),
        'Dispositivi di protezione individuale',
        'the chapter names the template (it)',
      );
      await shot(page, name('template-head-chapter'));
      await page.getByTestId('template-continue').click();
      await page.waitForURL((url) => /\/movementTemplates\/\d+$/.test(url.pathname));
      await page.getByTestId('expense-row').first().waitFor();
      assert.equal(await page.getByTestId('expense-row').count(), 1);
      assert.match(await page.getByTestId('expense-row').first().innerText(), /2-1-003/);
      await shot(page, name('template-positions'));

      // suppliers: the master sheet PDF, one page per supplier with every field
      await page.goto(`${base}/suppliers/print`);
      await page.getByTestId('export-form').waitFor();
      await page.getByTestId('export-format').getByText(texts.master).click();
      await shot(page, name('suppliers-print'));
      const download = page.waitForEvent('download');
      await page.getByTestId('export-download').click();
      const file = join(tmpdir(), `supplier-master-${language}-${Date.now()}.pdf`);
      await (await download).saveAs(file);
      const pdf = pdfFileText(file);
      const pages = pdf.split('\f').filter((p) => p.trim() !== '');
      assert.ok(pages.length >= 4, `a page per demo supplier (${pages.length})`);
      assert.ok(pages[0]?.includes(texts.masterTitle), 'title');
      assert.match(pages[0] ?? '', /1001 Feuerwehrtechnik Pichler KG Atemschutz und Armaturen/);
      assert.match(pages[0] ?? '', new RegExp(`${texts.searchKey}\\s+PICHLER`));
      assert.match(pages[0] ?? '', new RegExp(`${texts.term}\\s+\\d+`));
      assert.match(pages[0] ?? '', /IBAN\s+IT\d\d [A-Z]\d{3}/);
      assert.match(pages[1] ?? '', /1002 /);
      assertNoErrors(errors);
      await context.close();
    });

    test(`previous-year amounts typed in a brigade's first year (${language}, supervisor, ${newDept})`, async () => {
      // a brigade new to the system: no forecast last year
      const scopes = await rest('supervisor', 'GET', 'Scopes');
      const union = scopes.json.departments.find((d) => d.code === '000');
      const created = await rest('supervisor', 'POST', `Departments?departmentId=${union.id}`, {
        code: newDept,
        name1Deu: 'Freiwillige Feuerwehr',
        name2Deu: `Neugründung ${newDept}`,
        name1Ita: 'Vigili del Fuoco Volontari',
        name2Ita: `Nuovo corpo ${newDept}`,
      });
      assert.equal(created.status, 200, JSON.stringify(created.json));

      const { context, page, errors } = await newPage(browser());
      const name = (screen) => `corrections-${screen}-${language}`;
      await signInAndWait(page, 'supervisor');
      const base = `${baseUrl}/dept/${newDept}/year/${currentYear}`;
      await page.goto(`${base}/budget/forecast/details/expenses`);
      await switchLanguage(page, language);
      await page.getByTestId('forecast-positions').waitFor();
      await page.getByTestId('prev-editable-note').waitFor();
      await page.getByTestId('add-chapter-code').fill('21003');
      await page.getByTestId('amount-21003').waitFor();
      await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'amount-21003');
      await page.keyboard.type('500');
      // the previous-year column takes a typed amount here
      await page.getByTestId('prev-21003').click();
      await page.keyboard.type('450,50');
      // a chapter with only last year's amount
      await page.getByTestId('add-chapter-code').fill('21006');
      await page.getByTestId('prev-21006').waitFor();
      await page.getByTestId('prev-21006').click();
      await page.keyboard.type('120');
      await shot(page, name('forecast-first-year'));
      await page.keyboard.press('Control+Enter');
      await page.waitForURL((url) => url.pathname.endsWith('/budget/forecast/details'));
      await page.goto(`${base}/budget/forecast/details/expenses`);
      await page.getByTestId('prev-21003').waitFor();
      assert.match(await page.getByTestId('prev-21003').inputValue(), /^450,50( €)?$/);
      assert.match(await page.getByTestId('prev-21006').inputValue(), /^120,00( €)?$/);
      // (the editor opens in its first field: a focused amount shows no euro sign)
      assert.match(await page.getByTestId('amount-21003').inputValue(), /^500,00( €)?$/);
      await shot(page, name('forecast-first-year-saved'), { fullPage: true });

      // 101 has last year's forecast: the column stays read-only (figures, no inputs)
      await page.goto(`${baseUrl}/dept/101/year/${currentYear}/budget/forecast/details/expenses`);
      await page.getByTestId('forecast-positions').waitFor();
      await page.getByTestId('prev-21003').waitFor();
      assert.equal(await page.locator('input[data-testid="prev-21003"]').count(), 0, 'derived, not typed');
      assert.equal(await page.getByTestId('prev-editable-note').count(), 0);
      // the year unlock (years screen) is not the chart unlock: last year's department chart stays locked
      await page.goto(`${baseUrl}/dept/101/year/${currentYear}/years`);
      await page.getByTestId('year-unlock').waitFor();
      await page.getByTestId(`unlock-${prevYear}-3`).check();
      await page.getByTestId('unlock-save').click();
      await page.waitForFunction(() => !document.querySelector('[data-testid="unlock-save"]:not([disabled])'));
      await shot(page, name('years-unlock'));
      await page.goto(`${baseUrl}/dept/101/year/${prevYear}/chartOfAccounts/unlock`);
      await page
        .getByTestId('unlock-row-3')
        .getByTestId('unlock-state')
        .getByText(language === 'de' ? 'gesperrt' : 'bloccato')
        .waitFor();
      await shot(page, name('chart-still-locked'));
      // and back: the year flag off again
      await page.goto(`${baseUrl}/dept/101/year/${currentYear}/years`);
      await page.getByTestId(`unlock-${prevYear}-3`).uncheck();
      await page.getByTestId('unlock-save').click();
      await page.waitForFunction(() => !document.querySelector('[data-testid="unlock-save"]:not([disabled])'));
      // leave the supervisor's language as found (German)
      if (language !== 'de') await switchLanguage(page, 'de');
      assertNoErrors(errors);
      await context.close();
    });
  });
}
