/**
 * Issue 24 "Done when" as a cashier lives it, in German (kassier on a new brigade 1S2) and in Italian
 * (zwei on 1S3): Y = the previous year is the brigade's first, Y+1 = the current year.
 * Set up over REST (not the story's point): the brigade with K1 and B1, a supplier, opening cash 2.000,00 +
 * 8.500,00, forecasts of Y (1-1-001 3.000,00; 2-1-001 1.000,00, 2-1-003 2.000,00) and Y+1; in Y a
 * revenue of 2.800,00, 950,00 paid in cash on 2-1-001 and a bill of 1.200,00 on 2-1-003 (600,00 paid,
 * 600,00 open at 31.12.); Y determined (1-1-001 200,00, 2-1-001 0, 2-1-003 600,00) and carried into Y+1;
 * in Y+1 two bills of 300,00 and 200,00 on 2-1-003 paid by a homebanking order registered today; then a
 * cash receipt of 100,00 on 2-1-001 found late in Y, which overspends that line by 50,00.
 * On the screens: the carried instalment is paid in cash on 20.01. from Open payments (Y+1); the bank's
 * return of the 200,00 bill is booked on the register screen's returns panel; the 300,00 bill is moved
 * to 2-1-001 ("Kapitel berichtigen"); in Y the determination marks 2-1-001, a budget change refuses the
 * determined line and says how to clear it, both lines are cleared (×), the change +50,00 / −50,00 saved,
 * the lines determined again, every criterion passes and the final account is approved. The final
 * report's PDF text shows the identities with the figures worked out by hand.
 * Bank returns and chapter corrections happen in Y+1 here: a registration's date paid can't be before
 * the order was made (today), so no order of Y can be made in this run (the REST story,
 * apps/server/src/rest/realYearStory.test.ts, does that part in Y with a clock).
 */
import { describe, test } from 'node:test';
import {
  assert,
  assertNoErrors,
  backToGerman,
  baseUrl,
  cents,
  currentYear,
  newPage,
  pdfText,
  rest,
  setLanguage,
  shot,
  signInAndWait,
  typeInto,
  useBrowser,
  isoToday,
} from '../lib.mjs';

const browser = useBrowser();
const Y = currentYear - 1;
const N = currentYear;
const pad = (n) => String(n).padStart(2, '0');
const iso = (d) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const today = new Date();
const todayIso = iso(today);
/** A date of the current year, or today when that is still ahead. */
const notAfterToday = (d) => (d > today ? today : d);
const typedDate = (d) => `${pad(d.getDate())}.${pad(d.getMonth() + 1)}.${d.getFullYear()}`;
const januaryPayment = notAfterToday(new Date(N, 0, 20));
/** The assembly's date: 15.04. of Y+1 (after 31.03.: late, accepted) or today when that is earlier. */
const assembly = notAfterToday(new Date(N, 3, 15));

const runs = {
  de: {
    code: '1S2',
    place: 'Storybach',
    user: 'kassier',
    returned: 'von der Bank zurückgewiesen am',
    outOfBounds: /passt nicht mehr|überzogen/,
    unfit: 'alle Kapitel festgestellt · nicht mehr passend: 1',
    hasResidue: 'zum Ändern zuerst unter „Feststellung der Rückstände“ die Feststellung aufheben',
    clearing: 'wird aufgehoben',
    approved: `Rechnungsabschluss ${Y} genehmigt`,
    pdf: 'Rechnungsabschluss',
    results: 'Ergebnisse',
    protocol: 'Protokoll',
    cashTotal: 'Kassenbestand',
    labels: {
      initialCashBalance: 'Kassenbestand am 1.1.',
      activeResidues: 'Aktive Rückstände am 1.1.',
      revenues: 'Einnahmen der Kompetenz',
      profits: 'Mehreinnahmen und Einsparungen',
      totalActive: 'Summe Aktiva',
      passiveResidues: 'Passive Rückstände am 1.1.',
      expenses: 'Ausgaben der Kompetenz',
      losses: 'Mindereinnahmen und Mehrausgaben',
      finalCashBalance: 'Kassenbestand am 31.12.',
      finalActiveResidues: 'Aktive Rückstände am 31.12.',
      finalPassiveResidues: 'Passive Rückstände am 31.12.',
      finalSurplus: 'Verwaltungsüberschuss',
    },
  },
  it: {
    code: '1S3',
    place: 'Rio della Storia',
    user: 'zwei',
    returned: 'respinto dalla banca il',
    outOfBounds: /non più valido|sforato/,
    unfit: 'tutti i capitoli accertati · non più validi: 1',
    hasResidue: 'per modificarlo annullare prima il riaccertamento in «Riaccertamento dei residui»',
    clearing: 'da annullare',
    approved: `Rendiconto ${Y} approvato`,
    pdf: 'Rendiconto',
    results: 'Quadro riassuntivo',
    protocol: 'Protocollo',
    cashTotal: 'Fondo di cassa',
    labels: {
      initialCashBalance: 'Fondo di cassa al 1.1.',
      activeResidues: 'Residui attivi al 1.1.',
      revenues: 'Entrate di competenza',
      profits: 'Maggiori entrate ed economie',
      totalActive: 'Totale attivo',
      passiveResidues: 'Residui passivi al 1.1.',
      expenses: 'Spese di competenza',
      losses: 'Minori entrate e maggiori spese',
      finalCashBalance: 'Fondo di cassa al 31.12.',
      finalActiveResidues: 'Residui attivi al 31.12.',
      finalPassiveResidues: 'Residui passivi al 31.12.',
      finalSurplus: 'Avanzo di amministrazione',
    },
  },
};

async function ok(user, method, path, body) {
  const res = await rest(user, method, path, body);
  assert.equal(res.status, 200, `${method} ${path}: ${JSON.stringify(res.json)}`);
  return res.json;
}

/** The brigade, its year Y booked, determined and carried, and Y+1's order registered (REST); the ids the story needs. */
async function setup(t) {
  const sup = (method, path, body) => ok('supervisor', method, path, body);
  const scopes = await sup('GET', 'Scopes');
  const union = scopes.departments.find((d) => d.code === '000').id;
  const demo = scopes.departments.find((d) => d.code === '102').id;
  const dept = await sup('POST', `Departments?departmentId=${union}`, {
    code: t.code,
    name1Deu: 'Freiwillige Feuerwehr',
    name2Deu: t.place,
    name1Ita: 'Vigili del Fuoco Volontari',
    name2Ita: t.place,
    openPaymentsAllowed: true,
    siaNumber: 'S1234',
    cbiCuc: 'S1T2O3R4',
  });
  const id = dept.id;
  const login = await fetch(`${baseUrl}/api/Authenticate/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: t.user, password: 'demo' }),
  });
  const { userId } = await login.json();
  await sup('POST', 'Admin/UserDepartments', { userId, deptId: id });
  const q = (year) => `departmentId=${id}&year=${year}`;
  // B1 banks where the demo's B1 of 102 banks (a valid IBAN for the order)
  const demoBank = (await sup('GET', `Accounts/briefs?departmentId=${demo}`)).find((a) => a.code === 'B1');
  const iban = (await sup('GET', `Accounts/${demoBank.id}?departmentId=${demo}&year=${Y}`)).bankInfo.iban;
  const k1 = await sup('POST', `Accounts?${q(Y)}`, { code: 'K1', type: 1, descriptionDeu: 'Kassa', descriptionIta: 'Cassa' });
  const b1 = await sup('POST', `Accounts?${q(Y)}`, {
    code: 'B1',
    type: 2,
    descriptionDeu: 'Bank',
    descriptionIta: 'Banca',
    bankInfo: { iban, bankName: '', swift: '' },
  });
  const supplier = await sup('POST', `Suppliers?${q(Y)}`, {
    code: 1,
    searchKey: 'Schlauch',
    name1: 'Schlauchbau Story',
    location: 'Bozen',
    bankInfo: { bankKey: '0604511601', accountNumber: '2424' },
  });
  const forecast = async (year, parts, approval) => {
    for (const [part, positions] of parts)
      await sup('PUT', `Budget/Forecast?${q(year)}&part=${part}`, {
        positions: Object.entries(positions).map(([chapter, amountCurrYear]) => ({ chapter, amountCurrYear })),
      });
    assert.equal(await sup('GET', `Budget/Forecast/Approve?${q(year)}&approval=${approval}`), true);
  };
  await forecast(
    Y,
    [
      [1, { 11001: 3000 }],
      [2, { 21001: 1000, 21003: 2000 }],
    ],
    `${Y}-01-15`,
  );
  await sup('POST', `Accounts/Balance?${q(Y)}`, {
    accounts: [
      { accountId: k1.id, initialBalance: 2000 },
      { accountId: b1.id, initialBalance: 8500 },
    ],
  });
  const movement = (year, body) => sup('POST', 'Movements', { departmentId: id, year, confirmAvailableExceeded: true, ...body });
  await movement(Y, { type: 0, recordDate: `${Y}-03-10`, accountId: b1.id, positions: [{ chapter: '11001', amount: 2800 }] });
  await movement(Y, { type: 1, recordDate: `${Y}-05-04`, documentDate: `${Y}-05-04`, accountId: k1.id, positions: [{ chapter: '21001', amount: 950 }] });
  const carried = await movement(Y, {
    type: 2,
    recordDate: `${Y}-05-05`,
    documentDate: `${Y}-05-02`,
    documentNumber: 'RE-A',
    accountId: b1.id,
    supplierId: supplier.id,
    positions: [{ chapter: '21003', amount: 1200 }],
    payments: [
      { amount: 600, dateDue: `${Y}-06-01`, datePaid: `${Y}-06-01` },
      { amount: 600, dateDue: `${Y}-12-31`, datePaid: null },
    ],
  });
  const final = await sup('GET', `Budget/Residues/Final?${q(Y)}&source=1`);
  const residue = { 11001: 200, 21001: 0, 21003: 600 };
  await sup('PUT', `Budget/Residues/Final?${q(Y)}`, {
    budgetType: 1,
    positions: final.positions.map((p) => ({ budgetId: p.budget.budgetId, amount: residue[p.chapter.chapter] })),
  });
  await forecast(
    N,
    [
      [1, { 11001: 1000 }],
      [2, { 21001: 500, 21003: 500 }],
    ],
    iso(notAfterToday(new Date(N, 0, 10))),
  );
  await sup('PUT', `Budget/Residues/CarryOver?${q(N)}`);
  const bill = (amount, documentNumber) =>
    movement(N, {
      type: 2,
      recordDate: todayIso,
      documentDate: todayIso,
      documentNumber,
      accountId: b1.id,
      supplierId: supplier.id,
      positions: [{ chapter: '21003', amount, note: documentNumber }],
    });
  const moved = await bill(300, 'RE-B');
  const returned = await bill(200, 'RE-C');
  const toPay = [moved, returned].map((m) => ({ movementId: m.id, paymentId: m.payments[0].id }));
  const order = await sup('POST', 'Payments/Orders', {
    departmentId: id,
    year: N,
    paymentRange: 1,
    accountId: b1.id,
    toPay,
    groupInvoices: false,
    filename: `story-${t.code}`,
  });
  await sup('POST', 'Payments/Orders/Registered', { departmentId: id, year: N, orderId: order.id, datePaid: todayIso, payments: toPay });
  // found late: 100,00 paid in cash on 2-1-001 in December of Y, beyond its availability (50,00 left)
  await movement(Y, { type: 1, recordDate: `${Y}-12-20`, documentDate: `${Y}-12-20`, accountId: k1.id, positions: [{ chapter: '21001', amount: 100 }] });
  const lines = Object.fromEntries(final.positions.map((p) => [p.chapter.chapter, p.budget.budgetId]));
  return { id, q, carried: carried.payments.find((p) => p.datePaid === null).id, moved: moved.recordNumber, returned: returned.payments[0].id, order, lines };
}

/** The amount printed at the end of the line that starts with `label` (`1.234,56 €`), in cents. */
function printed(text, label) {
  const line = text.split('\n').find((l) => l.trim().startsWith(label)) ?? '';
  const amount = /(-?[\d.]+,\d{2}) €\s*$/.exec(line.trimEnd());
  assert.ok(amount, `${label} in: ${line}`);
  return cents(amount[1]);
}

for (const [language, t] of Object.entries(runs)) {
  describe(`a real year, told by the cashier (${language}, ${t.code})`, () => {
    test('a carried bill paid in January, a bank return, a chapter corrected, a determination cleared and redone, the final account approved', async () => {
      const s = await setup(t);
      const { page, errors } = await newPage(browser(), { acceptDownloads: true });
      await signInAndWait(page, t.user);
      const next = `${baseUrl}/dept/${t.code}/year/${N}`;
      const base = `${baseUrl}/dept/${t.code}/year/${Y}`;
      // ---- Y+1, Open payments: the instalment carried from Y paid in cash on 20.01.
      await page.goto(`${next}/payments/pay`);
      await page.getByTestId('instalments-open').waitFor();
      if (language === 'it') {
        const stored = page.waitForResponse((res) => res.url().includes('auth.setLanguage'));
        await setLanguage(page, 'it');
        assert.ok((await stored).ok());
      }
      await page.getByTestId(`settle-${s.carried}`).click();
      await typeInto(page, 'settle-dialog-date', typedDate(januaryPayment));
      await page.getByTestId('settle-dialog-account').click();
      await page.getByRole('option', { name: /^K1 – / }).click();
      await typeInto(page, 'settle-dialog-note', language === 'de' ? 'bar bezahlt' : 'pagato in contanti');
      await shot(page, `real-year-settle-${language}`);
      await page.keyboard.press('Enter');
      await page.getByTestId('settle-dialog').waitFor({ state: 'detached' });
      await page.reload();
      const paidRow = page.getByTestId(`instalment-paid-${s.carried}`);
      await paidRow.waitFor();
      assert.ok((await paidRow.innerText()).includes(typedDate(januaryPayment)), await paidRow.innerText());
      await paidRow.scrollIntoViewIfNeeded();
      await shot(page, `real-year-settled-${language}`, { fullPage: true });
      const carriedLine = await ok(t.user, 'GET', `Budget/Chapter?${s.q(N)}&chapter=21003&chapterYear=${Y}`);
      assert.deepEqual([carriedLine.payments, carriedLine.openPayments], [600, 0], 'paid on the carried line');

      // ---- Y+1, the register screen's returns panel: the bank returned the 200,00 transfer today
      await page.goto(`${next}/payments/register`);
      await page.getByTestId('returns-order').click();
      await page.getByRole('option', { name: new RegExp(`^${s.order.orderNumber}/${N} `) }).click();
      const item = page.getByTestId(`returns-item-${s.returned}`);
      await item.waitFor();
      await item.getByTestId(`return-${s.returned}`).click();
      await typeInto(page, 'return-dialog-date', typedDate(today));
      await page.keyboard.press('Control+Enter');
      await page.getByTestId('return-dialog').waitFor({ state: 'detached' });
      await page.reload();
      await page.getByTestId('returns-order').click();
      await page.getByRole('option', { name: new RegExp(`^${s.order.orderNumber}/${N} `) }).click();
      await item.getByText(t.returned).waitFor();
      assert.equal(cents(await page.getByTestId('returns-total').innerText()), 20000);
      await shot(page, `real-year-returned-${language}`, { fullPage: true });
      // ---- Y+1, the 300,00 bill the bank paid belongs on 2-1-001: "Kapitel berichtigen"
      await page.goto(`${next}/movements/expenses/${s.moved}`);
      await page.getByTestId('movement-bank-paid').waitFor();
      const chapterField = await page.locator('input[data-testid^="chapter-"][data-testid$="-code"]').getAttribute('data-testid');
      await typeInto(page, chapterField, '21001');
      await typeInto(page, 'note-21001', language === 'de' ? 'Atemschutz' : 'Autorespiratori');
      await page.keyboard.press('Control+Enter');
      const read = () => ok(t.user, 'GET', `Movements/Expenses?${s.q(N)}&recordNumber=${s.moved}`);
      for (let i = 0; i < 50 && (await read()).positions[0].chapter !== '21001'; i++) await page.waitForTimeout(100);
      // the record opened again from its address: what was stored
      await page.goto(`${next}/movements/expenses/${s.moved}`);
      await page.getByTestId('amount-21001').waitFor();
      assert.equal(await page.getByTestId('note-21001').inputValue(), language === 'de' ? 'Atemschutz' : 'Autorespiratori');
      await shot(page, `real-year-chapter-corrected-${language}`);
      assert.deepEqual(
        (await read()).positions.map((p) => [p.chapter, p.amount, p.paid]),
        [['21001', 300, 300]],
      );
      // ---- Y: the late cash receipt overspent 2-1-001; the determination screen marks it
      await page.goto(`${base}/residues/determination?source=1`);
      await page.getByTestId('residues-table').waitFor();
      const over = page.getByTestId(`residue-row-${Y}-21001`);
      await over.getByText(t.outOfBounds).first().waitFor();
      // the heading says it too: every line is determined, one no longer fits
      assert.ok((await page.getByTestId('residues-source-name').innerText()).endsWith(t.unfit), await page.getByTestId('residues-source-name').innerText());
      await shot(page, `real-year-determination-marked-${language}`, { fullPage: true });
      // ---- a budget change (+50,00 on 2-1-001, −50,00 on 2-1-003): refused on the determined line, with how to clear it
      await page.goto(`${base}/budget/changes/edit`);
      await typeInto(page, 'change-approved', `20.12.${Y}`);
      await typeInto(page, 'change-notes', language === 'de' ? 'Jahresabschluss' : 'Chiusura');
      await page.getByTestId('change-create').click();
      await page.waitForURL((url) => /\/budget\/changes\/edit\/\d+$/.test(url.pathname));
      const changeUrl = page.url();
      await typeInto(page, 'add-chapter-code', '21001');
      await page.getByText(t.hasResidue).first().waitFor();
      assert.equal(await page.getByTestId('amount-21001').count(), 0, 'no position on a determined line');
      await shot(page, `real-year-change-refused-${language}`);
      // ---- the two determinations cleared (× and Ctrl+Enter)
      await page.goto(`${base}/residues/determination?source=1`);
      await page.getByTestId('residues-table').waitFor();
      for (const chapter of ['21001', '21003']) {
        await page.getByTestId(`residue-clear-${s.lines[chapter]}`).click();
        await page.getByTestId(`residue-clearing-${s.lines[chapter]}`).getByText(t.clearing).waitFor();
      }
      await shot(page, `real-year-clearing-${language}`, { fullPage: true });
      await page.keyboard.press('Control+Enter');
      await page.getByTestId('residues-source-form').waitFor();
      // ---- the change typed and saved
      await page.goto(changeUrl);
      await typeInto(page, 'add-chapter-code', '21001');
      await page.getByTestId('amount-21001').waitFor();
      await typeInto(page, 'amount-21001', '50');
      await typeInto(page, 'add-chapter-code', '21003');
      await page.getByTestId('amount-21003').waitFor();
      await typeInto(page, 'amount-21003', '-50');
      await page.keyboard.press('Control+Enter');
      const box = () => ok(t.user, 'GET', `Budget/Chapter?${s.q(Y)}&chapter=21001`);
      for (let i = 0; i < 50 && (await box()).budgetFinal !== 1050; i++) await page.waitForTimeout(100);
      await page.reload();
      await page.getByTestId('amount-21003').waitFor();
      assert.match(await page.getByTestId('amount-21001').inputValue(), /^50,00( €)?$/);
      assert.match(await page.getByTestId('amount-21003').inputValue(), /^-50,00( €)?$/);
      await shot(page, `real-year-change-saved-${language}`);
      // ---- determined again: 2-1-003 600,00 (what it owed at 31.12.), 2-1-001 0,00 by the same save
      await page.goto(`${base}/residues/determination?source=1`);
      await page.getByTestId('residues-table').waitFor();
      // 2-1-001 has nothing left (0,00 available, nothing owed): no input, the save determines it with 0
      assert.equal(await page.getByTestId(`residue-input-${s.lines['21001']}`).count(), 0);
      await typeInto(page, `residue-input-${s.lines['21003']}`, '600');
      await shot(page, `real-year-redetermined-${language}`, { fullPage: true });
      await page.keyboard.press('Control+Enter');
      await page.getByTestId('residues-source-form').waitFor();
      const table = await ok(t.user, 'GET', `Budget/Residues/Final?${s.q(Y)}&source=1`);
      assert.deepEqual(
        table.positions.map((p) => [p.chapter.chapter, p.budget.finalResidue, p.isOutOfBounds]),
        [
          ['11001', 200, false],
          ['21001', 0, false],
          ['21003', 600, false],
        ],
      );
      // ---- the final account: every criterion passes, approved with the assembly's date
      await page.goto(`${base}/budget/final/approve`);
      await page.getByTestId('final-criteria').waitFor();
      for (const key of ['unpaidBills', 'budgetChanges', 'reservations', 'exceededAvailabilities', 'residues', 'title3'])
        assert.equal(await page.getByTestId(`criterion-${key}`).getAttribute('data-state'), 'passed', key);
      await typeInto(page, 'final-approval-date', typedDate(assembly));
      await page.keyboard.press('Control+Enter');
      await page.getByText(t.approved).first().waitFor();
      await page.reload();
      await page.getByTestId('final-approved-warning').waitFor();
      await shot(page, `real-year-approved-${language}`);

      // ---- the final report's PDF: its identities with the figures worked out by hand
      await page.goto(`${base}/budget/final/print`);
      await page.getByTestId('final-print-form').waitFor();
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-download').click()]);
      assert.equal(download.suggestedFilename(), `${t.pdf}-${t.code}-${Y}-${isoToday()}.pdf`);
      const text = await pdfText(download, `real-year-final-${language}`);
      // the results section (the summary above it has headings that begin like two of its labels)
      const heading = (name) => {
        const at = text.search(new RegExp(`^\\f?${name}$`, 'm')); // a section may begin a page (form feed)
        assert.ok(at >= 0, `${name} in the report`);
        return at;
      };
      const results = text.slice(heading(t.results), heading(t.protocol));
      const r = Object.fromEntries(Object.entries(t.labels).map(([key, label]) => [key, printed(results, label)]));
      // opening 2.000 + 8.500; collected 2.800; paid 950 + 100 + 600 (the carried 600,00 is Y+1's)
      const finalCash = 1_050_000 + 280_000 - 95_000 - 10_000 - 60_000;
      assert.deepEqual(r, {
        initialCashBalance: 1_050_000,
        activeResidues: 0,
        revenues: 280_000 + 20_000,
        profits: 0,
        totalActive: 1_050_000 + 300_000,
        passiveResidues: 0,
        expenses: 105_000 + 60_000 + 60_000,
        losses: 0,
        finalCashBalance: finalCash,
        finalActiveResidues: 20_000,
        finalPassiveResidues: 60_000,
        finalSurplus: 1_350_000 - 225_000,
      });
      assert.equal(r.initialCashBalance + r.activeResidues + r.revenues + r.profits, r.totalActive);
      assert.equal(r.totalActive - r.passiveResidues - r.expenses - r.losses, r.finalSurplus);
      assert.equal(r.finalCashBalance + r.finalActiveResidues - r.finalPassiveResidues, r.finalSurplus);
      // the protocol's accounts add up to the same cash: K1 2.000 − 950 − 100, B1 8.500 + 2.800 − 600
      const protocol = text.slice(heading(t.protocol));
      assert.deepEqual([printed(protocol, 'K1'), printed(protocol, 'B1'), printed(protocol, t.cashTotal)], [95_000, 1_070_000, finalCash]);

      if (language !== 'de') await backToGerman(page);
      assertNoErrors(errors);
      await page.context().close();
    });
  });
}
