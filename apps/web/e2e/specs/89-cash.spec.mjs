/* global document */
/**
 * Account transfers and balances (issue 12) typed like a cashier, in German and in Italian: zwei on
 * 201 in the previous year (approved forecast, the first year in the system, so the initial balances
 * are typed). Click into a field, type, and save with Ctrl+Enter without leaving the field:
 * - a transfer from the cash (K1) to the bank (B1) of 1.234,56: the same account on both sides is
 *   refused at once; the saldo screen shows both movements balances moved by the amount, the totals
 *   and the header's cash balance (the sum of the final balances);
 * - an initial balance typed on the saldo screen: the final balance follows while typing, the header's
 *   cash balance after the save, the figure after a reload;
 * - a second transfer deleted (the latest: its number is given back), the first one cancelled from the
 *   picker (an earlier one keeps its number, amount 0), the balances back where they were;
 * - the account editor says why the cash account can't be set inactive (its balance).
 * A later year (202, current year, forecast approved here) shows the initial balances read-only: the
 * previous year's final balances. Screenshots of every screen in both languages.
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import {
  amountOf,
  assert,
  assertNoErrors,
  backToGerman,
  baseUrl,
  cents,
  currentYear,
  enterOnQuestion,
  isoToday,
  menuEntry,
  newPage,
  rest,
  setLanguage,
  shot,
  signInAndWait,
  typeInto,
  useBrowser,
  waitCents,
  waitFocused,
  waitForRows,
  pdfFileText,
} from '../lib.mjs';

const browser = useBrowser();
const dept = '201';
const year = currentYear - 1;
const yy = String(year).slice(2);
const base = `${baseUrl}/dept/${dept}/year/${year}`;

const texts = {
  de: {
    saved: /Kontoübertrag Nr\. (\d+) gespeichert/,
    same: 'Von- und Auf-Konto müssen verschieden sein.',
    balancesSaved: 'Anfangsbestände gespeichert',
    deleteAsk: (n) => `Kontoübertrag Nr. ${n} ist der letzte und wird gelöscht`,
    deleteButton: 'Löschen',
    keep: 'Abbrechen',
    deleted: (n) => `Kontoübertrag Nr. ${n} gelöscht`,
    cancelAsk: (n) => `Kontoübertrag Nr. ${n} ist nicht der letzte und wird storniert`,
    cancelButton: 'Stornieren',
    cancelled: (n) => `Kontoübertrag Nr. ${n} storniert`,
    cancelledBadge: 'storniert',
    inactiveWhy: `Endbestand ${year}:`,
    refusedFrom: 'Von Konto: das Konto ist inaktiv und kann nicht mehr gebucht werden.',
    discard: 'Verwerfen',
  },
  it: {
    saved: /Trasferimento tra conti n\. (\d+) salvato/,
    same: 'Il conto di partenza e quello di arrivo devono essere diversi.',
    balancesSaved: 'Saldi iniziali salvati',
    deleteAsk: (n) => `Il trasferimento tra conti n. ${n} è l'ultimo e viene eliminato`,
    deleteButton: 'Elimina',
    keep: 'Annulla',
    deleted: (n) => `Trasferimento tra conti n. ${n} eliminato`,
    cancelAsk: (n) => `Il trasferimento tra conti n. ${n} non è l'ultimo e viene annullato`,
    cancelButton: 'Annulla registrazione',
    cancelled: (n) => `Trasferimento tra conti n. ${n} annullato`,
    cancelledBadge: 'annullato',
    inactiveWhy: `Saldo finale ${year}:`,
    refusedFrom: 'Dal conto: il conto è inattivo e non si può più usare.',
    discard: 'Scarta',
  },
};

/** Cents as a cashier types and reads them: `-1.234,56`. */
function euros(c) {
  return new Intl.NumberFormat('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(c / 100);
}

/** Types an account code into an account select and takes the option with Enter. */
async function chooseAccount(page, testId, code) {
  await typeInto(page, testId, code);
  await page.getByRole('option', { name: new RegExp(`^${code} – `) }).waitFor();
  await page.keyboard.press('Enter');
  await page.waitForFunction(([id, c]) => document.querySelector(`[data-testid="${id}"]`)?.value?.startsWith(`${c} – `), [testId, code]);
}

/** The figures of the saldo screen. */
async function balances(page, at = base) {
  await page.goto(`${at}/accounts/saldo`);
  await page.getByTestId('balances-table').waitFor();
  const of = async (id) => {
    const el = page.getByTestId(id);
    return cents((await el.evaluate((node) => node.tagName)) === 'INPUT' ? await el.inputValue() : await el.innerText());
  };
  return {
    initialK1: await of('initial-K1'),
    movementsK1: await amountOf(page, 'movements-K1'),
    movementsB1: await amountOf(page, 'movements-B1'),
    finalK1: await amountOf(page, 'final-K1'),
    finalB1: await amountOf(page, 'final-B1'),
    totalFinal: await amountOf(page, 'total-final'),
  };
}

async function savedTransfer(page, t) {
  const toast = page.getByText(t.saved).first();
  try {
    await toast.waitFor();
  } catch (error) {
    await shot(page, 'cash-transfer-not-saved');
    throw error;
  }
  const n = Number(t.saved.exec(await toast.innerText())?.[1]);
  await page.getByTestId('transfer-record').getByText(String(n)).waitFor();
  return n;
}

async function openTransferScreen(page) {
  await page.goto(`${base}/accounts/transfer`);
  await page.getByTestId('transfer-form').waitFor();
}

/** The department's id (REST setup). */
async function departmentId(code) {
  const scopes = await rest('supervisor', 'GET', 'Scopes');
  const found = scopes.json.departments.find((d) => d.code === code);
  assert.ok(found, `department ${code}`);
  return found.id;
}

// 202 in the current year: a small balanced forecast, approved (the management menu opens), so its saldo
// screen can be seen in a later year than the first one
before(async () => {
  const scope = `departmentId=${await departmentId('202')}&year=${currentYear}`;
  for (const [part, chapter] of [
    [1, '11002'],
    [2, '21003'],
  ]) {
    const saved = await rest('supervisor', 'PUT', `Budget/Forecast?${scope}&part=${part}`, { positions: [{ chapter, amountCurrYear: 100 }] });
    assert.ok(saved.status === 200 || saved.json.details?.Message === 'BudgetAlreadyApproved', JSON.stringify(saved.json));
  }
  const approved = await rest('supervisor', 'GET', `Budget/Forecast/Approve?${scope}&approval=${isoToday()}`);
  assert.equal(approved.status, 200, JSON.stringify(approved.json));
});

for (const language of ['de', 'it']) {
  const t = texts[language];
  describe(`cash (${language})`, () => {
    test('a cashier transfers cash to the bank, types an initial balance and corrects transfers', async () => {
      const { page, errors } = await newPage(browser());
      await signInAndWait(page, 'zwei');
      await page.goto(`${base}/accounts/saldo`);
      await page.getByTestId('balances-table').waitFor();
      if (language === 'it') {
        // the language is kept per user: wait until the server stored it (the specs reload pages)
        const stored = page.waitForResponse((res) => res.url().includes('auth.setLanguage'));
        await setLanguage(page, 'it');
        assert.ok((await stored).ok());
      }
      const before = await balances(page);
      assert.equal(before.finalK1, before.initialK1 + before.movementsK1, 'final = initial + movements');
      await waitCents(page, 'header-cash-balance', before.totalFinal);

      // ---- transfer K1 -> B1, 1.234,56
      await openTransferScreen(page);
      await typeInto(page, 'transfer-record-date', `15.04.${yy}`);
      await typeInto(page, 'transfer-note', `Einzahlung Bank ${language}`);
      await chooseAccount(page, 'transfer-from', 'K1');
      await chooseAccount(page, 'transfer-to', 'K1');
      // the same account twice is refused at once
      await page.getByText(t.same).waitFor();
      await shot(page, `cash-transfer-same-account-${language}`);
      await chooseAccount(page, 'transfer-to', 'B1');
      await page.getByText(t.same).waitFor({ state: 'detached' });
      await typeInto(page, 'transfer-amount', '1.234,56');
      await shot(page, `cash-transfer-${language}`);
      await page.keyboard.press('Control+Enter');
      const first = await savedTransfer(page, t);

      // ---- the saldo screen: both accounts moved, the total and the header's cash balance unchanged
      const after = await balances(page);
      assert.equal(after.movementsK1, before.movementsK1 - 123456, 'cash out');
      assert.equal(after.movementsB1, before.movementsB1 + 123456, 'bank in');
      assert.equal(after.finalK1, before.finalK1 - 123456);
      assert.equal(after.finalB1, before.finalB1 + 123456);
      assert.equal(after.totalFinal, before.totalFinal, 'a transfer between own accounts keeps the total');
      await waitCents(page, 'header-cash-balance', after.totalFinal);

      // ---- the first year: the initial balance is typed, the final balance follows while typing
      const initial = after.initialK1 + 50000;
      await typeInto(page, 'initial-K1', euros(initial));
      await waitCents(page, 'final-K1', initial + after.movementsK1);
      await waitCents(page, 'total-final', after.totalFinal + 50000);
      await shot(page, `cash-saldo-${language}`);
      await page.keyboard.press('Control+Enter');
      await page.getByText(t.balancesSaved).first().waitFor();
      await waitCents(page, 'header-cash-balance', after.totalFinal + 50000);
      await page.reload();
      await page.getByTestId('balances-table').waitFor();
      await waitCents(page, 'initial-K1', initial);
      await waitCents(page, 'final-K1', initial + after.movementsK1);
      await waitCents(page, 'header-cash-balance', after.totalFinal + 50000);

      // ---- a second transfer, deleted (the latest), then the first one cancelled from the picker
      await openTransferScreen(page);
      await typeInto(page, 'transfer-record-date', `16.04.${yy}`);
      await chooseAccount(page, 'transfer-from', 'B1');
      await chooseAccount(page, 'transfer-to', 'K1');
      await typeInto(page, 'transfer-amount', '10,00');
      await page.keyboard.press('Control+Enter');
      const second = await savedTransfer(page, t);
      assert.equal(second, first + 1, 'numbered gap-free');

      // the first is no longer the latest: found in the picker (F4 in the number field) and cancelled
      await page.getByTestId('transfer-open').click({ delay: 80 });
      await page.keyboard.press('F4');
      await typeInto(page, 'transfer-dialog-search', String(first));
      const row = page.getByTestId('transfer-dialog-list').getByTestId('data-row').filter({ hasText: '1.234,56' }).first();
      await row.waitFor();
      await waitForRows(page, 1, 'transfer-dialog-list');
      await shot(page, `cash-transfer-picker-${language}`);
      await row.click();
      await page.getByTestId('transfer-record').getByText(String(first)).waitFor();
      assert.equal(cents(await page.getByTestId('transfer-amount').inputValue()), 123456);
      await page.getByTestId('transfer-delete').click();
      await page.getByRole('dialog').getByText(t.cancelAsk(first)).waitFor();
      // a reflex Enter answers the focused safe answer (issue 25 item 1): still there, with its amount
      await enterOnQuestion(page, t.keep);
      assert.equal(cents(await page.getByTestId('transfer-amount').inputValue()), 123456, 'Enter on the cancel question keeps the transfer');
      await page.getByTestId('transfer-delete').click();
      await page.getByRole('dialog').getByText(t.cancelAsk(first)).waitFor();
      await page.getByRole('dialog').getByRole('button', { name: t.cancelButton, exact: true }).click();
      await page.getByText(t.cancelled(first)).first().waitFor();

      // the second is the latest: deleted, its number is given again
      await typeInto(page, 'transfer-open', String(second));
      await page.keyboard.press('Enter');
      await page.getByTestId('transfer-record').getByText(String(second)).waitFor();
      await page.getByTestId('transfer-delete').click();
      await page.getByRole('dialog').getByText(t.deleteAsk(second)).waitFor();
      await enterOnQuestion(page, t.keep);
      await page.getByTestId('transfer-record').getByText(String(second)).waitFor();
      await page.getByTestId('transfer-delete').click();
      await page.getByRole('dialog').getByText(t.deleteAsk(second)).waitFor();
      await page.getByRole('dialog').getByRole('button', { name: t.deleteButton, exact: true }).click();
      await page.getByText(t.deleted(second)).first().waitFor();
      await page.getByTestId('transfer-record').getByText(String(second)).waitFor();

      // the cancelled one keeps its number, read-only
      await typeInto(page, 'transfer-open', String(first));
      await page.keyboard.press('Enter');
      await page.getByTestId('transfer-cancelled').getByText(t.cancelledBadge).waitFor();
      assert.equal(await page.getByTestId('transfer-delete').count(), 0, 'a cancelled transfer is read-only');
      // beside the badge the amount it had, struck through (it counts 0)
      const original = page.getByTestId('transfer-original-amount');
      assert.equal(cents(await original.innerText()), 123456, 'the amount before the cancel');
      assert.equal(await original.evaluate((n) => n.ownerDocument.defaultView.getComputedStyle(n).textDecorationLine), 'line-through');
      await shot(page, `cash-transfer-cancelled-${language}`);

      // ---- a refusal only the server can give: an account set inactive meanwhile (by someone else)
      const scope = `departmentId=${await departmentId(dept)}&year=${year}`;
      const code = `T${language.toUpperCase()}`;
      const created = await rest('supervisor', 'POST', `Accounts?${scope}`, { code, descriptionDeu: 'Testkasse', descriptionIta: 'Cassa di prova', type: 1 });
      assert.ok(created.status < 300, JSON.stringify(created.json));
      await openTransferScreen(page);
      const inactivated = await rest('supervisor', 'PATCH', `Accounts/${created.json.id}?${scope}`, { inactive: true });
      assert.equal(inactivated.status, 200, JSON.stringify(inactivated.json));
      await typeInto(page, 'transfer-record-date', `17.04.${yy}`);
      await chooseAccount(page, 'transfer-from', code);
      await chooseAccount(page, 'transfer-to', 'K1');
      await typeInto(page, 'transfer-amount', '1,00');
      await page.keyboard.press('Control+Enter');
      await page.getByTestId('transfer-form').getByText(t.refusedFrom).waitFor();
      assert.equal(await page.getByTestId('transfer-from').getAttribute('aria-invalid'), 'true', 'the field is marked');
      await shot(page, `cash-transfer-refused-${language}`);
      // leaving with the unsaved transfer asks first (stay)
      await (await menuEntry(page, 'management', 'management.accounts', 'management.accounts.saldo')).click();
      await page.getByTestId('unsaved-dialog').getByTestId('unsaved-stay').click();
      assert.match(new URL(page.url()).pathname, /\/accounts\/transfer$/);
      // nothing was written: the next number is still free
      await page.getByTestId('transfer-new').click();
      await page
        .getByTestId('unsaved-discard')
        .or(page.getByRole('dialog').getByRole('button', { name: t.discard }))
        .first()
        .click();
      await page.getByTestId('transfer-record').getByText(String(second)).waitFor();

      const back = await balances(page);
      assert.equal(back.movementsK1, before.movementsK1, 'the cancelled transfer no longer moves the cash');
      assert.equal(back.movementsB1, before.movementsB1);

      // ---- the account editor: the cash account has a balance, so it can't be set inactive
      await page.goto(`${base}/accounts/edit`);
      await page.getByTestId('account-table').getByTestId('data-row').filter({ hasText: 'K1' }).first().click();
      await page.getByText(t.inactiveWhy).waitFor();
      assert.equal(await page.getByTestId('account-inactive').isDisabled(), true);
      assert.match(await page.getByText(t.inactiveWhy).innerText(), new RegExp(euros(back.finalK1).replace('.', '\\.')));
      await shot(page, `cash-account-editor-${language}`);

      // ---- the accounts print carries the balances of the scope year
      await page.goto(`${base}/accounts/print`);
      await page.getByTestId('export-type').waitFor();
      await shot(page, `cash-accounts-print-${language}`);
      const download = page.waitForEvent('download');
      await page.getByTestId('export-download').click();
      const file = join(tmpdir(), `accounts-${language}-${Date.now()}.pdf`);
      await (await download).saveAs(file);
      const pdf = pdfFileText(file);
      const k1 = pdf.split('\n').find((l) => /^\s*K1\s/.test(l)) ?? '';
      assert.ok(k1.includes(`${euros(back.finalK1)} €`), `K1 line with its final balance ${euros(back.finalK1)}: ${k1}`);
      assert.ok(k1.includes(`${euros(back.initialK1)} €`), `K1 line with its initial balance: ${k1}`);

      if (language === 'it') await backToGerman(page);
      assertNoErrors(errors);
      await page.context().close();
    });
  });
}

describe('cash: the header after a booking', () => {
  test('the cash balance in the top bar follows a revenue booked and deleted', async () => {
    const { page, errors } = await newPage(browser());
    await signInAndWait(page, 'zwei');
    await page.goto(`${base}/movements/revenues`);
    await page.getByTestId('movement-head-form').waitFor();
    await page.getByTestId('header-cash-balance').waitFor();
    const before = await amountOf(page, 'header-cash-balance');
    await typeInto(page, 'movement-record-date', `18.04.${yy}`);
    await page.getByTestId('movement-next').click();
    await typeInto(page, 'add-chapter-code', '11002');
    await waitFocused(page, 'amount-11002');
    await page.keyboard.type('77,00', { delay: 15 });
    await page.keyboard.press('Control+Enter');
    await page
      .getByText(/Buchung Nr\. \d+ gespeichert/)
      .first()
      .waitFor();
    await waitCents(page, 'header-cash-balance', before + 7700);
    await page.getByTestId('movement-delete').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Löschen', exact: true }).click();
    await page
      .getByText(/Buchung Nr\. \d+ gelöscht/)
      .first()
      .waitFor();
    await waitCents(page, 'header-cash-balance', before);
    assertNoErrors(errors);
    await page.context().close();
  });
});

describe('cash: a later year', () => {
  test('the initial balances of a later year are the previous final balances, read-only', async () => {
    const { page, errors } = await newPage(browser());
    await signInAndWait(page, 'supervisor');
    const previous = await balances(page, `${baseUrl}/dept/202/year/${currentYear - 1}`);
    await page.goto(`${baseUrl}/dept/202/year/${currentYear}/accounts/saldo`);
    await page.getByTestId('balances-read-only').waitFor();
    assert.equal(await page.getByTestId('initial-K1').evaluate((node) => node.tagName), 'SPAN', 'read-only text, no input');
    assert.equal(await amountOf(page, 'initial-K1'), previous.finalK1);
    assert.equal(await page.getByTestId('balances-save').count(), 0);
    await shot(page, 'cash-saldo-later-year-de');
    await setLanguage(page, 'it');
    await page
      .getByTestId('balances-read-only')
      .getByText(/saldi finali/)
      .waitFor();
    await shot(page, 'cash-saldo-later-year-it');
    await backToGerman(page);
    assertNoErrors(errors);
    await page.context().close();
  });
});
