/**
 * Homebanking paths (issue 25 items 3 and 4) in FF Eppan (102), in German and Italian:
 * - after 31.12 of the previous demo year its homebanking says at step 1 that its open bills are paid
 *   from the current year after the carry-over (links there), offers no new order, and the server
 *   refuses storing one (OrderAfterYearEnd, nothing written);
 * - a stored, unregistered order of the current year (stored in before()) is cancelled on screen from
 *   "Früherer Auftrag": the question's "Nicht stornieren" (focused: a reflex Enter) keeps it, "Auftrag stornieren" cancels it
 *   (REST: cancelled, its instalment payable again);
 * - without the department's CBI CUC a domestic order stops at step 1: zwei (Standard) is told who
 *   enters it, the supervisor follows the link into the department's base data, types it (Ctrl+Enter)
 *   and, back in the homebanking, may go on.
 * Screenshots of every changed step.
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
  enterOnQuestion,
  openAs,
  rest,
  setCbiCuc,
  shot,
  useBrowser,
} from '../lib.mjs';

const browser = useBrowser();
const dept = '102';
const previousYear = currentYear - 1;
const current = `${baseUrl}/dept/${dept}/year/${currentYear}`;
const previous = `${baseUrl}/dept/${dept}/year/${previousYear}`;
const texts = {
  de: {
    yearOver: `Kein neuer Zahlungsauftrag ${previousYear} mehr`,
    earlier: 'Früherer Auftrag',
    keep: 'Nicht stornieren',
    cancel: 'Auftrag stornieren',
    cancelled: /Zahlungsauftrag Nr\. \d+\/\d+ storniert/,
    cucMissing: 'Der CBI-CUC-Code der Feuerwehr fehlt',
    cucWho: 'Feuerwehren bearbeiten',
    saved: 'Gespeichert',
    cuc: 'DE102CUC',
    amount: 4_321,
  },
  it: {
    yearOver: `Nessun nuovo ordine di pagamento ${previousYear}`,
    earlier: 'Ordine precedente',
    keep: 'Non annullare',
    cancel: "Annulla l'ordine",
    cancelled: /Ordine di pagamento n\. \d+\/\d+ annullato/,
    cucMissing: 'Manca il codice CUC CBI del corpo',
    cucWho: 'Gestisci corpi',
    saved: 'Salvato',
    cuc: 'IT102CUC',
    amount: 5_432,
  },
};
/** language -> the order stored in before(): id, number, the instalment it holds */
const stored = {};
let deptId = 0;

async function orders(year, query = '') {
  const listed = await rest('zwei', 'GET', `Payments/Orders?departmentId=${deptId}&year=${year}${query}`);
  assert.equal(listed.status, 200, JSON.stringify(listed.json));
  return listed.json;
}

before(async () => {
  deptId = await departmentIdOf(dept);
  await approveForecast(deptId, currentYear);
  const accounts = await rest('zwei', 'GET', `Accounts/briefs?departmentId=${deptId}`);
  const bank = accounts.json.find((a) => a.code === 'B1')?.id;
  for (const [language, t] of Object.entries(texts)) {
    const [bill] = await bookOpenBills(deptId, currentYear, [{ amount: t.amount / 100, documentNumber: `HB-${t.amount}` }]);
    const toPay = [{ movementId: bill.id, paymentId: bill.payments[0].id }];
    const order = await rest('zwei', 'POST', 'Payments/Orders', {
      departmentId: deptId,
      year: currentYear,
      paymentRange: 1,
      accountId: bank,
      filename: `hb-${language}`,
      toPay,
    });
    assert.equal(order.status, 200, JSON.stringify(order.json));
    stored[language] = { id: order.json.id, number: order.json.orderNumber, ...toPay[0], bank };
  }
});

for (const language of ['de', 'it']) {
  const t = texts[language];
  describe(`homebanking paths (${language})`, () => {
    test('after 31.12 the previous year offers no new order and says where its bills are paid; a stored order is cancelled on screen', async () => {
      const { page, errors } = await openAs(browser(), 'zwei', `${previous}/payments/homebanking`, { ready: 'homebanking-year-over', language });

      // ---- step 1 of the previous year: the notice with its links, no new order
      const notice = page.getByTestId('homebanking-year-over');
      await notice.getByText(t.yearOver).waitFor();
      assert.equal(
        new URL(await page.getByTestId('homebanking-year-over-carry').getAttribute('href'), baseUrl).pathname,
        `/dept/${dept}/year/${currentYear}/residues/carryOver`,
      );
      assert.equal(
        new URL(await page.getByTestId('homebanking-year-over-open').getAttribute('href'), baseUrl).pathname,
        `/dept/${dept}/year/${currentYear}/payments/pay`,
      );
      assert.ok(await page.getByTestId('homebanking-kind').locator('input[value="new"]').isDisabled(), '"Neuer Auftrag" is disabled');
      assert.ok(await page.getByTestId('homebanking-kind').locator('input[value="previous"]').isChecked(), 'the stored orders are offered');
      assert.equal(await page.getByTestId('homebanking-filter').count(), 0, 'no criteria of a new order');
      await shot(page, `homebanking-year-over-${language}`);

      // ---- the server refuses a new order of the previous year, nothing written
      const before = await orders(previousYear);
      const payables = await rest('zwei', 'POST', 'Payments/Payables', {
        departmentId: deptId,
        year: previousYear,
        paymentRange: 1,
        accountId: stored[language].bank,
      });
      const payable = payables.json.find((p) => p.doHomeBank);
      assert.ok(payable, 'the previous year has an open payable bill');
      const refused = await rest('zwei', 'POST', 'Payments/Orders', {
        departmentId: deptId,
        year: previousYear,
        paymentRange: 1,
        accountId: stored[language].bank,
        filename: 'late',
        toPay: [{ movementId: payable.invoice.movementId, paymentId: payable.payment.id }],
      });
      assert.equal(refused.status, 409, JSON.stringify(refused.json));
      assert.equal(refused.json.details.Message, 'OrderAfterYearEnd');
      assert.deepEqual(await orders(previousYear), before, 'nothing stored');

      // ---- the link leads to the carry-over of the current year
      await page.getByTestId('homebanking-year-over-carry').click();
      await page.waitForURL(`**/dept/${dept}/year/${currentYear}/residues/carryOver`);

      // ---- the current year: the stored order chosen as a previous order and cancelled (asked first)
      const { id, number, movementId, paymentId } = stored[language];
      await page.goto(`${current}/payments/homebanking`);
      await page.getByTestId('homebanking-kind').getByText(t.earlier).click();
      await page.getByTestId('homebanking-order').click();
      await page.getByRole('option', { name: new RegExp(`^${number}/${currentYear} `) }).click();
      await page.getByTestId('order-cancel').click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText(`${number}/${currentYear}`).first().waitFor();
      await shot(page, `homebanking-cancel-ask-${language}`);
      // a reflex Enter answers "Nicht stornieren" (the safe answer has the focus): the order is kept
      await enterOnQuestion(page, t.keep);
      assert.ok(
        (await orders(currentYear, '&unregisteredOnly=true')).some((o) => o.id === id),
        'Enter on the question ("Nicht stornieren") keeps the order',
      );
      await page.getByTestId('order-cancel').click();
      await page.getByRole('dialog').getByRole('button', { name: t.cancel, exact: true }).click();
      await page.getByText(t.cancelled).first().waitFor();
      await shot(page, `homebanking-cancelled-${language}`);
      const after = (await orders(currentYear)).find((o) => o.id === id);
      assert.equal(after?.cancelled, true, 'cancelled over REST');
      const again = await rest('zwei', 'POST', 'Payments/Payables', {
        departmentId: deptId,
        year: currentYear,
        paymentRange: 1,
        accountId: stored[language].bank,
      });
      assert.ok(
        again.json.some((p) => p.payment.id === paymentId && p.invoice.movementId === movementId && p.doHomeBank),
        'its instalment is payable again',
      );
      await page.reload();
      await page.getByTestId('homebanking-kind').getByText(t.earlier).click();
      await page.getByTestId('homebanking-order').click();
      assert.equal(await page.getByRole('option', { name: new RegExp(`^${number}/${currentYear} `) }).count(), 0, 'no longer offered');

      if (language === 'it') await backToGerman(page);
      assertNoErrors(errors);
    });

    test('a missing CBI CUC stops at step 1: who enters it, and the link for the supervisor', async () => {
      await setCbiCuc(deptId, '');
      const cashier = await openAs(browser(), 'zwei', `${current}/payments/homebanking`, { ready: 'homebanking-cuc-missing', language });
      const missing = cashier.page.getByTestId('homebanking-cuc-missing');
      await missing.getByText(t.cucMissing).waitFor();
      assert.ok((await missing.innerText()).includes(t.cucWho), 'says where it is entered');
      await cashier.page.getByTestId('homebanking-cuc-ask').waitFor();
      assert.equal(await cashier.page.getByTestId('homebanking-cuc-edit').count(), 0, 'no link for a cashier who may not edit it');
      assert.ok(await cashier.page.getByTestId('homebanking-next').isDisabled(), 'no step 2 without the CUC');
      await shot(cashier.page, `homebanking-cuc-missing-${language}`);
      if (language === 'it') await backToGerman(cashier.page);
      assertNoErrors(cashier.errors);
      await cashier.context.close();

      // ---- the supervisor follows the link, types the CUC and saves with Ctrl+Enter
      const { context, page, errors } = await openAs(browser(), 'supervisor', `${current}/payments/homebanking`, {
        ready: 'homebanking-cuc-missing',
        language,
      });
      await shot(page, `homebanking-cuc-missing-supervisor-${language}`);
      await page.getByTestId('homebanking-cuc-edit').click();
      await page.waitForURL(`**/dept/${dept}/year/${currentYear}/departments/edit?id=${deptId}`);
      const field = page.locator('[name="cbiCuc"]');
      await field.waitFor();
      assert.equal(await field.inputValue(), '');
      await field.scrollIntoViewIfNeeded();
      await field.click({ delay: 80 });
      await page.keyboard.type(t.cuc, { delay: 15 });
      await page.keyboard.press('Control+Enter');
      await page.getByText(t.saved).first().waitFor();
      // the saved editor closes to the list: opened again by its address, the CUC is there
      await page.goto(`${current}/departments/edit?id=${deptId}`);
      await field.waitFor();
      assert.equal(await field.inputValue(), t.cuc);
      const saved = await rest('supervisor', 'GET', `Departments/${deptId}?departmentId=${deptId}`);
      assert.equal(saved.json.cbiCuc, t.cuc, JSON.stringify(saved.json));
      await page.goto(`${current}/payments/homebanking`);
      await page.getByTestId('homebanking-filter').waitFor();
      assert.equal(await page.getByTestId('homebanking-cuc-missing').count(), 0, 'the warning is gone');
      assert.ok(!(await page.getByTestId('homebanking-next').isDisabled()), 'step 2 is open');
      await shot(page, `homebanking-cuc-entered-${language}`);
      if (language === 'it') await backToGerman(page);
      assertNoErrors(errors);
      await context.close();
    });
  });
}

// the other specs expect the demo's CUC back
test('the CBI CUC of 102 back', async () => {
  await setCbiCuc(deptId);
});
