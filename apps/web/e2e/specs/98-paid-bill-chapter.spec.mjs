/**
 * A paid bill on the wrong chapter (issue 24 item 3, DOMAIN decision 22) in German and Italian, by zwei
 * on FF Eppan (102) in the current year: per language a bill of 12,34 € on 2-1-003 (note "Schläuche"),
 * stored in an order and registered as paid today (over REST). Its positions screen says the bank paid
 * it and shows the amount read-only; the cashier types the right chapter 2-1-001 into the row's chapter
 * field and a new note, saves with Ctrl+Enter from the note field, reloads: the position is on 2-1-001
 * with its note, the amount and the instalment as the bank paid them; the head stays read-only.
 * Setup over REST (as 90-payments does, idempotent): the CBI CUC, a small current-year forecast approved
 * (an approved one stays), and per language a budget change giving 2-1-001 a line (+50,00 on 1-1-002 and
 * 2-1-001).
 */
import { before, describe, test } from 'node:test';
import {
  assert,
  assertNoErrors,
  backToGerman,
  baseUrl,
  currentYear,
  isoToday,
  newPage,
  rest,
  setLanguage,
  shot,
  signInAndWait,
  typeInto,
  useBrowser,
} from '../lib.mjs';

const browser = useBrowser();
const dept = '102';
const today = isoToday();
let deptId = 0;

async function ok(method, path, body) {
  const res = await rest('zwei', method, path, body);
  assert.equal(res.status, 200, `${method} ${path}: ${JSON.stringify(res.json)}`);
  return res.json;
}

before(async () => {
  deptId = (await rest('supervisor', 'GET', 'Scopes')).json.departments.find((d) => d.code === dept).id;
  const patched = await rest('supervisor', 'PATCH', `Departments/${deptId}?departmentId=${deptId}`, { cbiCuc: 'C1D2E3F4' });
  assert.equal(patched.status, 200, JSON.stringify(patched.json));
  const scope = `departmentId=${deptId}&year=${currentYear}`;
  for (const [part, chapter] of [
    [1, '11002'],
    [2, '21003'],
  ])
    await rest('zwei', 'PUT', `Budget/Forecast?${scope}&part=${part}`, { positions: [{ chapter, amountCurrYear: 100 }] });
  await rest('zwei', 'GET', `Budget/Forecast/Approve?${scope}&approval=${today}`);
});

/** A bill of 12,34 € on 2-1-003 paid through a registered order, and a line on 2-1-001; its record number. */
async function paidBill(language) {
  const scope = { departmentId: deptId, year: currentYear };
  const change = await ok('POST', 'Budget/Changes', { ...scope, approved: today, notes: `Korrektur ${language}` });
  const positions = [
    { chapter: '11002', amount: 50 },
    { chapter: '21001', amount: 50 },
  ];
  await ok('PUT', 'Budget/Changes', { ...scope, recordNumber: change.recordNumber, approved: today, notes: `Korrektur ${language}`, positions });
  const accountId = (await ok('GET', `Accounts/briefs?departmentId=${deptId}`)).find((a) => a.code === 'B1').id;
  const supplierId = (await ok('GET', `Suppliers?departmentId=${deptId}&search=1001`)).entities[0].id;
  const bill = await ok('POST', 'Movements', {
    ...scope,
    type: 2,
    recordDate: today,
    documentDate: today,
    documentNumber: `KORR-${language}`,
    accountId,
    supplierId,
    positions: [{ chapter: '21003', amount: 12.34, note: 'Schläuche' }],
    confirmAvailableExceeded: true,
  });
  const toPay = bill.payments.map((p) => ({ paymentId: p.id, movementId: bill.id }));
  const order = await ok('POST', 'Payments/Orders', { ...scope, paymentRange: 1, accountId, toPay, groupInvoices: false, filename: `korr-${language}` });
  await ok('POST', 'Payments/Orders/Registered', { ...scope, order: order.id, datePaid: today, payments: toPay });
  return bill.recordNumber;
}

for (const language of ['de', 'it']) {
  describe(`a paid bill moved to the right chapter in ${language}`, () => {
    test(`chapter and note corrected after registration, amounts as the bank paid (${language})`, async () => {
      const recordNumber = await paidBill(language);
      const { page, errors } = await newPage(browser());
      await signInAndWait(page, 'zwei');
      await page.goto(`${baseUrl}/dept/${dept}/year/${currentYear}/movements/expenses/${recordNumber}`);
      await setLanguage(page, language);
      await page.getByTestId('movement-bank-paid').waitFor();
      // the amount is shown, not typed; the chapter is a field
      await page.getByTestId('amount-21003').waitFor();
      assert.equal(await page.locator('input[data-testid="amount-21003"]').count(), 0, 'no amount input');
      const chapterField = page.locator('input[data-testid^="chapter-"][data-testid$="-code"]');
      assert.equal(await chapterField.count(), 1);
      const chapterId = await chapterField.getAttribute('data-testid');
      await shot(page, `paid-bill-before-${language}`);

      await typeInto(page, chapterId, '21001');
      await page.getByTestId('note-21001').waitFor();
      await typeInto(page, 'note-21001', language === 'de' ? 'Atemschutzgeräte' : 'Autorespiratori');
      await shot(page, `paid-bill-corrected-${language}`);
      await page.keyboard.press('Control+Enter');
      const read = () => ok('GET', `Movements/Expenses?departmentId=${deptId}&year=${currentYear}&recordNumber=${recordNumber}`);
      for (let i = 0; i < 50 && (await read()).positions[0].chapter !== '21001'; i++) await page.waitForTimeout(200);

      // the record opened again from its address: what was stored
      await page.goto(`${baseUrl}/dept/${dept}/year/${currentYear}/movements/expenses/${recordNumber}`);
      await page.getByTestId('movement-bank-paid').waitFor();
      await page.getByTestId('amount-21001').waitFor();
      assert.equal(await page.getByTestId('note-21001').inputValue(), language === 'de' ? 'Atemschutzgeräte' : 'Autorespiratori');
      const saved = await read();
      assert.deepEqual(
        saved.positions.map((p) => [p.chapter, p.amount, p.paid, p.open]),
        [['21001', 12.34, 12.34, 0]],
      );
      assert.deepEqual(
        saved.payments.map((p) => [p.amount, p.datePaid]),
        [[12.34, today]],
      );
      await shot(page, `paid-bill-saved-${language}`);
      // the head stays as the bank paid it
      await page.getByTestId('editor-back').click();
      await page.getByTestId('movement-bank-paid').waitFor();
      assert.equal(await page.getByTestId('movement-record-date').isDisabled(), true, 'the head is greyed out: read-only');
      assert.equal(await page.getByTestId('movement-delete').count(), 0, 'no delete of a paid bill');
      await shot(page, `paid-bill-head-${language}`);
      if (language !== 'de') await backToGerman(page);
      assertNoErrors(errors);
      await page.context().close();
    });
  });
}
