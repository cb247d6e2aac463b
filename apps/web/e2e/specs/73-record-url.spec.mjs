/**
 * The saved record is in the address (issue 25 item 6), in German and in Italian: zwei on 102,
 * previous year. A new paid expense is typed like a cashier (click into a field, type; the chapter
 * code into the add bar, the amount, Ctrl+Enter without leaving the field). After the save the
 * address names the record (`?nr=`, replacing the new record's `…/new`); a reload shows the record;
 * its positions are at `…/expenses/<n>` and Back returns to it; Back once more is the new record the
 * cashier started from, Forward the saved one again; "Neu" gives an empty record at the address
 * without a number, and a reload keeps it empty. Screenshots of the reloaded record in de and it.
 */
import { describe, test } from 'node:test';
import {
  assert,
  assertNoErrors,
  backToGerman,
  baseUrl,
  currentYear,
  openAs,
  pathOf,
  saveRecordPassingQuestion,
  shot,
  typeInto,
  useBrowser,
  waitFocused,
} from '../lib.mjs';

const browser = useBrowser();
const dept = '102';
const year = currentYear - 1;
const yy = String(year).slice(2);
const head = `${baseUrl}/dept/${dept}/year/${year}/movements/expenses`;
const texts = {
  de: { saved: /Buchung Nr\. (\d+) gespeichert/, goOn: 'Fortfahren', record: (n) => `Buchung Nr. ${n}`, fresh: 'Neue Buchung (nächste Nummer' },
  it: { saved: /Registrazione n\. (\d+) salvata/, goOn: 'Continua', record: (n) => `Registrazione n. ${n}`, fresh: 'Nuova registrazione (prossimo numero' },
};

/** The record number of the address (null: none). */
const addressNumber = (page) => new URL(page.url()).searchParams.get('nr');

/** The head form shows record `n` (or, with null, a new record). */
async function headShows(page, t, n) {
  await page.getByTestId('movement-head-form').waitFor();
  if (n === null) await page.getByTestId('movement-record').getByText(t.fresh).waitFor();
  else await page.getByTestId('movement-record').getByText(t.record(n), { exact: true }).waitFor();
}

describe('the saved record is in the address', () => {
  for (const language of ['de', 'it']) {
    test(`save, reload, Back, Neu (${language})`, async () => {
      const t = texts[language];
      const { context, page, errors } = await openAs(browser(), 'zwei', head, { ready: 'movement-head-form', language });
      await headShows(page, t, null);
      const documentNumber = `URL-73-${language}`;
      await typeInto(page, 'movement-record-date', `16.12.${yy}`);
      await typeInto(page, 'movement-document-number', documentNumber);
      await typeInto(page, 'movement-document-date', `16.12.${yy}`);
      await page.getByTestId('movement-next').click();
      await page.waitForURL((url) => url.pathname.endsWith('/movements/expenses/new'));
      await typeInto(page, 'add-chapter-code', '21003');
      await page.getByTestId('position-21003').waitFor();
      await waitFocused(page, 'amount-21003');
      await page.keyboard.type('12,34', { delay: 15 });
      const n = await saveRecordPassingQuestion(page, t);

      // ---- the address names the saved record
      await page.waitForURL((url) => url.searchParams.get('nr') === String(n));
      assert.match(pathOf(page), /\/movements\/expenses$/);
      await headShows(page, t, n);

      // ---- a reload shows it
      await page.reload();
      await headShows(page, t, n);
      assert.equal(await page.getByTestId('movement-document-number').inputValue(), documentNumber);
      await shot(page, `73-record-url-reloaded-${language}`);

      // ---- its positions, and Back to it
      await page.getByTestId('movement-next').click();
      await page.waitForURL((url) => url.pathname.endsWith(`/movements/expenses/${n}`));
      await page.getByTestId('position-21003').waitFor();
      await page.goBack();
      await page.waitForURL((url) => url.searchParams.get('nr') === String(n));
      await headShows(page, t, n);
      // Back once more: the new record the cashier started from (the save replaced its `…/new`); Forward: the saved one
      await page.goBack();
      await page.waitForURL((url) => url.pathname.endsWith('/movements/expenses') && !url.searchParams.has('nr'));
      await headShows(page, t, null);
      await page.goForward();
      await page.waitForURL((url) => url.searchParams.get('nr') === String(n));
      await headShows(page, t, n);
      assert.equal(await page.getByTestId('movement-document-number').inputValue(), documentNumber);

      // ---- "Neu": an empty record at the address without a number, also after a reload
      await page.getByTestId('movement-new').click();
      await page.waitForURL((url) => !url.searchParams.has('nr'));
      await headShows(page, t, null);
      assert.equal(await page.getByTestId('movement-document-number').inputValue(), '');
      await page.reload();
      await headShows(page, t, null);
      assert.equal(addressNumber(page), null);
      assert.equal(await page.getByTestId('movement-document-number').inputValue(), '');

      if (language === 'it') await backToGerman(page);
      assertNoErrors(errors);
      await context.close();
    });
  }
});
