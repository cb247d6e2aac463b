/* global document */
/**
 * The focus returns to where the user was when a dialog closes, and Ctrl+Enter saves wherever the
 * focus is inside the screen (issue 25 item 7), in German and Italian: zwei on 102 in the previous
 * year (approved forecast), typing like a cashier and saving with Ctrl+Enter.
 * - an expense past chapter 2-1-002's availability: Ctrl+Enter on the open question saves nothing
 *   behind it; "Abbrechen" clicked gives the focus back to the amount, where Ctrl+Enter asks again
 *   and "Fortfahren" books it;
 * - an open payment split into two instalments: after "Übernehmen" the focus is back on the
 *   "Zahlungen" button, and Ctrl+Enter saves the record with both instalments (REST reads them);
 * - a revenue whose last field is left with Tab (the focus falls to the page body): Ctrl+Enter saves.
 * Each record is deleted again at the end (the latest: its number is given again).
 */
import { describe, test } from 'node:test';
import { assert, assertNoErrors, baseUrl, currentYear, departmentIdOf, openAs, rest, shot, typeInto, useBrowser, waitFocused } from '../lib.mjs';

const browser = useBrowser();
// the previous year of 102 (approved forecast, open payments allowed)
const year = currentYear - 1;
const dept = '102';
const base = `${baseUrl}/dept/${dept}/year/${year}`;
const yy = String(year).slice(2);

const texts = {
  de: {
    open: 'Offene Zahlung',
    paid: 'Bezahlte Ausgabe',
    exceeded: 'Verfügbarer Betrag überschritten',
    cancel: 'Abbrechen',
    goOn: 'Fortfahren',
    saved: /Buchung Nr\. (\d+) gespeichert/,
    deleteButton: 'Löschen',
    deleted: (n) => `Buchung Nr. ${n} gelöscht`,
  },
  it: {
    open: 'Pagamento aperto',
    paid: 'Pagamento effettuato',
    exceeded: 'Importo disponibile superato',
    cancel: 'Annulla',
    goOn: 'Continua',
    saved: /Registrazione n\. (\d+) salvata/,
    deleteButton: 'Elimina',
    deleted: (n) => `Registrazione n. ${n} eliminata`,
  },
};

/** The movements of the scope with this document number (REST, as zwei). */
async function movementsWith(departmentId, kind, documentNumber) {
  const list = await rest('zwei', 'GET', `Movements/${kind}?departmentId=${departmentId}&year=${year}&search=${encodeURIComponent(documentNumber)}`);
  assert.equal(list.status, 200, JSON.stringify(list.json));
  return list.json.entities;
}

async function focusedId(page) {
  return page.evaluate(() => {
    const el = document.activeElement;
    return el === null || el === document.body ? 'body' : (el.getAttribute('data-testid') ?? el.tagName);
  });
}

/** The head of a new record: type (expenses), dates and document number typed; on to the positions. */
async function head(page, kind, { type, documentNumber, supplier }) {
  await page.goto(`${base}/movements/${kind}`);
  await page.getByTestId('movement-head-form').waitFor();
  if (type) {
    await page.getByTestId('movement-type').click();
    await page.getByRole('option', { name: type, exact: true }).click();
  }
  await typeInto(page, 'movement-record-date', `24.03.${yy}`);
  await typeInto(page, 'movement-document-number', documentNumber);
  await typeInto(page, 'movement-document-date', `24.03.${yy}`);
  if (supplier) {
    await typeInto(page, 'supplier-picker', supplier);
    await page.getByTestId('movement-supplier-term').waitFor();
  }
  await page.getByTestId('movement-next').click();
  await page.waitForURL((url) => new RegExp(`/movements/${kind}/new$`).test(url.pathname));
}

/** The saved toast's record number ("available exceeded" on the way answered with the mouse). */
async function savedNumber(page, t) {
  const toast = page.getByText(t.saved).first();
  const question = page.getByRole('dialog').filter({ hasText: t.exceeded });
  await Promise.race([toast.waitFor(), question.waitFor()]);
  if (await question.isVisible()) await question.getByRole('button', { name: t.goOn, exact: true }).click();
  await toast.waitFor();
  const n = Number(t.saved.exec(await toast.innerText())?.[1]);
  await page.getByTestId('movement-head-form').waitFor();
  return n;
}

/** Deletes the record the head form shows (the latest: deleted, its number given again). */
async function deleteShown(page, t, recordNumber) {
  await page.getByTestId('movement-delete').click();
  await page.getByRole('dialog').getByRole('button', { name: t.deleteButton, exact: true }).click();
  await page.getByText(t.deleted(recordNumber)).first().waitFor();
}

for (const language of ['de', 'it']) {
  const t = texts[language];
  describe(`focus after dialogs (${language})`, () => {
    test('"Abbrechen" gives the focus back to the amount; Ctrl+Enter on the question saves nothing behind it', async () => {
      const departmentId = await departmentIdOf(dept);
      const documentNumber = `FOCUS-${language}-${Date.now() % 100000}`;
      const { page, errors } = await openAs(browser(), 'zwei', `${base}/movements/expenses`, { ready: 'movement-head-form', language });
      await head(page, 'expenses', { type: t.paid, documentNumber });
      await typeInto(page, 'add-chapter-code', '21002');
      await waitFocused(page, 'amount-21002');
      await page.keyboard.type('5.000,00', { delay: 15 });
      await page.keyboard.press('Control+Enter');
      const question = page.getByRole('dialog').filter({ hasText: t.exceeded });
      await question.getByText(t.exceeded).waitFor();
      // Ctrl+Enter while the question is open: no save behind it
      await page.keyboard.press('Control+Enter');
      await page.waitForTimeout(700);
      assert.deepEqual(await movementsWith(departmentId, 'Expenses', documentNumber), [], 'Ctrl+Enter on the question books nothing');
      assert.ok(await question.isVisible(), 'the question is still open');
      await question.getByRole('button', { name: t.cancel, exact: true }).click();
      await question.waitFor({ state: 'detached' });
      // the focus is back in the amount: Ctrl+Enter asks again, "Fortfahren" books
      await waitFocused(page, 'amount-21002');
      await page.keyboard.press('Control+Enter');
      await question.getByText(t.exceeded).waitFor();
      await question.getByRole('button', { name: t.goOn, exact: true }).click();
      const n = await savedNumber(page, t);
      assert.equal((await movementsWith(departmentId, 'Expenses', documentNumber)).length, 1, 'booked after the question');
      await deleteShown(page, t, n);
      assertNoErrors(errors);
      await page.context().close();
    });

    test('after "Übernehmen" of the instalments Ctrl+Enter saves them; after Tab past the last field too', async () => {
      const departmentId = await departmentIdOf(dept);
      const documentNumber = `RATE-${language}-${Date.now() % 100000}`;
      const { page, errors } = await openAs(browser(), 'zwei', `${base}/movements/expenses`, { ready: 'movement-head-form', language });

      // ---- an open payment of 10,00 in two instalments
      await head(page, 'expenses', { type: t.open, documentNumber, supplier: '1001' });
      await page.getByTestId('position-21003').waitFor();
      await typeInto(page, 'amount-21003', '10,00');
      await page.getByTestId('movement-payments').click();
      await page.getByTestId('payment-amount-0').waitFor();
      await typeInto(page, 'payment-amount-0', '6,00');
      await page.keyboard.press('Enter');
      await page.getByTestId('payment-amount-1').waitFor();
      await typeInto(page, 'payment-due-1', `30.04.${yy}`);
      await shot(page, `71-focus-instalments-${language}`);
      await page.getByTestId('payments-accept').click();
      await page.getByTestId('payments-dialog').waitFor({ state: 'detached' });
      await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'movement-payments');
      await page.keyboard.press('Control+Enter');
      const open = await savedNumber(page, t);
      const saved = await rest('zwei', 'GET', `Movements/Expenses?departmentId=${departmentId}&year=${year}&recordNumber=${open}`);
      assert.equal(saved.status, 200, JSON.stringify(saved.json));
      assert.equal(saved.json.documentNumber, documentNumber);
      assert.deepEqual(
        saved.json.payments.map((p) => [p.amount, p.dateDue]),
        [
          [6, saved.json.payments[0].dateDue],
          [4, `${year}-04-30`],
        ],
        'both instalments saved',
      );
      await deleteShown(page, t, open);

      // ---- a revenue: Tab past the last field leaves the focus on the page body; Ctrl+Enter saves
      const revenueNumber = `${documentNumber}-E`;
      await head(page, 'revenues', { documentNumber: revenueNumber });
      await typeInto(page, 'add-chapter-code', '11002');
      await waitFocused(page, 'amount-11002');
      await page.keyboard.type('1,00', { delay: 15 });
      // the page's last field, then Tab: the focus leaves the page's fields for the body
      await page.evaluate(() => {
        const fields = [...document.querySelectorAll('input, button, textarea, a[href], [tabindex="0"]')].filter(
          (el) => !el.disabled && el.offsetParent !== null && el.tabIndex >= 0,
        );
        fields.at(-1).focus();
      });
      await page.keyboard.press('Tab');
      assert.equal(await focusedId(page), 'body', 'Tab past the last field leaves the focus on the body');
      await page.keyboard.press('Control+Enter');
      const revenue = await savedNumber(page, t);
      assert.equal((await movementsWith(departmentId, 'Revenues', revenueNumber)).length, 1, 'saved from the body');
      await deleteShown(page, t, revenue);
      assertNoErrors(errors);
      await page.context().close();
    });
  });
}
