/**
 * The living demo walked as a new user would (issue 25, "Done when"): two servers of its own on the living
 * demo (DEMO_DATA=living), so a day of the year is the demo's today, and no date is typed that the user
 * would have to invent.
 * (a) Today, in German, zwei (the cashier of 102): a new expense is offered today's date; an open bill of the
 *     Austrian supplier 1006 Rosenbauer on bank account B1 and its chapter proposal 2-1-004 (the bill's own date typed);
 *     a reload shows the record with its supplier's search key. The foreign homebanking order of the bill
 *     (pain.001.001.03, checked with xmllint against the official schema, its control sum the bill) is
 *     stored; the demo's domestic order made yesterday and the new one are registered with the date the
 *     screen offers (today). The figures move to the cent: open payments (REST and home) down, expenses paid
 *     up and the cash balance down by both orders.
 * (b) 5 January of the next year, in Italian (the server under libfaketime, the browser on Playwright's
 *     clock), zwei on 201 (the brigade whose year is still open): the home names the year end as its next
 *     step; the residues are determined with the proposals the screen offers, carried over into the new
 *     year, and the final account is approved with the date offered, 05.01.
 * Screenshots of every screen in de and it.
 */
import { after, before, describe, test } from 'node:test';
import { assertValid, chooseAccount, exportXml, keepBlobs, rowOf, storedNumber } from '../homebanking.mjs';
import { amountOf, assert, assertNoErrors, cents, currentYear, isoToday, openAs, restAt, shot, typeInto, useBrowser } from '../lib.mjs';
import { startServer } from '../server.mjs';

const browser = useBrowser();
const Y = currentYear;
const NEXT = Y + 1;
const typedDate = (iso) => iso.split('-').reverse().join('.');
/** The day of part (b): 5 January of the next year, 10:00 in Rome (the spec runs with TZ=Europe/Rome). */
const january = new Date(NEXT, 0, 5, 10, 0, 0);

let today;
let january5;

before(async () => {
  const env = { SEED_DEMO: 'always', DEMO_DATA: 'living', LOG_LEVEL: 'warn' };
  [today, january5] = await Promise.all([
    startServer({ name: 'living', env }),
    startServer({ name: 'living-january', env, faketime: `@${NEXT}-01-05 10:00:00` }),
  ]);
});

after(async () => {
  await Promise.all([today?.stop(), january5?.stop()]);
});

const de = {
  openPayment: 'Offene Zahlung',
  saved: /Buchung Nr\. (\d+) gespeichert/,
  goOn: 'Fortfahren',
  record: (n) => `Buchung Nr. ${n}`,
  foreign: 'Ausland',
  store: 'Speichern',
  stored: /Zahlungsauftrag Nr\. (\d+)\/\d+ gespeichert/,
  registered: (n) => new RegExp(`Zahlungsauftrag Nr\\. ${n}/${Y} registriert`),
};
const it = {
  saved: 'Residui salvati',
  approved: `Rendiconto ${Y} approvato`,
  carried: `Residui ${Y} riportati nell'esercizio ${NEXT}`,
  no: 'No',
};

/** The home's cash figures of 102 (cents): cash balance, expenses paid, open payments. */
async function homeFigures(page, url) {
  await page.goto(url);
  await page.getByTestId('home-open-payments').waitFor();
  return {
    cash: await amountOf(page, 'home-cash-balance'),
    paid: await amountOf(page, 'home-expenses-paid'),
    open: await amountOf(page, 'home-open-payments'),
  };
}

/** The open instalments of a department's year over REST: count and total (cents). */
async function openPayments(rest, departmentId) {
  const open = await rest('zwei', 'POST', 'Payments/Open', { departmentId, year: Y });
  assert.equal(open.status, 200, JSON.stringify(open.json));
  return { count: open.json.count, total: Math.round(open.json.total * 100) };
}

/**
 * Registers order `number` with the date the screen offers (today, nothing typed), Ctrl+Enter: the protocol
 * opens in a new tab. Answers its instalments and total (cents).
 */
async function register(page, number, name) {
  await page.getByTestId('register-order').click();
  await page.getByRole('option', { name: new RegExp(`^${number}/${Y} `) }).click();
  const rows = page.getByTestId('register-payments-row');
  await rows.first().waitFor();
  assert.equal(await page.getByTestId('register-date').inputValue(), typedDate(isoToday()), 'the date offered: today');
  const total = cents((await page.getByTestId('register-payments-total').innerText()).split('·').pop());
  const count = await rows.count();
  await shot(page, `living-register-${name}-de`);
  const registered = page.getByText(de.registered(number)).first().waitFor();
  await page.getByTestId('register-date').focus();
  const [tab] = await Promise.all([page.waitForEvent('popup'), page.keyboard.press('Control+Enter')]);
  await tab.close();
  await registered;
  return { count, total };
}

describe('the living demo, today (de)', () => {
  test('a bill of a foreign supplier booked, paid by a foreign order, both orders registered, the figures to the cent', async () => {
    const A = today.base;
    const rest = restAt(A);
    const scopes = await rest('zwei', 'GET', 'Scopes');
    const departmentId = scopes.json.departments.find((d) => d.code === '102').id;
    const year = `${A}/dept/102/year/${Y}`;
    const { page, errors } = await openAs(browser(), 'zwei', `${year}/movements/expenses`, { ready: 'movement-head-form', base: A, acceptDownloads: true });
    const openBefore = await openPayments(rest, departmentId);

    // ---- a new expense is offered today's date; the bill's head: type, number, its date, supplier, bank account
    assert.equal(await page.getByTestId('movement-record-date').inputValue(), typedDate(isoToday()), 'a new record is offered today');
    await page.getByTestId('movement-type').click();
    await page.getByRole('option', { name: de.openPayment, exact: true }).click();
    await typeInto(page, 'movement-document-number', `RB-68/${Y}`);
    await typeInto(page, 'movement-document-date', typedDate(isoToday()));
    await typeInto(page, 'supplier-picker', '1006');
    await page.getByTestId('movement-supplier-term').waitFor();
    if (!(await page.getByTestId('movement-account').inputValue()).startsWith('B1 ')) {
      await typeInto(page, 'movement-account', 'B1');
      await page.getByRole('option', { name: /^B1 – / }).click();
    }
    await shot(page, 'living-bill-head-de');
    await page.getByTestId('movement-next').click();
    await page.waitForURL((url) => url.pathname.endsWith('/movements/expenses/new'));
    // the supplier's chapter proposal (2-1-004) is the bill's position already, waiting for its amount
    await page.getByTestId('position-21004').waitFor();
    const amount = 24_580;
    await typeInto(page, 'amount-21004', '245,80');
    await shot(page, 'living-bill-positions-de');
    await page.keyboard.press('Control+Enter');
    const toast = page.getByText(de.saved).first();
    const question = page.getByRole('dialog').getByRole('button', { name: de.goOn, exact: true });
    await Promise.race([toast.waitFor(), question.waitFor()]);
    if (await question.isVisible()) await question.click();
    await toast.waitFor();
    const n = Number(de.saved.exec(await toast.innerText())?.[1]);
    assert.ok(n > 0, 'saved');

    // ---- a reload shows the record with its supplier as the picker names it (number, search key, name)
    await page.waitForURL((url) => url.searchParams.get('nr') === String(n));
    await page.reload();
    await page.getByTestId('movement-record').getByText(de.record(n), { exact: true }).waitFor();
    assert.match(await page.getByTestId('supplier-picker').inputValue(), /^1006 \S+ – Rosenbauer/, 'the supplier with its search key after a reload');
    await shot(page, 'living-bill-reloaded-de');
    assert.deepEqual(await openPayments(rest, departmentId), { count: openBefore.count + 1, total: openBefore.total + amount }, 'the bill is open');
    const before = await homeFigures(page, year);
    await shot(page, 'living-home-before-de');

    // ---- the foreign order of B1 with the bill: valid pain.001.001.03, stored
    await page.goto(`${year}/payments/homebanking`);
    await page.getByTestId('homebanking-filter').waitFor();
    await page.getByTestId('homebanking-range').getByText(de.foreign).click();
    await chooseAccount(page);
    await page.getByTestId('homebanking-next').click();
    const table = page.getByTestId('homebanking-payables');
    await table.waitFor();
    await page.getByTestId('homebanking-payables-none').click();
    await rowOf(table, amount).getByTestId('homebanking-payables-tick').click();
    await shot(page, 'living-homebanking-foreign-de');
    await page.getByTestId('homebanking-next').click();
    await typeInto(page, 'homebanking-filename', 'living-foreign');
    const file = await exportXml(page, 'de', de.store, 'living-homebanking-store-de');
    assert.equal(file.name, 'living-foreign.xml');
    assertValid(file.content, 'living-foreign.xml', 'pain.001.001.03.xsd');
    assert.ok(file.content.includes(`<CtrlSum>${(amount / 100).toFixed(2)}</CtrlSum>`), 'the control sum is the bill');
    assert.ok(file.content.includes('<BIC>RZOOAT2L</BIC>'), "the creditor's BIC");
    const foreignNumber = await storedNumber(page, de);

    // ---- register: the demo's domestic order (made yesterday), then the foreign one, each with the date offered
    await page.goto(`${year}/payments/register`);
    await page.getByTestId('register-order').click();
    const options = page.getByRole('option');
    await options.first().waitFor();
    const numbers = (await options.allInnerTexts()).map((o) => Number(/^(\d+)\//.exec(o.trim())?.[1]));
    await page.keyboard.press('Escape');
    const domesticNumber = numbers.find((o) => o !== foreignNumber);
    assert.deepEqual(numbers.length, 2, `two orders wait, the demo's and the new one: ${numbers}`);
    await keepBlobs(page);
    const domestic = await register(page, domesticNumber, 'domestic');
    const foreign = await register(page, foreignNumber, 'foreign');
    assert.deepEqual(foreign, { count: 1, total: amount }, 'the foreign order pays the bill');

    // ---- the figures to the cent: open payments down, paid up, cash down by both orders
    const paidOut = domestic.total + foreign.total;
    assert.deepEqual(await openPayments(rest, departmentId), { count: openBefore.count + 1 - domestic.count - 1, total: openBefore.total + amount - paidOut });
    const after = await homeFigures(page, year);
    await shot(page, 'living-home-after-de');
    assert.deepEqual(
      [before.open - after.open, after.paid - before.paid, before.cash - after.cash],
      [paidOut, paidOut, paidOut],
      `home: open down, paid up, cash down by ${paidOut}`,
    );
    assertNoErrors(errors);
  });
});

describe('the living demo on 5 January of the next year (it)', () => {
  test('the year end of 201: residues with the proposals, carried over, the final account approved on 05.01.', async () => {
    const B = january5.base;
    const year = `${B}/dept/201/year/${Y}`;
    const { page, errors } = await openAs(browser(), 'zwei', year, { ready: 'home-next-step', language: 'it', base: B, clock: january });
    assert.equal(await page.evaluate(() => new Date().getFullYear()), NEXT, "the browser's clock");
    await shot(page, 'living-january-home-it');

    // ---- the residues: the current management's lines, each with the proposal the screen offers; saved as offered
    await page.goto(`${year}/residues/determination`);
    await page.getByTestId('residues-source-form').waitFor();
    await page.getByTestId('residues-source-next').click();
    const table = page.getByTestId('residues-table');
    await table.waitFor();
    assert.ok((await table.locator('input[data-testid^="residue-input-"]').count()) > 0, 'lines to determine');
    await shot(page, 'living-january-residues-it', { fullPage: true });
    await page.getByTestId('residues-save').click();
    await page.getByText(it.saved).first().waitFor();
    await page.getByTestId('residues-source-form').waitFor();

    // ---- carried over into the new year
    await page.goto(`${B}/dept/201/year/${NEXT}/residues/carryOver`);
    await page.getByTestId('carry-over-description').waitFor();
    await shot(page, 'living-january-carry-over-it');
    await page.getByTestId('carry-over-ok').click();
    await page.getByText(it.carried).first().waitFor();
    await page.getByRole('dialog').getByRole('button', { name: it.no, exact: true }).click();

    // ---- the final account: every criterion passed, the date offered is today, 05.01.
    await page.goto(`${year}/budget/final/approve`);
    await page.getByTestId('final-criteria').waitFor();
    for (const key of ['unpaidBills', 'budgetChanges', 'reservations', 'exceededAvailabilities', 'residues', 'title3'])
      assert.equal(await page.getByTestId(`criterion-${key}`).getAttribute('data-state'), 'passed', key);
    assert.equal(await page.getByTestId('final-approval-date').inputValue(), `05.01.${NEXT}`, 'the date offered');
    await shot(page, 'living-january-approve-it');
    await page.getByTestId('final-approve-save').click();
    await page.getByText(it.approved).first().waitFor();
    await page.getByTestId('final-approved-warning').waitFor();
    await shot(page, 'living-january-approved-it');
    const rest = restAt(B);
    const scopes = await rest('zwei', 'GET', 'Scopes');
    const departmentId = scopes.json.departments.find((d) => d.code === '201').id;
    const balance = await rest('zwei', 'GET', `FinalBalance?departmentId=${departmentId}&year=${Y}`);
    assert.deepEqual([balance.json.approval, balance.json.isLateApproval], [`${NEXT}-01-05`, false]);
    assertNoErrors(errors);
  });
});
