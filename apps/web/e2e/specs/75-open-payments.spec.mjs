/**
 * Open payments (issue 25 item 5) as zwei, cashier of 102 (open payments allowed), in German and
 * Italian: the menu names its entries for what they open — "Offene Zahlungen bezahlen" opens the
 * screen of the open instalments with their pay action (no print form), "Offene Zahlungen drucken"
 * opens the print (no list). On the pay screen an open bill of this language (booked in before()) is
 * paid by hand: "Bezahlen …", today's date typed, the cash account K1 chosen, Enter; the row moves to
 * "Von Hand bezahlt" (also after a reload) and REST answers the instalment paid today from K1.
 * Screenshots of both screens.
 */
import { before, describe, test } from 'node:test';
import {
  approveForecast,
  assert,
  assertNoErrors,
  backToGerman,
  baseUrl,
  bookOpenBills,
  currentYear,
  departmentIdOf,
  isoToday,
  menuEntry,
  openAs,
  rest,
  shot,
  typeInto,
  useBrowser,
} from '../lib.mjs';

const browser = useBrowser();
const dept = '102';
const current = `${baseUrl}/dept/${dept}/year/${currentYear}`;
const texts = {
  de: { pay: 'Offene Zahlungen bezahlen', print: 'Offene Zahlungen drucken', title: `Offene Zahlungen ${currentYear} bezahlen`, amount: 7_531 },
  it: { pay: 'Salda pagamenti aperti', print: 'Stampa pagamenti aperti', title: `Salda pagamenti aperti ${currentYear}`, amount: 8_642 },
};
/** language -> the bill booked in before(): movement, record number and instalment id */
const booked = {};
let deptId = 0;

const today = new Date();
const typedDate = (d) => `${String(d.getDate()).padStart(2, '0')}.${String(d.getMonth() + 1).padStart(2, '0')}.${String(d.getFullYear()).slice(2)}`;

before(async () => {
  deptId = await departmentIdOf(dept);
  await approveForecast(deptId, currentYear);
  for (const [language, t] of Object.entries(texts)) {
    const [bill] = await bookOpenBills(deptId, currentYear, [{ amount: t.amount / 100, documentNumber: `OFFEN-${t.amount}` }]);
    booked[language] = { movementId: bill.id, recordNumber: bill.recordNumber, paymentId: bill.payments[0].id };
  }
});

/** The instalment among the year's payments by hand (REST Payments/Open, paidByHand), or null. */
async function paidByHand(language) {
  const paid = await rest('zwei', 'POST', 'Payments/Open', { departmentId: deptId, year: currentYear, paidByHand: true });
  assert.equal(paid.status, 200, JSON.stringify(paid.json));
  return paid.json.suppliers.flatMap((g) => g.rows).find((r) => r.paymentId === booked[language].paymentId) ?? null;
}

for (const language of ['de', 'it']) {
  const t = texts[language];
  describe(`open payments (${language})`, () => {
    test('the menu says pay or print; an open instalment is paid by hand on its own screen', async () => {
      const { page, errors } = await openAs(browser(), 'zwei', current, { ready: 'home-status', language });

      // ---- the menu: each entry named for what it opens
      const payEntry = await menuEntry(page, 'management', 'management.payments', 'management.payments.pay');
      assert.equal((await payEntry.innerText()).trim(), t.pay);
      const printEntry = await menuEntry(page, 'management', 'management.payments', 'management.payments.open');
      assert.equal((await printEntry.innerText()).trim(), t.print);
      await shot(page, `open-payments-menu-${language}`);
      await printEntry.click();
      await page.waitForURL(`**/year/${currentYear}/payments/open`);
      await page.getByTestId('export-form').waitFor();
      assert.equal(await page.getByTestId('instalments-open').count(), 0, 'the print screen is a print');
      await payEntry.click();
      await page.waitForURL(`**/year/${currentYear}/payments/pay`);

      // ---- the pay screen: the open instalments with their pay action, no print form
      const { paymentId } = booked[language];
      assert.equal(await paidByHand(language), null, 'open before');
      const row = page.getByTestId(`instalment-open-${paymentId}`);
      await row.waitFor();
      assert.equal((await page.getByTestId('screen-title').innerText()).trim(), t.title);
      assert.equal(await page.getByTestId('export-form').count(), 0, 'no print form on the pay screen');
      await row.scrollIntoViewIfNeeded();
      await shot(page, `open-payments-pay-${language}`, { fullPage: true });

      // ---- paid by hand today from the cash K1
      await row.getByTestId(`settle-${paymentId}`).click();
      await typeInto(page, 'settle-dialog-date', typedDate(today));
      await page.getByTestId('settle-dialog-account').click();
      await page.getByRole('option', { name: /^K1 – / }).click();
      await page.getByTestId('settle-dialog-date').click();
      await shot(page, `open-payments-settle-${language}`);
      await page.keyboard.press('Enter');
      await page.getByTestId('settle-dialog').waitFor({ state: 'detached' });
      const paidRow = page.getByTestId(`instalment-paid-${paymentId}`);
      await paidRow.waitFor();
      await page.reload();
      await paidRow.waitFor();
      assert.equal(await page.getByTestId(`instalment-open-${paymentId}`).count(), 0, 'no longer open');
      assert.ok((await paidRow.innerText()).includes('K1'), 'paid from K1');
      await paidRow.scrollIntoViewIfNeeded();
      await shot(page, `open-payments-paid-${language}`, { fullPage: true });
      const paid = await paidByHand(language);
      assert.deepEqual([paid?.datePaid, paid?.accountCode, paid?.amount], [isoToday(), 'K1', t.amount / 100]);

      if (language === 'it') await backToGerman(page);
      assertNoErrors(errors);
    });
  });
}
