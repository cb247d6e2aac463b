/**
 * The living demo walked as a new user would (issue 25, "Done when"), each half in German and in Italian: servers
 * of its own on the living demo (DEMO_DATA=living), so a day of the year is the demo's today, and no date is typed
 * that the user would have to invent.
 * (a) Today, zwei (the cashier of 102), first in German, then in Italian on the same server: a new expense is
 *     offered today's date; an open bill of the Austrian supplier 1006 Rosenbauer on bank account B1 and its
 *     chapter proposal 2-1-004 (the bill's own date typed); a reload shows the record with its supplier's search
 *     key. The foreign homebanking order of the bill (pain.001.001.03, checked with xmllint against the official
 *     schema, its control sum the bill) is stored; a domestic order — in German the demo's, made yesterday; in
 *     Italian a new one of the next open instalment (CBI, valid against its schema) — and the foreign one are
 *     registered with the date the screen offers (today). The figures move to the cent: open payments (REST and
 *     home) down, expenses paid up and the cash balance down by both orders.
 * (b) After the year, zwei on 201 (the brigade whose previous year is still open; each server under libfaketime,
 *     the browser on Playwright's clock): on 5 January of the next year in Italian, on 20 March (the spring
 *     assembly) in German. The home names the year end as its next step; the residues are determined with the
 *     proposals the screen offers, carried over into the new year, and the final account is approved with the
 *     date offered, that day.
 * (c) On the same two days, in the other language (German on 5 January, Italian on 20 March), the bill walk of (a)
 *     in the new year: a bill booked with that day offered, its foreign order stored, the demo's domestic order
 *     (made the day before) and the foreign one registered with that day offered — so booking, paying by
 *     homebanking and registering are walked on three days of the year and the year end on two, each in both
 *     languages.
 * Screenshots of every screen in de and it.
 */
import { after, before, describe, test } from 'node:test';
import { assertValid, chooseAccount, exportXml, keepBlobs, rowOf, storedNumber } from '../homebanking.mjs';
import {
  amountOf,
  assert,
  assertNoErrors,
  cents,
  currentYear,
  isoToday,
  openAs,
  restAt,
  saveRecordPassingQuestion,
  shot,
  typeInto,
  useBrowser,
} from '../lib.mjs';
import { startServer } from '../server.mjs';

const browser = useBrowser();
const Y = currentYear;
const NEXT = Y + 1;
const typedDate = (iso) => iso.split('-').reverse().join('.');

/** The year-end days of part (b), 10:00 in Rome (the spec runs with TZ=Europe/Rome), and the language of each walk. */
const yearEnds = [
  { language: 'it', day: new Date(NEXT, 0, 5, 10, 0, 0), faketime: `@${NEXT}-01-05 10:00:00`, offered: `05.01.${NEXT}`, iso: `${NEXT}-01-05` },
  { language: 'de', day: new Date(NEXT, 2, 20, 10, 0, 0), faketime: `@${NEXT}-03-20 10:00:00`, offered: `20.03.${NEXT}`, iso: `${NEXT}-03-20` },
];

let today;
/** language -> the server of that language's year end */
const yearEndServers = {};

before(async () => {
  const env = { SEED_DEMO: 'always', DEMO_DATA: 'living', LOG_LEVEL: 'warn' };
  const started = await Promise.all([
    startServer({ name: 'living', env }),
    ...yearEnds.map((y) => startServer({ name: `living-${y.language}`, env, faketime: y.faketime })),
  ]);
  today = started[0];
  yearEnds.forEach((y, i) => (yearEndServers[y.language] = started[i + 1]));
});

after(async () => {
  await Promise.all([today?.stop(), ...Object.values(yearEndServers).map((s) => s.stop())]);
});

const texts = {
  de: {
    openPayment: 'Offene Zahlung',
    saved: /Buchung Nr\. (\d+) gespeichert/,
    goOn: 'Fortfahren',
    record: (n) => `Buchung Nr. ${n}`,
    foreign: 'Ausland',
    store: 'Speichern',
    stored: /Zahlungsauftrag Nr\. (\d+)\/\d+ gespeichert/,
    registered: (n, year) => new RegExp(`Zahlungsauftrag Nr\\. ${n}/${year} registriert`),
    residuesSaved: 'Rückstände gespeichert',
    approved: `Rechnungsabschluss ${Y} genehmigt`,
    carried: `Rückstände ${Y} in das Jahr ${NEXT} übertragen`,
    no: 'Nein',
  },
  it: {
    openPayment: 'Pagamento aperto',
    saved: /Registrazione n\. (\d+) salvata/,
    goOn: 'Continua',
    record: (n) => `Registrazione n. ${n}`,
    foreign: 'Estero',
    store: 'Salva',
    stored: /Ordine di pagamento n\. (\d+)\/\d+ salvato/,
    registered: (n, year) => new RegExp(`Ordine di pagamento n\\. ${n}/${year} registrato`),
    residuesSaved: 'Residui salvati',
    approved: `Rendiconto ${Y} approvato`,
    carried: `Residui ${Y} riportati nell'esercizio ${NEXT}`,
    no: 'No',
  },
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
async function openPayments(rest, departmentId, year) {
  const open = await rest('zwei', 'POST', 'Payments/Open', { departmentId, year });
  assert.equal(open.status, 200, JSON.stringify(open.json));
  return { count: open.json.count, total: Math.round(open.json.total * 100) };
}

/** The numbers of the orders waiting for registration (the register screen's list; `year`: the year's URL). */
async function waitingOrders(page, year) {
  await page.goto(`${year}/payments/register`);
  await page.getByTestId('register-order').click();
  const options = page.getByRole('option');
  await options.first().waitFor();
  const numbers = (await options.allInnerTexts()).map((o) => Number(/^(\d+)\//.exec(o.trim())?.[1]));
  await page.keyboard.press('Escape');
  return numbers;
}

/**
 * Registers order `number`/`year` with the date the screen offers (`iso`, the day: nothing typed), Ctrl+Enter: the
 * protocol opens in a new tab. Answers its instalments and total (cents).
 */
async function register(page, t, { number, year, iso, name }) {
  await page.getByTestId('register-order').click();
  await page.getByRole('option', { name: new RegExp(`^${number}/${year} `) }).click();
  const rows = page.getByTestId('register-payments-row');
  await rows.first().waitFor();
  assert.equal(await page.getByTestId('register-date').inputValue(), typedDate(iso), 'the date offered: that day');
  const total = cents((await page.getByTestId('register-payments-total').innerText()).split('·').pop());
  const count = await rows.count();
  await shot(page, `living-register-${name}`);
  const registered = page.getByText(t.registered(number, year)).first().waitFor();
  await page.getByTestId('register-date').focus();
  const [tab] = await Promise.all([page.waitForEvent('popup'), page.keyboard.press('Control+Enter')]);
  await tab.close();
  await registered;
  return { count, total };
}

/** Step 2 of the homebanking (after step 1 with account B1): the payables table, nothing ticked. */
async function payables(page) {
  await chooseAccount(page);
  await page.getByTestId('homebanking-next').click();
  const table = page.getByTestId('homebanking-payables');
  await table.waitFor();
  await page.getByTestId('homebanking-payables-none').click();
  return table;
}

/**
 * The bill of the foreign supplier walked on `server` in `language` on the day `iso` of year `Y` (the server's
 * today; `clock`: the browser's, for a server under faketime): booked with the day offered, a foreign order of it
 * stored, a domestic order — the demo's if one still waits, else a new one of the next open instalment — and the
 * foreign one registered with the date offered; the figures move to the cent.
 */
async function billToRegistered({ server, language, Y, iso, clock, suffix = '' }) {
  const t = texts[language];
  const rest = restAt(server.base);
  const scopes = await rest('zwei', 'GET', 'Scopes');
  const departmentId = scopes.json.departments.find((d) => d.code === '102').id;
  const year = `${server.base}/dept/102/year/${Y}`;
  const { page, errors, context } = await openAs(browser(), 'zwei', `${year}/movements/expenses`, {
    ready: 'movement-head-form',
    base: server.base,
    clock,
    language,
    acceptDownloads: true,
  });
  const openBefore = await openPayments(rest, departmentId, Y);

  // ---- a new expense is offered today's date; the bill's head: type, number, its date, supplier, bank account
  assert.equal(await page.getByTestId('movement-record-date').inputValue(), typedDate(iso), 'a new record is offered that day');
  await page.getByTestId('movement-type').click();
  await page.getByRole('option', { name: t.openPayment, exact: true }).click();
  await typeInto(page, 'movement-document-number', `RB-68-${language}/${Y}`);
  await typeInto(page, 'movement-document-date', typedDate(iso));
  await typeInto(page, 'supplier-picker', '1006');
  await page.getByTestId('movement-supplier-term').waitFor();
  if (!(await page.getByTestId('movement-account').inputValue()).startsWith('B1 ')) {
    await typeInto(page, 'movement-account', 'B1');
    await page.getByRole('option', { name: /^B1 – / }).click();
  }
  await shot(page, `living-bill-head-${language}${suffix}`);
  await page.getByTestId('movement-next').click();
  await page.waitForURL((url) => url.pathname.endsWith('/movements/expenses/new'));
  // the supplier's chapter proposal (2-1-004) is the bill's position already, waiting for its amount
  await page.getByTestId('position-21004').waitFor();
  const amount = language === 'de' ? 24_580 : 13_245;
  await typeInto(page, 'amount-21004', language === 'de' ? '245,80' : '132,45');
  await shot(page, `living-bill-positions-${language}${suffix}`);
  const n = await saveRecordPassingQuestion(page, t);

  // ---- a reload shows the record with its supplier as the picker names it (number, search key, name)
  await page.waitForURL((url) => url.searchParams.get('nr') === String(n));
  await page.reload();
  await page.getByTestId('movement-record').getByText(t.record(n), { exact: true }).waitFor();
  assert.match(await page.getByTestId('supplier-picker').inputValue(), /^1006 \S+ – Rosenbauer/, 'the supplier with its search key after a reload');
  await shot(page, `living-bill-reloaded-${language}${suffix}`);
  assert.deepEqual(await openPayments(rest, departmentId, Y), { count: openBefore.count + 1, total: openBefore.total + amount }, 'the bill is open');
  const before = await homeFigures(page, year);
  await shot(page, `living-home-before-${language}${suffix}`);

  // ---- the foreign order of B1 with the bill: valid pain.001.001.03, stored
  await page.goto(`${year}/payments/homebanking`);
  await page.getByTestId('homebanking-filter').waitFor();
  await page.getByTestId('homebanking-range').getByText(t.foreign).click();
  const foreignTable = await payables(page);
  await rowOf(foreignTable, amount).getByTestId('homebanking-payables-tick').click();
  await shot(page, `living-homebanking-foreign-${language}${suffix}`);
  await page.getByTestId('homebanking-next').click();
  await typeInto(page, 'homebanking-filename', `living-foreign-${language}${suffix}`);
  const file = await exportXml(page, language, t.store, `living-homebanking-store-${language}${suffix}`);
  assert.equal(file.name, `living-foreign-${language}${suffix}.xml`);
  assertValid(file.content, file.name, 'pain.001.001.03.xsd');
  assert.ok(file.content.includes(`<CtrlSum>${(amount / 100).toFixed(2)}</CtrlSum>`), 'the control sum is the bill');
  assert.ok(file.content.includes('<BIC>RZOOAT2L</BIC>'), "the creditor's BIC");
  const foreignNumber = await storedNumber(page, t);

  // ---- the domestic order: the demo's (made yesterday) while it waits, else a new one of the next open instalment
  let numbers = await waitingOrders(page, year);
  if (!numbers.some((o) => o !== foreignNumber)) {
    await page.goto(`${year}/payments/homebanking`);
    await page.getByTestId('homebanking-filter').waitFor();
    const domesticTable = await payables(page);
    const next = domesticTable.locator('[data-testid="homebanking-payables-row"][data-payable="true"]').first();
    await next.getByTestId('homebanking-payables-tick').click();
    await shot(page, `living-homebanking-domestic-${language}${suffix}`);
    await page.getByTestId('homebanking-next').click();
    await typeInto(page, 'homebanking-filename', `living-domestic-${language}${suffix}`);
    const domesticFile = await exportXml(page, language, t.store);
    assertValid(domesticFile.content, domesticFile.name, 'CBIPaymentRequest.00.04.00.xsd');
    await storedNumber(page, t);
    numbers = await waitingOrders(page, year);
  }

  // ---- register the domestic order, then the foreign one, each with the date offered
  const domesticNumber = numbers.find((o) => o !== foreignNumber);
  assert.deepEqual(numbers.length, 2, `two orders wait, the domestic and the new foreign one: ${numbers}`);
  await keepBlobs(page);
  const domestic = await register(page, t, { number: domesticNumber, year: Y, iso, name: `domestic-${language}${suffix}` });
  const foreign = await register(page, t, { number: foreignNumber, year: Y, iso, name: `foreign-${language}${suffix}` });
  assert.deepEqual(foreign, { count: 1, total: amount }, 'the foreign order pays the bill');
  assert.ok(domestic.count > 0 && domestic.total > 0, 'the domestic order pays instalments');

  // ---- the figures to the cent: open payments down, paid up, cash down by both orders
  const paidOut = domestic.total + foreign.total;
  assert.deepEqual(await openPayments(rest, departmentId, Y), {
    count: openBefore.count + 1 - domestic.count - 1,
    total: openBefore.total + amount - paidOut,
  });
  const after = await homeFigures(page, year);
  await shot(page, `living-home-after-${language}${suffix}`);
  assert.deepEqual(
    [before.open - after.open, after.paid - before.paid, before.cash - after.cash],
    [paidOut, paidOut, paidOut],
    `home: open down, paid up, cash down by ${paidOut}`,
  );
  assertNoErrors(errors);
  await context.close();
}

describe('the living demo, today', () => {
  for (const language of ['de', 'it']) {
    test(`a bill of a foreign supplier booked, paid by a foreign order, a domestic and the foreign order registered, the figures to the cent (${language})`, async () => {
      await billToRegistered({ server: today, language, Y, iso: isoToday() });
    });
  }
});

describe('the living demo after the year: the year end of 201', () => {
  for (const { language, day, offered, iso } of yearEnds) {
    const t = texts[language];
    test(`on ${offered}: residues with the proposals, carried over, the final account approved on that day (${language})`, async () => {
      const B = yearEndServers[language].base;
      const year = `${B}/dept/201/year/${Y}`;
      const { page, errors, context } = await openAs(browser(), 'zwei', year, { ready: 'home-next-step', language, base: B, clock: day });
      assert.equal(await page.evaluate(() => new Date().getFullYear()), NEXT, "the browser's clock");
      await shot(page, `living-year-end-home-${language}`);

      // ---- the residues: the current management's lines, each with the proposal the screen offers; saved as offered
      await page.goto(`${year}/residues/determination`);
      await page.getByTestId('residues-source-form').waitFor();
      await page.getByTestId('residues-source-next').click();
      const table = page.getByTestId('residues-table');
      await table.waitFor();
      assert.ok((await table.locator('input[data-testid^="residue-input-"]').count()) > 0, 'lines to determine');
      await shot(page, `living-year-end-residues-${language}`, { fullPage: true });
      await page.getByTestId('residues-save').click();
      await page.getByText(t.residuesSaved).first().waitFor();
      await page.getByTestId('residues-source-form').waitFor();

      // ---- carried over into the new year
      await page.goto(`${B}/dept/201/year/${NEXT}/residues/carryOver`);
      await page.getByTestId('carry-over-description').waitFor();
      await shot(page, `living-year-end-carry-over-${language}`);
      await page.getByTestId('carry-over-ok').click();
      await page.getByText(t.carried).first().waitFor();
      await page.getByRole('dialog').getByRole('button', { name: t.no, exact: true }).click();

      // ---- the final account: every criterion passed, the date offered is that day
      await page.goto(`${year}/budget/final/approve`);
      await page.getByTestId('final-criteria').waitFor();
      for (const key of ['unpaidBills', 'budgetChanges', 'reservations', 'exceededAvailabilities', 'residues', 'title3'])
        assert.equal(await page.getByTestId(`criterion-${key}`).getAttribute('data-state'), 'passed', key);
      assert.equal(await page.getByTestId('final-approval-date').inputValue(), offered, 'the date offered');
      await shot(page, `living-year-end-approve-${language}`);
      await page.getByTestId('final-approve-save').click();
      await page.getByText(t.approved).first().waitFor();
      await page.getByTestId('final-approved-warning').waitFor();
      await shot(page, `living-year-end-approved-${language}`);
      const rest = restAt(B);
      const scopes = await rest('zwei', 'GET', 'Scopes');
      const departmentId = scopes.json.departments.find((d) => d.code === '201').id;
      const balance = await rest('zwei', 'GET', `FinalBalance?departmentId=${departmentId}&year=${Y}`);
      assert.deepEqual([balance.json.approval, balance.json.isLateApproval], [iso, false]);
      assertNoErrors(errors);
      await context.close();
    });
  }
});

describe('the living demo on the year-end days: a bill of the new year booked, ordered and registered', () => {
  for (const { language, day, iso } of yearEnds) {
    const other = language === 'de' ? 'it' : 'de';
    test(`on ${typedDate(iso)} in the year ${NEXT}: the bill walk of today, that day (${other})`, async () => {
      await billToRegistered({ server: yearEndServers[language], language: other, Y: NEXT, iso, clock: day, suffix: `-${iso}` });
    });
  }
});
