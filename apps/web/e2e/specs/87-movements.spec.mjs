/* global document */
/**
 * Bookings (issue 11) typed like a cashier, in German and in Italian: zwei on 102 (open payments
 * allowed) in the previous year (approved forecast). Click into a field with the mouse, type, and
 * save with Ctrl+Enter without leaving the field:
 * - an open payment with two instalments (supplier 1001 proposes chapter 2-1-003; amount 1.234,56;
 *   dates like 15.03.25), the availability before/after on the positions form;
 * - a revenue (chapter typed), a transfer (3-1-001 → 2-3-001), an expense over the available amount
 *   (confirmation), editing and re-saving the revenue, a reload and the figures again.
 * Screenshots of the head form, the positions form and the payments dialog in both languages.
 */
import { describe, test } from 'node:test';
import {
  amountOf,
  assert,
  assertNoErrors,
  backToGerman,
  baseUrl,
  currentYear,
  inputAmount,
  menuEntry,
  newPage,
  setLanguage,
  shot,
  signInAndWait,
  typeInto,
  useBrowser,
  waitFocused,
} from '../lib.mjs';

const browser = useBrowser();
const dept = '102';
const year = currentYear - 1;
const yy = String(year).slice(2);
const base = `${baseUrl}/dept/${dept}/year/${year}`;

const texts = {
  de: {
    open: 'Offene Zahlung',
    paid: 'Bezahlte Ausgabe',
    transfer: 'Umbuchung (Ausgabe)',
    saved: /Buchung Nr\. (\d+) gespeichert/,
    record: /Buchung Nr\. (\d+)/,
    goOn: 'Fortfahren',
    exceeded: 'Verfügbarer Betrag überschritten',
    deleteAsk: (n) => `Buchung Nr. ${n} ist die letzte und wird gelöscht`,
    deleteButton: 'Löschen',
    required: 'Dieses Feld ist erforderlich',
    noLine: 'Kein Ansatz für dieses Kapitel',
    notAvailable: 'Für dieses Kapitel gibt es keinen Haushaltsansatz.',
    cancelAsk: (n) => `Buchung Nr. ${n} ist nicht die letzte und wird storniert`,
    cancelButton: 'Stornieren',
    cancelled: (n) => `Buchung Nr. ${n} storniert`,
    deleted: (n) => `Buchung Nr. ${n} gelöscht`,
  },
  it: {
    open: 'Pagamento aperto',
    paid: 'Pagamento effettuato',
    transfer: 'Giroconto (uscita)',
    saved: /Registrazione n\. (\d+) salvata/,
    record: /Registrazione n\. (\d+)/,
    goOn: 'Continua',
    exceeded: 'Importo disponibile superato',
    deleteAsk: (n) => `La registrazione n. ${n} è l'ultima e viene eliminata`,
    deleteButton: 'Elimina',
    required: 'Questo campo è obbligatorio',
    noLine: 'Nessuno stanziamento per questo capitolo',
    notAvailable: 'Per questo capitolo non esiste uno stanziamento.',
    cancelAsk: (n) => `La registrazione n. ${n} non è l'ultima e viene annullata`,
    cancelButton: 'Annulla registrazione',
    cancelled: (n) => `Registrazione n. ${n} annullata`,
    deleted: (n) => `Registrazione n. ${n} eliminata`,
  },
};

async function chooseType(page, label) {
  await page.getByTestId('movement-type').click();
  await page.getByRole('option', { name: label, exact: true }).click();
}

/**
 * Waits for the "saved" toast and answers the record number it names. With `confirmExceeded` an
 * "available amount exceeded" question on the way is answered yes (the demo year's bookings may have
 * used a chapter up already).
 */
async function savedNumber(page, t, { confirmExceeded = false } = {}) {
  const toast = page.getByText(t.saved).first();
  try {
    if (confirmExceeded) {
      const question = page.getByRole('dialog').getByText(t.exceeded);
      await Promise.race([toast.waitFor(), question.waitFor()]);
      if (await question.isVisible()) await page.getByRole('button', { name: t.goOn, exact: true }).click();
    }
    await toast.waitFor();
  } catch (error) {
    await shot(page, 'movements-not-saved');
    throw error;
  }
  const n = Number(t.saved.exec(await toast.innerText())?.[1]);
  await page.waitForURL((url) => /\/movements\/(expenses|revenues)$/.test(url.pathname));
  await page.getByTestId('movement-head-form').waitFor();
  assert.match(await page.getByTestId('movement-record').innerText(), new RegExp(`${n}`));
  return n;
}

async function openHead(page, kind) {
  await page.goto(`${base}/movements/${kind}`);
  await page.getByTestId('movement-head-form').waitFor();
}

async function next(page) {
  await page.getByTestId('movement-next').click();
  await page.waitForURL((url) => /\/movements\/(expenses|revenues)\/(new|\d+)$/.test(url.pathname));
}

/** Types a chapter code into the add bar; the new row's amount gets the focus. */
async function addChapter(page, code) {
  await typeInto(page, 'add-chapter-code', code);
  await page.getByTestId(`position-${code}`).waitFor();
  await waitFocused(page, `amount-${code}`);
}

for (const language of ['de', 'it']) {
  const t = texts[language];
  describe(`movements (${language})`, () => {
    test('a cashier books an open payment with instalments, a revenue, a transfer and an over-budget expense', async () => {
      const { page, errors } = await newPage(browser());
      await signInAndWait(page, 'zwei');

      // ---- open payment with two instalments
      await openHead(page, 'expenses');
      if (language === 'it') {
        // the language is kept per user: wait until the server stored it (the specs reload pages)
        const stored = page.waitForResponse((res) => res.url().includes('auth.setLanguage'));
        await setLanguage(page, 'it');
        const res = await stored;
        assert.ok(res.ok(), `language stored: ${res.status()} ${await res.text()}`);
      }
      assert.match(await page.getByTestId('screen-title').innerText(), language === 'it' ? /Uscite/ : /Ausgaben/);
      await chooseType(page, t.open);
      await typeInto(page, 'movement-record-date', `15.03.${yy}`);
      await typeInto(page, 'movement-document-number', `R-${language}-17`);
      await typeInto(page, 'movement-document-date', `10.03.${yy}`);
      // an open payment needs its supplier: "Weiter" stays on the head form and says so
      await page.getByTestId('movement-next').click();
      await page.getByText(t.required).first().waitFor();
      assert.match(new URL(page.url()).pathname, /\/movements\/expenses$/);
      await typeInto(page, 'supplier-picker', '1001');
      await page.getByTestId('movement-supplier-term').waitFor();
      await shot(page, `movements-head-${language}`);
      await next(page);
      // the supplier's chapter proposal is the first position
      await page.getByTestId('position-21003').waitFor();
      await page.getByTestId('available-before-21003').waitFor();
      const before = await amountOf(page, 'available-before-21003');
      await typeInto(page, 'amount-21003', '1.234,56');
      await page.waitForFunction(
        ([id, want]) => document.querySelector(`[data-testid="${id}"]`)?.textContent?.replace(/[^\d,-]/g, '') === want,
        ['available-after-21003', ((before - 123456) / 100).toFixed(2).replace('.', ',')],
      );
      assert.equal(await amountOf(page, 'available-after-21003'), before - 123456, 'availability drops by the amount');

      await page.getByTestId('movement-payments').click();
      await page.getByTestId('payment-amount-0').waitFor();
      assert.equal(await inputAmount(page, 'payment-amount-0'), 123456, 'the whole total is proposed');
      await typeInto(page, 'payment-amount-0', '1.000,00');
      await page.keyboard.press('Enter');
      await page.getByTestId('payment-amount-1').waitFor();
      assert.equal(await inputAmount(page, 'payment-amount-1'), 23456, 'the remainder is proposed as a new row');
      await typeInto(page, 'payment-paid-0', `15.03.${yy}`);
      await typeInto(page, 'payment-due-1', `30.04.${yy}`);
      await shot(page, `movements-payments-${language}`);
      await page.keyboard.press('Enter');
      await page.getByTestId('payments-dialog').waitFor({ state: 'detached' });
      assert.equal(await amountOf(page, 'movement-total'), 123456);
      assert.equal(await amountOf(page, 'movement-open'), 23456, 'the unpaid instalment is open');
      await shot(page, `movements-positions-${language}`);
      // Ctrl+Enter from inside the amount
      await page.getByTestId('amount-21003').click({ delay: 80 });
      await page.keyboard.press('Control+Enter');
      const openPayment = await savedNumber(page, t, { confirmExceeded: true });

      // ---- revenue: the chapter code typed, amount 2.500,00
      await openHead(page, 'revenues');
      await typeInto(page, 'movement-record-date', `20.03.${yy}`);
      await next(page);
      await addChapter(page, '11002');
      await page.keyboard.type('2.500,00', { delay: 15 });
      await page.keyboard.press('Control+Enter');
      const revenue = await savedNumber(page, t);

      // ---- transfer 3-1-001 -> 2-3-001
      await openHead(page, 'expenses');
      await chooseType(page, t.transfer);
      await typeInto(page, 'movement-record-date', `21.03.${yy}`);
      await next(page);
      await page.getByTestId('transfer-add').click();
      await typeInto(page, 'from-0-code', '13001');
      await page.getByTestId('from-0-figure').waitFor();
      await typeInto(page, 'to-0-code', '23001');
      await page.getByTestId('to-0-figure').waitFor();
      await typeInto(page, 'transfer-amount-0', '40,00');
      await shot(page, `movements-transfer-${language}`);
      await page.keyboard.press('Control+Enter');
      await savedNumber(page, t, { confirmExceeded: true });

      // ---- an expense over the available amount: asks, then books
      await openHead(page, 'expenses');
      await chooseType(page, t.paid);
      await typeInto(page, 'movement-record-date', `22.03.${yy}`);
      await typeInto(page, 'movement-document-date', `22.03.${yy}`);
      await next(page);
      assert.equal(await page.getByTestId('movement-inter-part').count(), 0, 'only a supervisor may switch to transfer mode');
      // the open payment booked above is in 2-1-003's figures now
      await addChapter(page, '21003');
      await page.getByTestId('available-before-21003').waitFor();
      assert.equal(await amountOf(page, 'available-before-21003'), before - 123456, 'the saved booking lowered the availability');
      await page.keyboard.press('Control+Delete');
      await page.getByTestId('position-21003').waitFor({ state: 'detached' });
      // a chapter without a budget line: the form says so, the server refuses it (translated)
      await addChapter(page, '21005');
      await page.getByTestId('figures-21005').getByText(t.noLine).waitFor();
      await page.keyboard.type('10,00', { delay: 15 });
      await page.keyboard.press('Control+Enter');
      await page.getByText(t.notAvailable).first().waitFor();
      await shot(page, `movements-error-${language}`);
      await page.getByTestId('amount-21005').click({ delay: 80 });
      await page.keyboard.press('Control+Delete');
      await page.getByTestId('position-21005').waitFor({ state: 'detached' });
      await addChapter(page, '21002');
      await page.keyboard.type('5.000,00', { delay: 15 });
      await page.locator('[data-testid="available-after-21002"][data-exceeded="true"]').waitFor();
      await page.keyboard.press('Control+Enter');
      await page.getByRole('dialog').getByText(t.exceeded).waitFor();
      await page.getByRole('button', { name: t.goOn, exact: true }).click();
      const overBudget = await savedNumber(page, t);

      // ---- the latest record can be deleted: its number is given again
      await page.getByTestId('movement-delete').click();
      await page.getByRole('dialog').getByText(t.deleteAsk(overBudget)).waitFor();
      await page.getByRole('dialog').getByRole('button', { name: t.deleteButton, exact: true }).click();
      await page.getByText(t.deleted(overBudget)).first().waitFor();
      await page.getByTestId('movement-record').getByText(String(overBudget)).waitFor();

      // ---- edit the revenue and save again: found in the record picker (F4 in the number field)
      await openHead(page, 'revenues');
      await page.getByTestId('record-open').click({ delay: 80 });
      await page.keyboard.press('F4');
      const pickerCount = page.getByTestId('record-list').getByTestId('data-count');
      await page.getByTestId('record-list').getByTestId('data-row').first().waitFor();
      const unfiltered = await pickerCount.innerText();
      await typeInto(page, 'record-dialog-search', String(revenue));
      // the search's answer shown (the field is debounced): another count, nothing loading
      await page.waitForFunction((before) => {
        const list = document.querySelector('[data-testid="record-list"]');
        return list?.querySelector('[data-testid="data-count"]')?.textContent !== before && !list.querySelector('[data-testid="data-loading"]');
      }, unfiltered);
      await shot(page, `movements-picker-${language}`);
      await page.getByTestId('record-list').getByTestId('data-row').filter({ hasText: '2.500,00' }).first().click();
      await page.waitForFunction(([n]) => document.querySelector('[data-testid="movement-record"]')?.textContent?.includes(String(n)), [revenue]);
      await next(page);
      assert.match(new URL(page.url()).pathname, new RegExp(`/movements/revenues/${revenue}$`));
      assert.equal(await inputAmount(page, 'amount-11002'), 250000);
      await typeInto(page, 'amount-11002', '2.600,00');
      await page.keyboard.press('Control+Enter');
      assert.equal(await savedNumber(page, t), revenue, 'the same record is saved again');

      // ---- reload: the figures are the saved ones
      await page.goto(`${base}/movements/revenues/${revenue}`);
      await page.getByTestId('movement-positions').waitFor();
      await page.waitForFunction(() => document.querySelector('[data-testid="amount-11002"]')?.value?.includes('2.600,00'));
      await page.goto(`${base}/movements/expenses/${openPayment}`);
      await page.getByTestId('available-before-21003').waitFor();
      // the movement's own booking is left out of "before"; "after" includes it
      assert.equal(await amountOf(page, 'available-before-21003'), before);
      assert.equal(await amountOf(page, 'available-after-21003'), before - 123456);
      assert.equal(await inputAmount(page, 'amount-21003'), 123456);
      await page.getByTestId('movement-payments').click();
      assert.equal(await inputAmount(page, 'payment-amount-0'), 100000);
      assert.equal(await inputAmount(page, 'payment-amount-1'), 23456);
      await page.keyboard.press('Escape');
      await page.getByTestId('payment-amount-0').waitFor({ state: 'detached' });

      // ---- an earlier record is cancelled: it keeps its number, read-only with its amounts at 0
      await page.getByTestId('editor-back').click();
      await page.getByTestId('movement-delete').click();
      await page.getByRole('dialog').getByText(t.cancelAsk(openPayment)).waitFor();
      await page.getByRole('dialog').getByRole('button', { name: t.cancelButton, exact: true }).click();
      await page.getByText(t.cancelled(openPayment)).first().waitFor();
      // a new record is started (the head form opens in its record date)
      await waitFocused(page, 'movement-record-date');
      await typeInto(page, 'record-open', String(openPayment));
      await page.keyboard.press('Enter');
      await page.getByTestId('movement-cancelled').waitFor();
      assert.equal(await page.getByTestId('movement-delete').count(), 0, 'a cancelled record is read-only');

      if (language === 'it') await backToGerman(page);
      assertNoErrors(errors);
      await page.context().close();
    });
  });
}

describe('movements: supervisor inter-part transfer', () => {
  test('a supervisor fills an expense from a template, switches it into transfer mode and books revenue chapter → expense chapter', async () => {
    const { page, errors } = await newPage(browser());
    const t = texts.de;
    await signInAndWait(page, 'supervisor');
    await openHead(page, 'expenses');
    await chooseType(page, t.paid);
    await typeInto(page, 'movement-record-date', `23.03.${yy}`);
    await typeInto(page, 'movement-document-date', `23.03.${yy}`);
    // the template "Tankrechnung" fills its chapter
    await page.getByTestId('movement-template').click();
    await page.getByRole('option', { name: '1 – Tankrechnung' }).click();
    await next(page);
    await page.getByTestId('position-21006').waitFor();
    await typeInto(page, 'amount-21006', '45,00');
    await page.getByTestId('movement-inter-part').click();
    await page.getByTestId('transfer-add').click();
    await typeInto(page, 'from-0-code', '11002');
    await page.getByTestId('from-0-figure').waitFor();
    await typeInto(page, 'to-0-code', '21004');
    await page.getByTestId('to-0-figure').waitFor();
    await typeInto(page, 'transfer-amount-0', '10,00');
    await shot(page, 'movements-inter-part-de');
    await page.keyboard.press('Control+Enter');
    const n = await savedNumber(page, t, { confirmExceeded: true });
    await next(page);
    await page.getByTestId('movement-transfers').waitFor();
    assert.equal(await page.getByTestId('movement-inter-part').isChecked(), true, 'saved in transfer mode');
    assert.equal(await amountOf(page, 'movement-transfer-total'), 1000);
    assert.equal(await amountOf(page, 'movement-total'), 4500);
    assert.match(new URL(page.url()).pathname, new RegExp(`/movements/expenses/${n}$`));

    // leaving with an unsaved change asks first
    await typeInto(page, 'transfer-amount-0', '12,00');
    await (await menuEntry(page, 'management', 'management.movements.revenues')).click();
    await page.getByTestId('unsaved-dialog').getByTestId('unsaved-stay').click();
    assert.match(new URL(page.url()).pathname, new RegExp(`/movements/expenses/${n}$`));
    await (await menuEntry(page, 'management', 'management.movements.revenues')).click();
    await page.getByTestId('unsaved-discard').click();
    await page.waitForURL((url) => url.pathname.endsWith('/movements/revenues'));

    // "as new": the newest revenue copied into a new record with the next number
    await page.getByTestId('movement-head-form').waitFor();
    await page.getByTestId('record-picker-open').click();
    await page.getByTestId('record-list').getByTestId('data-row').first().waitFor();
    await page.getByTestId('record-list').getByTestId('data-row').first().click();
    await page.waitForFunction(() => /^Buchung Nr\. \d+$/.test(document.querySelector('[data-testid="movement-record"]')?.textContent ?? ''));
    const copied = Number(/(\d+)/.exec(await page.getByTestId('movement-record').innerText())?.[1]);
    await page.getByTestId('movement-as-new').check();
    await page.waitForFunction((n) => document.querySelector('[data-testid="movement-new-number"]')?.value === String(n), copied + 1);
    await typeInto(page, 'movement-record-date', `24.03.${yy}`);
    await page.keyboard.press('Control+Enter');
    assert.equal(await savedNumber(page, t), copied + 1, 'saved as a new record');
    assertNoErrors(errors);
    await page.context().close();
  });
});
