/* global document */
/**
 * Paying by hand and bank returns (issue 24 items 1 and 2, DOMAIN decisions 21 and 22) as the cashier
 * of 102 (open payments allowed) in German and Italian, in the current year (its forecast approved in
 * before()): per language three open bills of supplier 1001 on B1, the third stored in an order and
 * registered today (REST). On the open-payments screen the first bill's instalment is paid in cash:
 * a date of the previous year is refused in the dialog with the reason, then today's date typed,
 * the cash account K1 chosen, a note typed and Enter pressed in the note field — it leaves the open
 * list for "paid by hand" (K1, the note), K1's balance drops by the amount (REST), still so after a
 * reload; "Wieder offen" (asked) takes it back. In the second bill's payments dialog its instalment is
 * paid with today's date (Enter in the date field) and shows paid after a reload. On the register
 * screen the registered order's protocol lists the third bill; the bank's return is booked with today's
 * date (Ctrl+Enter): marked returned with the date and total, open again (REST); B1's cash journal lists
 * it as "Von der Bank zurückgewiesen" with its order, the bill's record and the amount on the receipt
 * side. Screenshots of each.
 */
import { before, describe, test } from 'node:test';
import {
  approveForecast,
  assert,
  assertNoErrors,
  backToGerman,
  baseUrl,
  bookOpenBills,
  cents,
  currentYear,
  departmentIdOf,
  isoToday,
  openAs,
  rest,
  setCbiCuc,
  shot,
  typeInto,
  useBrowser,
} from '../lib.mjs';

const browser = useBrowser();
const dept = '102';
const current = `${baseUrl}/dept/${dept}/year/${currentYear}`;
const texts = {
  de: {
    wrongYear: `Das Datum muss im Jahr ${currentYear} liegen.`,
    reopen: 'Wieder offen',
    returned: 'von der Bank zurückgewiesen am',
    returnKind: 'Von der Bank zurückgewiesen',
    order: 'Zahlungsauftrag',
    bills: [11_111, 22_222, 33_333],
  },
  it: {
    wrongYear: `La data deve cadere nell'anno ${currentYear}.`,
    reopen: 'Riapri',
    returned: 'respinto dalla banca il',
    returnKind: 'Respinto dalla banca',
    order: 'Ordine di pagamento',
    bills: [44_444, 55_555, 66_666],
  },
};
/** language -> the bills booked in before(): record number, movement and instalment ids; and the order of the third */
const booked = {};
let deptId = 0;

const today = new Date();
const typedDate = (d) => `${String(d.getDate()).padStart(2, '0')}.${String(d.getMonth() + 1).padStart(2, '0')}.${String(d.getFullYear()).slice(2)}`;
const euros = (c) => Math.round(c) / 100;

async function balanceOf(code) {
  const balances = await rest('zwei', 'GET', `Accounts/Balance?departmentId=${deptId}&year=${currentYear}`);
  assert.equal(balances.status, 200, JSON.stringify(balances.json));
  return Math.round(balances.json.accounts.find((a) => a.accountCode === code).movementsBalance * 100);
}

async function openRow(paymentId) {
  const open = await rest('zwei', 'POST', 'Payments/Open', { departmentId: deptId, year: currentYear });
  return open.json.suppliers.flatMap((g) => g.rows).find((r) => r.paymentId === paymentId) ?? null;
}

before(async () => {
  deptId = await departmentIdOf(dept);
  await setCbiCuc(deptId);
  await approveForecast(deptId, currentYear);
  const accounts = await rest('zwei', 'GET', `Accounts/briefs?departmentId=${deptId}`);
  const bank = accounts.json.find((a) => a.code === 'B1')?.id;
  for (const [language, t] of Object.entries(texts)) {
    const bills = await bookOpenBills(
      deptId,
      currentYear,
      t.bills.map((amount) => ({ amount: euros(amount), documentNumber: `HAND-${amount}` })),
    );
    booked[language] = bills.map((bill, i) => ({ amount: t.bills[i], recordNumber: bill.recordNumber, movementId: bill.id, paymentId: bill.payments[0].id }));
    // the third bill: in an order, registered today
    const third = booked[language][2];
    const toPay = [{ movementId: third.movementId, paymentId: third.paymentId }];
    const order = await rest('zwei', 'POST', 'Payments/Orders', {
      departmentId: deptId,
      year: currentYear,
      paymentRange: 1,
      accountId: bank,
      filename: `hand-${language}`,
      toPay,
    });
    assert.equal(order.status, 200, JSON.stringify(order.json));
    third.orderNumber = order.json.orderNumber;
    const registered = await rest('zwei', 'POST', 'Payments/Orders/Registered', {
      departmentId: deptId,
      year: currentYear,
      orderId: order.json.id,
      datePaid: isoToday(),
      payments: toPay,
    });
    assert.equal(registered.status, 200, JSON.stringify(registered.json));
  }
});

for (const language of ['de', 'it']) {
  const t = texts[language];
  describe(`paying by hand and bank returns (${language})`, () => {
    test('a cashier pays an open bill in cash, opens it again, pays one in its payments dialog and books a bank return', async () => {
      const { page, errors } = await openAs(browser(), 'zwei', `${current}/payments/pay`, { ready: 'instalments-open', language });
      const [first, second, third] = booked[language];

      // ---- the open payments on screen: the first bill paid in cash (K1) with a note
      const k1Before = await balanceOf('K1');
      const b1Before = await balanceOf('B1');
      const row = page.getByTestId(`instalment-open-${first.paymentId}`);
      await row.scrollIntoViewIfNeeded();
      await shot(page, `pay-by-hand-open-${language}`, { fullPage: true });
      await row.getByTestId(`settle-${first.paymentId}`).click();
      await page.getByTestId('settle-dialog-date').waitFor();
      // a date of last year: refused in the dialog with the reason, nothing sent
      await typeInto(page, 'settle-dialog-date', `30.12.${String(currentYear - 1).slice(2)}`);
      await page.keyboard.press('Enter');
      await page.getByTestId('settle-dialog').getByText(t.wrongYear).waitFor();
      await shot(page, `pay-by-hand-dialog-refused-${language}`);
      await typeInto(page, 'settle-dialog-date', typedDate(today));
      await page.getByTestId('settle-dialog-account').click();
      await page.getByRole('option', { name: /^K1 – / }).click();
      await typeInto(page, 'settle-dialog-note', language === 'de' ? 'bar bezahlt' : 'pagato in contanti');
      await shot(page, `pay-by-hand-dialog-${language}`);
      await page.keyboard.press('Enter');
      await page.getByTestId('settle-dialog').waitFor({ state: 'detached' });
      const paidRow = page.getByTestId(`instalment-paid-${first.paymentId}`);
      await paidRow.waitFor();
      assert.equal(await page.getByTestId(`instalment-open-${first.paymentId}`).count(), 0, 'no longer open');
      assert.equal(await balanceOf('K1'), k1Before - first.amount, 'the cash left K1');
      assert.equal(await balanceOf('B1'), b1Before, 'not B1, the bill’s account');
      await page.reload();
      await paidRow.waitFor();
      const paidText = await paidRow.innerText();
      for (const part of ['K1', language === 'de' ? 'bar bezahlt' : 'pagato in contanti', typedDate(today).slice(0, 6)])
        assert.ok(paidText.includes(part), `${paidText} shows ${part}`);
      await paidRow.scrollIntoViewIfNeeded();
      await shot(page, `pay-by-hand-paid-${language}`, { fullPage: true });

      // ---- Wieder offen (asked first): open again, K1 as before
      await paidRow.getByTestId(`reopen-${first.paymentId}`).click();
      await page.getByRole('dialog').getByRole('button', { name: t.reopen, exact: true }).click();
      await page.getByTestId(`instalment-open-${first.paymentId}`).waitFor();
      assert.equal(await balanceOf('K1'), k1Before);
      assert.equal((await openRow(first.paymentId))?.amount, euros(first.amount));

      // ---- the second bill from its payments dialog, today's date, Enter in the date field
      await page.goto(`${current}/movements/expenses/${second.recordNumber}`);
      await page.getByTestId('movement-payments').click();
      await page.getByTestId(`payment-settle-${second.paymentId}`).click();
      await page.getByTestId('settle-dialog-date').waitFor();
      await shot(page, `pay-by-hand-movement-dialog-${language}`);
      await typeInto(page, 'settle-dialog-date', typedDate(today));
      await page.keyboard.press('Enter');
      await page.getByTestId('settle-dialog').waitFor({ state: 'detached' });
      await page.reload();
      await page.getByTestId('movement-payments').click();
      await page.getByTestId(`payment-reopen-${second.paymentId}`).waitFor();
      assert.equal(await page.getByTestId('payment-paid-0').inputValue(), `${typedDate(today).slice(0, 6)}${today.getFullYear()}`);
      await shot(page, `pay-by-hand-movement-paid-${language}`);
      assert.equal(await openRow(second.paymentId), null, 'paid: not open');
      await page.keyboard.press('Escape');

      // ---- the registered order's protocol: the bank returned the third bill's transfer today
      const b1BeforeReturn = await balanceOf('B1');
      await page.goto(`${current}/payments/register`);
      await page.getByTestId('returns-order').click();
      await page.getByRole('option', { name: new RegExp(`^${third.orderNumber}/${currentYear} `) }).click();
      const item = page.getByTestId(`returns-item-${third.paymentId}`);
      await item.waitFor();
      await item.getByTestId(`return-${third.paymentId}`).click();
      await page.getByTestId('return-dialog-date').waitFor();
      await typeInto(page, 'return-dialog-date', typedDate(today));
      await shot(page, `pay-by-hand-return-dialog-${language}`);
      await page.keyboard.press('Control+Enter');
      await page.getByTestId('return-dialog').waitFor({ state: 'detached' });
      await item.getByText(t.returned).waitFor();
      assert.ok((await item.innerText()).includes(`${typedDate(today).slice(0, 6)}${today.getFullYear()}`));
      assert.equal(cents(await page.getByTestId('returns-total').innerText()), third.amount);
      await shot(page, `pay-by-hand-returned-${language}`, { fullPage: true });
      const again = await openRow(third.paymentId);
      assert.deepEqual([again?.amount, again?.orderNumber], [euros(third.amount), null], 'open again, in no order');
      assert.equal(await balanceOf('B1'), b1BeforeReturn + third.amount, 'the cash came back on B1');

      // ---- the cash journal of B1: the return is its own row on the receipt side, with its order, never "Offene Zahlung"
      await page.keyboard.press('Alt+Shift+Digit1');
      const panel = page.getByTestId('digest-cashJournal');
      await panel.waitFor();
      await panel
        .getByTestId('digest-account')
        .getByText(/^B1 – /)
        .click();
      await page.waitForFunction(() =>
        /^B1 – /.test(document.querySelector('[data-testid="digest-cashJournal"] [data-testid="digest-account"]')?.getAttribute('data-value') ?? ''),
      );
      const returnRow = page
        .getByTestId('cash-rows')
        .getByTestId('data-row')
        .filter({ hasText: `${t.order} ${third.orderNumber}/${currentYear}` });
      await returnRow.waitFor();
      const cells = await returnRow.evaluate((r) => Array.from(r.querySelectorAll('td')).map((td) => td.textContent.trim()));
      assert.equal(cells[1], String(third.recordNumber), 'the bill’s record number');
      assert.ok(cells.includes(t.returnKind), `labelled "${t.returnKind}": ${JSON.stringify(cells)}`);
      assert.equal(cents(cells[6]), third.amount, 'money back: a receipt (+) of the bill’s amount');
      await returnRow.scrollIntoViewIfNeeded();
      await shot(page, `pay-by-hand-return-journal-${language}`);
      await page.keyboard.press('Escape');
      if (language === 'it') await backToGerman(page);
      assertNoErrors(errors);
    });
  });
}
