/* global document */
/**
 * Budget screens end to end. Runs before the 7x specs (74, 75 and 78 approve 102's current year, which
 * must still be open here); approving the current year locks the area's chart, which the later specs expect.
 * German as kassier on 101, Italian as zwei on 102: forecast editors (copy previous year, a new row
 * that can't be left empty, Enter moves down), balance checks failing then passing through the
 * surplus used, approval opening the management menu without reload (a reflex Enter on the revoke
 * question keeps it), a budget change moving money
 * between expense chapters with the "exceeds available" question, the adjustment, the four prints.
 */
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import {
  assert,
  assertNoErrors,
  baseUrl,
  cents,
  currentYear,
  departmentIdOf,
  enterOnQuestion,
  isEnabled,
  menuEntry,
  newPage,
  pathOf,
  rest,
  shot,
  signInAndWait,
  typed,
  useBrowser,
  pdfFileText,
  assertPrintHolds,
  printedChapter,
} from '../lib.mjs';

const browser = useBrowser();

function todayText() {
  const d = new Date();
  return `${String(d.getDate()).padStart(2, '0')}.${String(d.getMonth() + 1).padStart(2, '0')}.${d.getFullYear()}`;
}

/** `DD.MM.YYYY` as ISO. */
const isoDate = (text) => text.split('.').reverse().join('-');

async function checkOk(page, name) {
  return page.getByTestId(`check-${name}`).getAttribute('data-ok');
}

async function amountOf(page, testId) {
  return cents(await page.getByTestId(testId).innerText());
}

const runs = [
  { language: 'de', user: 'kassier', dept: '101' },
  { language: 'it', user: 'zwei', dept: '102' },
];

for (const { language, user, dept } of runs) {
  describe(`budget in ${language} (${user}, ${dept})`, () => {
    test(`forecast, approval, change, adjustment and prints (${language})`, async () => {
      const { context, page, errors } = await newPage(browser(), { acceptDownloads: true });
      const base = `${baseUrl}/dept/${dept}/year/${currentYear}`;
      const name = (screen) => `budget-${screen}-${language}`;
      await signInAndWait(page, user);
      await page.goto(`${base}/budget/forecast/details`);
      await page.getByTestId('language-switch').getByText(language.toUpperCase()).click();
      await page.getByTestId('forecast-summary').waitFor();
      await shot(page, name('summary-empty'));

      // management is closed before the approval
      const management = page.locator('[data-menu-key="management"]').first();
      assert.equal(await isEnabled(management), false, 'management disabled before approval');

      // revenues: copy all previous-year amounts, save (back to the summary)
      await page.getByTestId('open-revenues').click();
      await page.getByTestId('forecast-positions').waitFor();
      assert.match(pathOf(page), /\/budget\/forecast\/details\/revenues$/);
      await page.getByTestId('copy-all-prev').click();
      assert.equal(await amountOf(page, 'total-current'), await amountOf(page, 'total-previous'), 'copied totals match last year');
      await shot(page, name('revenues'), { fullPage: true });
      await page.getByTestId('editor-save').click();
      await page.waitForURL((url) => url.pathname.endsWith('/budget/forecast/details'));

      // expenses: copy row by row via "copy all", then add a chapter by code
      await page.getByTestId('open-expenses').click();
      await page.getByTestId('forecast-positions').waitFor();
      await page.getByTestId('copy-all-prev').click();
      // Enter moves down the amount column
      const amounts = page.locator('input[data-amount-input]');
      await amounts.nth(0).click();
      await amounts.nth(0).press('Enter');
      assert.equal(
        await page.evaluate(() => document.activeElement?.getAttribute('data-row-key')),
        await amounts.nth(1).getAttribute('data-row-key'),
        'Enter moved to the next amount',
      );
      // a new row with no amount can't be left by clicking outside
      await page.getByTestId('add-chapter-code').fill('21005');
      await page.getByTestId('amount-21005').waitFor();
      await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'amount-21005');
      await page.getByTestId('screen-title').click();
      await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'amount-21005');
      assert.equal(await page.getByTestId('editor-save').isDisabled(), false);
      await shot(page, name('expenses-new-row'));
      await page.getByTestId('amount-21005').fill('150');
      await page.getByTestId('amount-21005').press('Tab');
      await shot(page, name('expenses'), { fullPage: true });
      await page.getByTestId('editor-save').click();
      await page.waitForURL((url) => url.pathname.endsWith('/budget/forecast/details'));
      await page.getByTestId('check-total').waitFor();
      assert.equal(await checkOk(page, 'total'), 'false', 'total fails without the surplus used');
      await shot(page, name('summary-not-balanced'));
      const gap = -(await amountOf(page, 'summary-balance'));
      assert.ok(gap > 0, 'expenses exceed revenues');

      // surplus: a cash balance above the gap, the gap as surplus used
      await page.getByTestId('open-surplus').click();
      await page.getByTestId('surplus-cashBalance').waitFor();
      await page.getByTestId('surplus-cashBalance').fill(typed(gap + 200000));
      await page.getByTestId('surplus-expensesResidue').fill('500');
      await page.getByTestId('surplus-surplusUsed').fill(typed(gap + 200000));
      await page.getByTestId('surplus-surplusUsed').press('Tab');
      assert.equal(await amountOf(page, 'surplus-computed'), gap + 200000 - 50000);
      await page.getByText(language === 'de' ? 'Höchstens der voraussichtliche Überschuss' : "Al massimo l'avanzo presunto").waitFor();
      await shot(page, name('surplus-too-high'));
      await page.getByTestId('surplus-surplusUsed').fill(typed(gap));
      await page.getByTestId('surplus-surplusUsed').press('Tab');
      await shot(page, name('surplus'));
      await page.getByTestId('editor-save').click();
      await page.waitForURL((url) => url.pathname.endsWith('/budget/forecast/details'));
      await page.getByTestId('forecast-summary').waitFor();
      await page.waitForFunction(() => document.querySelector('[data-testid="check-total"]')?.getAttribute('data-ok') === 'true');
      for (const check of ['total', 'title1', 'title3']) assert.equal(await checkOk(page, check), 'true', `${check} passes`);
      await shot(page, name('summary-balanced'));

      // approval with today's date: the management menu opens without reload
      await page.goto(`${base}/budget/forecast/approval`);
      await page.getByTestId('approval-input').fill('31.12.' + (currentYear + 1));
      await page.getByTestId('approval-input').press('Tab');
      await shot(page, name('approval-date-error'));
      await page.getByTestId('approval-input').fill(todayText());
      await page.getByTestId('approval-input').press('Tab');
      await shot(page, name('approval'));
      await page.getByTestId('approval-save').click();
      await page.getByTestId('approval-date').waitFor();
      await page.waitForFunction(() => document.querySelector('[data-menu-key="management"]')?.getAttribute('data-enabled') === 'true');
      assert.equal(await isEnabled(await menuEntry(page, 'budgetChanges', 'budgetChanges.changesEdit')), true, 'changes enabled');
      await shot(page, name('approved'));
      // revoking is asked first, and a reflex Enter answers "Abbrechen" (the safe answer has the focus): still approved
      await page.getByTestId('approval-revoke').click();
      await enterOnQuestion(page, language === 'de' ? 'Abbrechen' : 'Annulla');
      const held = await rest(user, 'GET', `Budget/Forecast/Summary?departmentId=${await departmentIdOf(dept)}&year=${currentYear}`);
      assert.equal(held.json.approval, isoDate(todayText()), 'Enter on the revoke question keeps the approval');
      await page.getByTestId('approval-date').waitFor();
      // the editors are read-only now
      await page.goto(`${base}/budget/forecast/details/expenses`);
      await page.getByTestId('budget-approved-warning').waitFor();
      assert.equal(await page.getByTestId('editor-save').count(), 0);
      await shot(page, name('expenses-approved'));
      // unknown sub-paths go back to the summary
      await page.goto(`${base}/budget/forecast/details/whatever`);
      await page.waitForURL((url) => url.pathname.endsWith('/budget/forecast/details'));

      // budget change: 21001 -> 21003, the server's "exceeds available" question (simulated: no bookings yet) -> continue
      await page.goto(`${base}/budget/changes/edit`);
      await page.getByTestId('change-approved').fill(todayText());
      await page.getByTestId('change-notes').fill(language === 'de' ? 'Umschichtung Büro -> Schutzausrüstung' : 'Spostamento ufficio -> DPI');
      await shot(page, name('change-head'));
      await page.getByTestId('change-create').click();
      await page.waitForURL((url) => /\/budget\/changes\/edit\/1$/.test(url.pathname));
      await page.getByTestId('add-chapter-code').fill('21001');
      await page.getByTestId('amount-21001').waitFor();
      await page.getByTestId('amount-21001').fill('-100');
      await page.getByTestId('amount-21001').press('Enter');
      await page.getByTestId('add-chapter-code').fill('21003');
      await page.getByTestId('amount-21003').waitFor();
      await page.getByTestId('amount-21003').fill('50');
      await page.getByTestId('amount-21003').press('Tab');
      await page.getByTestId('change-not-balanced').waitFor();
      assert.equal(await page.getByTestId('editor-save').isDisabled(), true, 'unbalanced change cannot be saved');
      await page.getByTestId('amount-21003').fill('100');
      await page.getByTestId('amount-21003').press('Tab');
      assert.equal(await amountOf(page, 'total-balance'), 0);
      let asked = 0;
      await page.route('**/trpc/budget.changes.save**', async (route) => {
        if ((route.request().postData() ?? '').includes('"confirmAvailableExceeded":true')) return route.continue();
        asked++;
        await route.fulfill({
          status: 409,
          contentType: 'application/json',
          // saves are sent one per request (not batched): the answer is one object
          body: JSON.stringify({
            error: {
              message: 'AvailableExceeded',
              code: -32603,
              data: {
                code: 'CONFLICT',
                httpStatus: 409,
                path: 'budget.changes.save',
                appCode: 'AvailableExceeded',
                field: null,
                params: { chapter: '21001' },
              },
            },
          }),
        });
      });
      await shot(page, name('change-positions'), { fullPage: true });
      await page.getByTestId('editor-save').click();
      const question = page.getByRole('dialog');
      await question
        .getByText(
          language === 'de' ? 'Der verfügbare Betrag wird überschritten. Trotzdem fortfahren?' : "L'importo disponibile viene superato. Continuare comunque?",
        )
        .waitFor();
      await shot(page, name('change-exceeds-available'));
      await question.getByRole('button', { name: language === 'de' ? 'Fortfahren' : 'Continua' }).click();
      await page.waitForFunction(() => document.querySelector('[data-testid="editor-save"]')?.hasAttribute('disabled'));
      assert.equal(asked, 1);
      await page.unroute('**/trpc/budget.changes.save**');
      await page.reload();
      await page.getByTestId('amount-21003').waitFor();
      assert.equal(await page.getByTestId('amount-21003').inputValue(), '100,00 €');
      assert.equal(await page.getByTestId('amount-21001').inputValue(), '-100,00 €');
      // the record picker lists it
      await page.goto(`${base}/budget/changes/edit`);
      await page.getByTestId('change-picker').click();
      await page.getByRole('option').first().click();
      await page.waitForURL((url) => /\/budget\/changes\/edit\/1$/.test(url.pathname));
      await page.goto(`${base}/budget/changes/edit/abc`);
      await page.waitForURL((url) => url.pathname.endsWith('/budget/changes/edit'));

      // adjustment: actual surplus 100,00 above the planned one, +100,00 on a title-2 expense picked with the default filter 22
      await page.goto(`${base}/budget/adjustment/edit`);
      await page.getByTestId('adjustment-approved').fill(todayText());
      await page.getByTestId('adjustment-surplus-actual').fill(typed(gap + 10000));
      await shot(page, name('adjustment-head'));
      await page.getByTestId('adjustment-create').click();
      await page.getByTestId('change-positions').waitFor();
      assert.equal(await amountOf(page, 'total-balance'), 10000, 'surplus difference unbalances');
      await page.getByTestId('add-chapter-search').click();
      assert.equal(await page.getByTestId('chapter-picker-code').inputValue(), '22');
      await page.getByTestId('chapter-picker-table').getByTestId('data-row').filter({ hasText: '2-2-002' }).click();
      await page.getByTestId('amount-22002').waitFor();
      await page.getByTestId('amount-22002').fill('100');
      await page.getByTestId('amount-22002').press('Tab');
      assert.equal(await amountOf(page, 'total-balance'), 0);
      await shot(page, name('adjustment'), { fullPage: true });
      await page.getByTestId('editor-save').click();
      await page.waitForFunction(() => document.querySelector('[data-testid="editor-save"]')?.hasAttribute('disabled'));

      // prints: every screen renders; the forecast PDF downloads with the department and a total
      const names = new Map();
      for (const print of ['budget/changes/print', 'budget/changes/protocol', 'budget/adjustment/print', 'budget/forecast/print']) {
        await page.goto(`${base}/${print}`);
        await page.getByTestId('export-form').waitFor();
        await shot(page, name(print.replace(/\//g, '-').replace('budget-', 'print-')));
        const download = page.waitForEvent('download');
        await page.getByTestId('export-download').click();
        const file = join(tmpdir(), `${language}-${print.replace(/\//g, '-')}.pdf`);
        await (await download).saveAs(file);
        names.set(print, (await download).suggestedFilename());
        const bytes = await readFile(file);
        assert.equal(bytes.subarray(0, 4).toString(), '%PDF', `${print} is a PDF`);
        if (print === 'budget/changes/protocol') {
          // the demo department has no signers: no "Kassier: –" and no stray area after its name
          const text = pdfFileText(file);
          assert.match(text, new RegExp(`\\(${dept}\\)\\n`), 'department line ends with its code');
          assert.doesNotMatch(text, /: –|· (Feuerwehr|Corpo)\b/, 'no empty signer, no stray area');
        }
        if (print === 'budget/forecast/print') {
          const text = pdfFileText(file);
          assert.match(text, new RegExp(dept), 'department in the forecast print');
          assert.match(text, language === 'de' ? /Haushaltsvoranschlag/ : /Bilancio di previsione/);
          assert.match(text, /\d{1,3}(\.\d{3})*,\d{2} €/, 'amounts in the forecast print');
          // it holds together (issue 25 item 12): every chapter whole on one page, no heading ending a page, the
          // signatures with the last rows; the file says what it is (list, department, year, date)
          const chapters = await rest(
            user,
            'GET',
            `Budget/Chapters?departmentId=${await departmentIdOf(dept)}&year=${currentYear}&withBudgetOnly=true&pageSize=500`,
          );
          assert.ok(chapters.json.entities.length > 10, 'the chapters of the budget');
          const de = language === 'de';
          assertPrintHolds(text, {
            name: `forecast print (${language})`,
            rows: chapters.json.entities.map((c) => ({ code: printedChapter(c.chapter), description: de ? c.descriptionDeu : c.descriptionIta })),
            headings: de
              ? ['Titel 1 –', 'Titel 2 –', 'Titel 3 –', 'Einnahmen', 'Ausgaben', 'Zusammenfassung', 'Kapitel']
              : ['Titolo 1 –', 'Titolo 2 –', 'Titolo 3 –', 'Entrate', 'Uscite', 'Riepilogo', 'Capitolo'],
            signatures: de ? ['Kassier', 'Kommandant'] : ['Cassiere', 'Comandante'],
          });
          assert.equal(names.get(print), `${de ? 'haushaltsvoranschlag' : 'bilancio-di-previsione'}-${dept}-${currentYear}-${isoDate(todayText())}.pdf`);
        }
      }

      assertNoErrors(errors.filter((e) => !/409|Conflict/i.test(e)));
      await context.close();
    });
  });
}
