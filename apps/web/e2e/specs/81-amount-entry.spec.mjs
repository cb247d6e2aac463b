/* global document */
/**
 * Amount entry in every budget editor, typed like a cashier (zwei on 201, so the budget spec's
 * departments stay untouched): click into an amount with the mouse (the whole amount is selected, so
 * typing replaces `0,00`), type `1.234,56`, `1234.5`, `777`, `-50` or `+50`, save with Ctrl+Enter
 * without leaving the field, reload and find the exact figure. Also: a new row typed and saved by
 * Ctrl+Enter, a text that is no amount blocks the save with the field's message, editors open in
 * their first field, Enter on the last amount lands in "Kapitel hinzufügen", Ctrl+Delete deletes a
 * row, the add bar stays visible at 900 px height; screenshots in German and Italian.
 * Forecast and surplus in the current year (not approved); change and adjustment in the previous
 * year (approved).
 */
import { describe, test } from 'node:test';
import { assert, assertNoErrors, baseUrl, currentYear, menuEntry, newPage, shot, signInAndWait, useBrowser } from '../lib.mjs';

const browser = useBrowser();
const dept = '201';
const base = `${baseUrl}/dept/${dept}/year/${currentYear}`;
const prev = currentYear - 1;
const prevBase = `${baseUrl}/dept/${dept}/year/${prev}`;

/** The test id of the focused element. */
function focused(page) {
  return page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? document.activeElement?.tagName ?? null);
}

async function waitFocused(page, testId) {
  try {
    await page.waitForFunction((id) => document.activeElement?.getAttribute('data-testid') === id, testId, { timeout: 5000 });
  } catch {
    assert.equal(await focused(page), testId, 'focused field');
  }
}

/** Clicks into a field with the mouse and answers its text and whether all of it is selected. */
async function clickInto(page, testId) {
  const field = page.getByTestId(testId);
  // a person's click: the button is held a moment (the caret is placed when it goes up)
  await field.click({ delay: 80 });
  await waitFocused(page, testId);
  return field.evaluate((el) => ({ value: el.value, all: el.selectionStart === 0 && el.selectionEnd === el.value.length && el.value.length > 0 }));
}

async function setLanguage(page, language) {
  await page.getByTestId('language-switch').getByText(language.toUpperCase()).click();
  await page.waitForFunction((lang) => document.documentElement.lang === lang || document.querySelector('[data-testid="language-switch"]') !== null, language);
}

/** Header cells of the positions table whose text does not fit (cut, ellipsized or running into the next). */
function clippedHeaders(page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('[data-testid="forecast-positions"] th, [data-testid="change-positions"] th')]
      .filter((th) => th.scrollWidth > th.clientWidth + 1)
      .map((th) => th.innerText),
  );
}

/** Waits for the "saved" toast (and closes it, so the next one is seen). */
async function savedToast(page) {
  const toast = page.getByText('Änderungen gespeichert').first();
  try {
    await toast.waitFor();
  } catch (error) {
    await shot(page, 'amount-entry-not-saved');
    throw error;
  }
  await toast.waitFor({ state: 'detached', timeout: 8000 }).catch(() => {});
}

async function saveByShortcut(page) {
  await page.keyboard.press('Control+Enter');
}

/** Opens a forecast part editor (fresh page load) and waits for its table. */
async function openForecast(page, part) {
  await page.goto(`${base}/budget/forecast/details/${part}`);
  await page.getByTestId('forecast-positions').waitFor();
  await page.locator('input[data-amount-input]').first().waitFor();
}

async function value(page, testId) {
  return page.getByTestId(testId).inputValue();
}

describe('amount entry in the budget editors', () => {
  test('forecast, surplus, budget change and adjustment take what the field shows on Ctrl+Enter', async () => {
    const { context, page, errors } = await newPage(browser(), { viewport: { width: 1366, height: 900 } });
    await signInAndWait(page, 'zwei');
    await page.goto(`${base}/budget/forecast/details`);
    await page.getByTestId('forecast-summary').waitFor();
    await setLanguage(page, 'de');

    // ---- forecast revenues: opens in the first amount; a mouse click selects 0,00; 1.234,56 + Ctrl+Enter
    await openForecast(page, 'revenues');
    const firstAmount = await page.locator('input[data-amount-input]').first().getAttribute('data-testid');
    await waitFocused(page, firstAmount);
    // a click on the focused, selected amount (left of the right-aligned figure) keeps it selected
    const first = page.getByTestId(firstAmount);
    await first.click({ position: { x: 8, y: 10 }, delay: 80 });
    assert.equal(await first.evaluate((el) => el.selectionStart === 0 && el.selectionEnd === el.value.length), true, 'still all selected');
    // the click after that places the caret (to correct a digit)
    await first.click({ position: { x: 8, y: 10 }, delay: 80 });
    assert.equal(await first.evaluate((el) => el.selectionStart === el.selectionEnd), true, 'caret placed');
    const clicked = await clickInto(page, 'amount-11002');
    assert.deepEqual(clicked, { value: '0,00', all: true }, 'the click selects the whole amount');
    await page.keyboard.type('1.234,56');
    assert.equal(await value(page, 'amount-11002'), '1.234,56', 'typing replaced 0,00');
    await shot(page, 'amount-entry-revenues-typing-de');
    await saveByShortcut(page);
    await page.waitForURL((url) => url.pathname.endsWith('/budget/forecast/details'));
    await openForecast(page, 'revenues');
    assert.equal(await value(page, 'amount-11002'), '1.234,56 €', 'the typed amount was saved');

    // text that is no amount: the field's message, nothing saved, the editor stays
    await clickInto(page, 'amount-11005');
    await page.keyboard.type('12a');
    await saveByShortcut(page);
    await page.getByText('Ungültiger Betrag').waitFor();
    assert.match(page.url(), /\/budget\/forecast\/details\/revenues$/);
    assert.equal(await focused(page), 'amount-11005', 'the bad field keeps the focus');
    await shot(page, 'amount-entry-invalid-de');
    // corrected with a dot decimal: 1234.5
    await page.keyboard.press('Control+a');
    await page.keyboard.type('1234.5');
    await saveByShortcut(page);
    await page.waitForURL((url) => url.pathname.endsWith('/budget/forecast/details'));
    await openForecast(page, 'revenues');
    assert.equal(await value(page, 'amount-11005'), '1.234,50 €');
    assert.equal(await value(page, 'amount-11002'), '1.234,56 €');

    // ---- forecast expenses: a new row typed and saved by Ctrl+Enter; Enter on the last amount; Ctrl+Delete
    await openForecast(page, 'expenses');
    await waitFocused(page, await page.locator('input[data-amount-input]').first().getAttribute('data-testid'));
    // the add bar stays on screen at 900 px height (sticky at the bottom)
    const bar = await page.getByTestId('chapter-add').boundingBox();
    assert.ok(bar && bar.y + bar.height <= 900 && bar.y > 0, `add bar visible (${JSON.stringify(bar)})`);
    await shot(page, 'amount-entry-expenses-de');
    assert.deepEqual(await clippedHeaders(page), [], 'forecast headers fit (de)');
    const lastAmount = page.locator('input[data-amount-input]').last();
    await lastAmount.click();
    await lastAmount.press('Enter');
    await waitFocused(page, 'add-chapter-code');
    await page.keyboard.type('21005');
    await waitFocused(page, 'amount-21005');
    await page.keyboard.type('777');
    await saveByShortcut(page);
    await page.waitForURL((url) => url.pathname.endsWith('/budget/forecast/details'));
    await openForecast(page, 'expenses');
    assert.equal(await value(page, 'amount-21005'), '777,00 €', 'the new row was saved with its typed amount');
    // an existing row: mouse, 1234.5 (dot decimal), Ctrl+Enter
    assert.deepEqual(await clickInto(page, 'amount-21002'), { value: '0,00', all: true });
    await page.keyboard.type('1234.5');
    // Ctrl+Delete deletes the focused row (the delete button is no Tab stop)
    assert.equal(await page.getByTestId('delete-21005').getAttribute('tabindex'), '-1');
    await clickInto(page, 'amount-21005');
    await page.keyboard.press('Control+Delete');
    await page.getByTestId('amount-21005').waitFor({ state: 'detached' });
    assert.ok((await focused(page))?.startsWith('amount-'), 'the focus stays in the amount column');
    await saveByShortcut(page);
    await page.waitForURL((url) => url.pathname.endsWith('/budget/forecast/details'));
    await openForecast(page, 'expenses');
    assert.equal(await value(page, 'amount-21002'), '1.234,50 €');
    assert.equal(await page.getByTestId('amount-21005').count(), 0, 'the deleted row is gone');
    // typed, then leaving by the back button: the unsaved-changes question comes
    await clickInto(page, 'amount-21003');
    await page.keyboard.type('50');
    await page.getByTestId('editor-back').click();
    await page.getByText('Ungespeicherte Änderungen').waitFor();
    await page.getByRole('button', { name: 'Weiter bearbeiten' }).click();
    assert.equal(await value(page, 'amount-21003'), '50,00 €', 'the typed amount is still there');
    // typed again, leaving by the menu: "Speichern und verlassen" saves what the field shows
    await clickInto(page, 'amount-21003');
    await page.keyboard.type('75,5');
    await (await menuEntry(page, 'budgetForecast', 'budgetForecast.surplus')).click();
    await page.getByTestId('unsaved-save').waitFor();
    assert.match(page.url(), /\/budget\/forecast\/details\/expenses$/, 'still in the editor while asked');
    await shot(page, 'amount-entry-leave-question-de');
    await page.getByTestId('unsaved-save').click();
    await page.waitForURL((url) => url.pathname.endsWith('/budget/forecast/surplus'));
    await openForecast(page, 'expenses');
    assert.equal(await value(page, 'amount-21003'), '75,50 €', 'saved from the leave question');

    // ---- surplus: opens in the cash balance; +2.500 in a residue by mouse, Ctrl+Enter
    await page.goto(`${base}/budget/forecast/surplus`);
    await page.getByTestId('surplus-cashBalance').waitFor();
    await waitFocused(page, 'surplus-cashBalance');
    assert.equal((await clickInto(page, 'surplus-revenuesResidue')).all, true);
    await page.keyboard.type('+2.500');
    await saveByShortcut(page);
    await page.waitForURL((url) => url.pathname.endsWith('/budget/forecast/details'));
    await page.goto(`${base}/budget/forecast/surplus`);
    await page.getByTestId('surplus-revenuesResidue').waitFor();
    await page.waitForFunction(() => document.querySelector('[data-testid="surplus-revenuesResidue"]')?.value !== '');
    assert.equal(await value(page, 'surplus-revenuesResidue'), '2.500,00 €');

    // ---- budget change (previous year): head, then new rows typed and saved by Ctrl+Enter. The demo
    // bookings have used most of 201's running chapters, so the decrease goes to the equipment purchases
    // (22002: 57.200,00, 95 % booked), whose final budget stays above what is paid.
    await page.goto(`${prevBase}/budget/changes/edit`);
    await page.getByTestId('change-approved').waitFor();
    await page.getByTestId('change-approved').fill(`30.06.${prev}`);
    await page.getByTestId('change-create').click();
    await page.waitForURL((url) => /\/budget\/changes\/edit\/\d+$/.test(url.pathname));
    const changeUrl = page.url();
    await page.getByTestId('change-positions').waitFor();
    await waitFocused(page, 'change-approved');
    await page.getByTestId('add-chapter-code').click();
    await page.keyboard.type('22002');
    await waitFocused(page, 'amount-22002');
    await page.keyboard.type('-1.234,56');
    await page.keyboard.press('Enter');
    await waitFocused(page, 'add-chapter-code');
    await page.keyboard.type('21003');
    await waitFocused(page, 'amount-21003');
    await page.keyboard.type('1234.56');
    await saveByShortcut(page);
    await savedToast(page);
    await page.goto(changeUrl);
    await page.getByTestId('amount-21003').waitFor();
    assert.equal(await value(page, 'amount-22002'), '-1.234,56 €');
    assert.equal(await value(page, 'amount-21003'), '1.234,56 €');
    // existing rows by mouse: -50 and +50
    assert.deepEqual(await clickInto(page, 'amount-22002'), { value: '-1234,56', all: true });
    await page.keyboard.type('-50');
    assert.equal((await clickInto(page, 'amount-21003')).all, true);
    await page.keyboard.type('+50');
    await shot(page, 'amount-entry-change-de');
    await saveByShortcut(page);
    await savedToast(page);
    await page.reload();
    await page.getByTestId('amount-21003').waitFor();
    assert.equal(await value(page, 'amount-22002'), '-50,00 €');
    assert.equal(await value(page, 'amount-21003'), '50,00 €');

    // ---- adjustment (previous year): created by Ctrl+Enter from the amount field
    await page.goto(`${prevBase}/budget/adjustment/edit`);
    await page.getByTestId('adjustment-approved').waitFor();
    await waitFocused(page, 'adjustment-approved');
    await page.keyboard.type(`30.06.${prev}`);
    await clickInto(page, 'adjustment-surplus-actual');
    await page.keyboard.type('0');
    await saveByShortcut(page);
    await page.getByTestId('change-positions').waitFor();
    await waitFocused(page, 'adjustment-approved');
    // actual surplus = the planned one (typed with a dot decimal), plus 2.000 on a revenue and an expense chapter
    const delta = await page.getByTestId('adjustment-surplus-delta').innerText();
    const planned = -Number(delta.replace(/[^\d,-]/g, '').replace(',', '.'));
    assert.ok(planned > 0, `planned surplus ${planned}`);
    assert.equal((await clickInto(page, 'adjustment-surplus-actual')).all, true);
    await page.keyboard.type(planned.toFixed(2));
    await page.getByTestId('add-chapter-code').click();
    await page.keyboard.type('11001');
    await waitFocused(page, 'amount-11001');
    await page.keyboard.type('2.000');
    await page.keyboard.press('Enter');
    await waitFocused(page, 'add-chapter-code');
    await page.keyboard.type('22002');
    await waitFocused(page, 'amount-22002');
    await page.keyboard.type('2000,00');
    await shot(page, 'amount-entry-adjustment-de', { fullPage: true });
    assert.deepEqual(await clippedHeaders(page), [], 'adjustment headers fit (de)');
    await saveByShortcut(page);
    await savedToast(page);
    await page.reload();
    await page.getByTestId('amount-22002').waitFor();
    assert.equal(await value(page, 'amount-11001'), '2.000,00 €');
    assert.equal(await value(page, 'amount-22002'), '2.000,00 €');
    const expected = `${planned
      .toFixed(2)
      .replace('.', ',')
      .replace(/\B(?=(\d{3})+(?!\d))/g, '.')} €`;
    assert.equal(await value(page, 'adjustment-surplus-actual'), expected);

    // ---- the editors in Italian (screenshots to look at)
    await setLanguage(page, 'it');
    await page.getByText('Variazione', { exact: true }).first().waitFor();
    await shot(page, 'amount-entry-adjustment-it', { fullPage: true });
    assert.deepEqual(await clippedHeaders(page), [], 'adjustment headers fit (it)');
    await page.goto(changeUrl);
    await page.getByTestId('amount-21003').waitFor();
    await shot(page, 'amount-entry-change-it');
    assert.deepEqual(await clippedHeaders(page), [], 'change headers fit (it)');
    await openForecast(page, 'expenses');
    await shot(page, 'amount-entry-expenses-it');
    assert.deepEqual(await clippedHeaders(page), [], 'forecast headers fit (it)');
    await openForecast(page, 'revenues');
    await clickInto(page, 'amount-11006');
    await page.keyboard.type('1,2,3');
    await saveByShortcut(page);
    await page.getByText('Importo non valido').waitFor();
    await shot(page, 'amount-entry-revenues-invalid-it');

    assertNoErrors(errors);
    await context.close();
  });

  test('a master-data editor saves a typed date by Ctrl+Enter without leaving the field', async () => {
    const { context, page, errors } = await newPage(browser());
    await signInAndWait(page, 'supervisor');
    await page.goto(`${baseUrl}/dept/101/year/${currentYear}/banks`);
    await page.getByTestId('bank-table').waitFor();
    await page.getByTestId('data-row').last().click();
    await page.getByTestId('editor-title').waitFor();
    const editorUrl = page.url();
    assert.match(editorUrl, /[?&]id=\d+/);
    const date = page.locator('input[name="invalidFrom"]');
    await date.click();
    await page.keyboard.press('Control+a');
    await page.keyboard.type('31.12.2099');
    await saveByShortcut(page);
    await page.getByTestId('bank-table').waitFor();
    await page.goto(editorUrl);
    await page.getByTestId('editor-title').waitFor();
    await page.waitForFunction(() => document.querySelector('input[name="invalidFrom"]')?.value !== '');
    assert.equal(await date.inputValue(), '31.12.2099');
    // a text that is no date: the field's message, nothing sent, the editor stays
    await date.click();
    await page.keyboard.press('Control+a');
    await page.keyboard.type('31.02.2099');
    await saveByShortcut(page);
    await page.waitForFunction(() => document.querySelector('input[name="invalidFrom"]')?.getAttribute('aria-invalid') === 'true');
    assert.equal(page.url(), editorUrl, 'still in the editor');
    // back to an empty date, saved the same way
    await page.keyboard.press('Control+a');
    await page.keyboard.press('Backspace');
    await saveByShortcut(page);
    await page.getByTestId('bank-table').waitFor();
    assertNoErrors(errors);
    await context.close();
  });
});
