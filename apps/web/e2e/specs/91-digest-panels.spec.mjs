/* global document */
/**
 * The online lists (issue 14) over the forecast screen, in German and in Italian: zwei on 102, on
 * the current year's forecast, opens
 * - the cash journal with Alt+Shift+1 and picks the previous year (the year with bookings; the three
 *   panels share it): the box equals the cash account's line of Accounts/Balance (start and final),
 *   the box and the row count equal Digests/CashJournal over REST, start + revenues − expenses = final,
 *   it opens on the last page and the newest row carries the final balance as its running balance;
 * - the supplier digest with Alt+Shift+3 for 1006 Rosenbauer: one document, paid + not paid = the sum
 *   = 350,00 € (by hand: the demo's year-end bill is 10 % of the 3.500 € line 2-1-004), as Digests/Suppliers;
 * - the chapter register from the top bar's button (the drawer covers the top bar: Escape first),
 *   typing the code 21003: the box equals Budget/Chapter, its initial budget 6.000,00 € (by hand: the
 *   demo forecast of a fire brigade), the rows are those of Digests/Chapters (number, amount, running
 *   availability) and with their paid/open state sum to the box (DOMAIN decision 9); an open
 *   payment's paid instalment reads "Bezahlte Rate" beside "bezahlt" (never "Offene Zahlung"); a
 *   click on a paid row opens that movement behind the panel, and the shortcut brings the register
 *   back with the same chapter; the cash journal, opened again, kept its year, account and page, and an account transfer row opens accounts/transfer?nr=… with that transfer.
 * The side menu's "Online-Listen" open the same panels. Escape closes a panel and the screen behind is unchanged. Screenshots of each panel in de and it.
 */
import { describe, test } from 'node:test';
import {
  assert,
  assertNoErrors,
  backToGerman,
  baseUrl,
  cents,
  currentYear,
  menuEntry,
  newPage,
  rest,
  setLanguage,
  setTheme,
  shot,
  signInAndWait,
  tableRows,
  useBrowser,
} from '../lib.mjs';

const browser = useBrowser();
const dept = '102';
const year = currentYear - 1;
const forecast = `${baseUrl}/dept/${dept}/year/${currentYear}/budget/forecast/details`;

const texts = {
  de: {
    paid: 'bezahlt',
    open: 'offen',
    instalmentPaid: 'Bezahlte Rate',
    openPayment: 'Offene Zahlung',
    transfer: 'Kontoübertrag',
    transferTitle: (n) => `Kontoübertrag Nr. ${n}`,
  },
  it: {
    paid: 'pagato',
    open: 'aperto',
    instalmentPaid: 'Rata pagata',
    openPayment: 'Pagamento aperto',
    transfer: 'Trasferimento tra conti',
    transferTitle: (n) => `Trasferimento tra conti n. ${n}`,
  },
};

const amount = async (page, testId) => cents(await page.getByTestId(testId).innerText());
const euros = (value) => Math.round(value * 100);

/** Chooses an option of a Select inside the shown panel (the hidden panels hold the same fields). */
async function choose(page, panel, testId, text) {
  await page.getByTestId(`digest-${panel}`).getByTestId(testId).click();
  await page.getByRole('option', { name: text, exact: true }).click();
}

/** Waits until the panel's box shows the answer of the year (no figures of another year or criteria). */
async function waitBox(page, testId) {
  await page.locator(`[data-testid="${testId}"][data-year="${year}"]`).waitFor();
}

describe('online lists over the forecast screen', () => {
  for (const language of ['de', 'it']) {
    test(`cash journal, supplier digest and chapter register (${language})`, async () => {
      const tx = texts[language];
      const { context, page, errors } = await newPage(browser());
      await signInAndWait(page, 'zwei');
      await page.goto(forecast);
      await page.getByTestId('screen-title').waitFor();
      if (language === 'it') await setLanguage(page, 'it');
      const title = await page.getByTestId('screen-title').innerText();
      const scopes = await rest('zwei', 'GET', 'Scopes');
      const deptId = scopes.json.departments.find((d) => d.code === dept).id;

      // ---- cash journal: Alt+Shift+1, the previous year, the cash account first -----------------
      await page.keyboard.press('Alt+Shift+Digit1');
      await page.getByTestId('digest-cashJournal').waitFor();
      // the cash account first
      await page.waitForFunction(() =>
        /^K1 – /.test(document.querySelector('[data-testid="digest-cashJournal"] [data-testid="digest-account"]')?.getAttribute('data-value') ?? ''),
      );
      await choose(page, 'cashJournal', 'digest-year', String(year));
      await waitBox(page, 'cash-box');
      const journal = {
        start: await amount(page, 'cash-start'),
        revenues: await amount(page, 'cash-revenues'),
        expenses: await amount(page, 'cash-expenses'),
        movements: await amount(page, 'cash-movements'),
        final: await amount(page, 'cash-final'),
      };
      const balances = await rest('zwei', 'GET', `Accounts/Balance?departmentId=${deptId}&year=${year}`);
      const k1 = balances.json.accounts.find((a) => a.accountCode === 'K1');
      assert.equal(journal.start, euros(k1.initialBalance), 'the year starts with the initial balance');
      assert.equal(journal.final, euros(k1.finalBalance), "the year ends with the account's balance");
      // the same digest over REST (euros; every row without paging)
      const restJournal = (await rest('zwei', 'GET', `Digests/CashJournal?departmentId=${deptId}&year=${year}&accountCode=K1`)).json;
      assert.deepEqual(journal, {
        start: euros(restJournal.dateFromBalance),
        revenues: euros(restJournal.totalProfit),
        expenses: euros(restJournal.totalLoss),
        movements: euros(restJournal.movementsBalance),
        final: euros(restJournal.finalBalance),
      });
      assert.equal(journal.start + journal.revenues - journal.expenses, journal.final);
      assert.equal(journal.revenues - journal.expenses, journal.movements);
      // opened on the last page: the newest row last, with the final balance
      const count = await page.getByTestId('cash-rows').getByTestId('data-count').innerText();
      const [, to, total] = /–(\d+) \D+ (\d+)/.exec(count) ?? [];
      assert.ok(Number(total) > 0 && to === total, `the last page is shown: ${count}`);
      assert.equal(Number(total), restJournal.movements.length);
      const cashRows = await tableRows(page, 'cash-rows');
      assert.equal(cents(cashRows.at(-1).at(-1)), journal.final, 'the newest row carries the final balance');
      await shot(page, `91-digest-cash-${language}`);

      // ---- supplier digest: Alt+Shift+3 switches the panel, the year stays ----------------------
      await page.getByRole('listbox').waitFor({ state: 'hidden' }); // the year's dropdown closed
      await page.keyboard.press('Alt+Shift+Digit3');
      await page.getByTestId('digest-supplierDigest').waitFor();
      await page.getByTestId('digest-cashJournal').waitFor({ state: 'hidden' });
      assert.equal(await page.getByTestId('digest-supplierDigest').getByTestId('digest-year').inputValue(), String(year));
      await page.getByTestId('digest-supplierDigest').getByTestId('supplier-picker').fill('1006');
      await waitBox(page, 'supplier-box');
      assert.equal(await page.getByTestId('supplier-count').innerText(), '1');
      const paid = await amount(page, 'supplier-paid');
      const notPaid = await amount(page, 'supplier-not-paid');
      assert.equal(paid + notPaid, 35000, 'the bill: 10 % of 3.500,00 €');
      assert.equal(await amount(page, 'supplier-total'), 35000);
      const restSupplier = (await rest('zwei', 'GET', `Digests/Suppliers?departmentId=${deptId}&year=${year}&supplierCode=1006`)).json;
      assert.deepEqual([paid, notPaid, restSupplier.documentCount], [euros(restSupplier.totalPaid), euros(restSupplier.totalNotPaid), 1]);
      assert.match(await page.getByTestId('supplier-address').innerText(), /Rosenbauer Österreich GmbH[\s\S]*4060 Leonding/);
      const supplierRows = await tableRows(page, 'supplier-rows');
      assert.equal(supplierRows.length, 1);
      assert.equal(cents(supplierRows[0].at(-3)), 35000);
      await shot(page, `91-digest-supplier-${language}`);

      // ---- chapter register: Escape, then the top bar's button --------------------------------
      await page.keyboard.press('Escape');
      await page.getByTestId('digest-supplierDigest').waitFor({ state: 'hidden' });
      assert.equal(await page.getByTestId('screen-title').innerText(), title, 'the forecast stayed behind');
      await page.getByTestId('digest-open-chapterDigest').click();
      await page.getByTestId('digest-chapterDigest').waitFor();
      await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'digest-chapter-code');
      // F4 opens the chapter picker over the panel; Escape closes only the picker
      await page.keyboard.press('F4');
      await page
        .getByRole('dialog')
        .filter({ has: page.getByTestId('chapter-picker-code') })
        .waitFor();
      // Escape once the picker has the focus (as a person sees it open), else the drawer would take it
      await page.waitForFunction(() => document.activeElement?.closest('[role="dialog"]')?.querySelector('[data-testid="chapter-picker-code"]') != null);
      await page.keyboard.press('Escape');
      await page.getByTestId('chapter-picker-code').waitFor({ state: 'hidden' });
      assert.ok(await page.getByTestId('digest-chapterDigest').isVisible(), 'the panel stays');
      await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'digest-chapter-code');
      await page.keyboard.type('21003');
      await waitBox(page, 'chapter-box');
      const box = {
        initial: await amount(page, 'chapter-initial'),
        changes: await amount(page, 'chapter-changes'),
        final: await amount(page, 'chapter-final'),
        payments: await amount(page, 'chapter-payments'),
        open: await amount(page, 'chapter-open'),
        reservations: await amount(page, 'chapter-reservations'),
        available: await amount(page, 'chapter-available'),
      };
      assert.equal(box.initial, 600000, 'the demo forecast: 6.000,00 € on 2-1-003');
      const line = (await rest('zwei', 'GET', `Budget/Chapter?departmentId=${deptId}&year=${year}&chapter=21003`)).json;
      assert.deepEqual(box, {
        initial: euros(line.budgetInitial),
        changes: euros(line.budgetChanges),
        final: euros(line.budgetFinal),
        payments: euros(line.payments),
        open: euros(line.openPayments),
        reservations: euros(line.reservations),
        available: euros(line.availableAfterPlannedExpenses),
      });
      // every row on one page; they sum to the box (changes, payments, open payments, reservations)
      const chapterRows = await tableRows(page, 'chapter-rows');
      assert.ok(chapterRows.length > 0 && chapterRows.length <= 15, `rows: ${chapterRows.length}`);
      const restChapter = (await rest('zwei', 'GET', `Digests/Chapters?departmentId=${deptId}&year=${year}&chapter=21003`)).json;
      assert.deepEqual(
        chapterRows.map((r) => [r[1], cents(r[6]), cents(r.at(-1))]),
        restChapter.movements.map((m) => [String(m.recordNumber), euros(m.amount), euros(m.finalBalance)]),
        'the rows of Digests/Chapters',
      );
      const sum = chapterRows.reduce((s, r) => s + cents(r[6]), 0);
      assert.equal(sum, box.changes + box.payments + box.open + box.reservations, 'the rows sum to the box');
      assert.equal(cents(chapterRows.at(-1).at(-1)), box.available, 'the running availability ends with the box');
      // an open payment's paid share reads "paid instalment" beside "paid", its unpaid share "open payment"
      // beside "open" — never "open payment" beside "paid" (README › Decisions)
      // (a cancelled record, e.g. 87-movements' open payment on the same shard, is a row of 0 without a state)
      const kinds = restChapter.movements.flatMap((m, i) => (m.cancelled ? [] : [[m.kind, m.isPaid, chapterRows[i][3], chapterRows[i][7]]]));
      assert.ok(
        kinds.some(([kind, isPaid]) => kind === 'paymentOpen' && isPaid),
        `a paid instalment of an open payment on 2-1-003: ${JSON.stringify(kinds)}`,
      );
      for (const [, isPaid, label, state] of kinds.filter(([kind]) => kind === 'paymentOpen'))
        assert.deepEqual([label, state], isPaid ? [tx.instalmentPaid, tx.paid] : [tx.openPayment, tx.open]);
      assert.ok(!chapterRows.some((r) => r[3] === tx.openPayment && r[7] === tx.paid), 'no open payment beside paid');
      const paidIndex = chapterRows.findIndex((r) => r[7] === tx.paid);
      assert.ok(paidIndex >= 0, 'a paid row');
      const paidRow = chapterRows[paidIndex];
      await shot(page, `91-digest-chapter-${language}`);
      if (language === 'de') {
        // the same in the dark scheme (the toggle is under the drawer: Escape, toggle, the shortcut)
        await page.keyboard.press('Escape');
        await page.mouse.move(700, 700);
        await page.getByRole('tooltip').waitFor({ state: 'hidden' });
        await setTheme(page, 'dark');
        await page.keyboard.press('Alt+Shift+Digit2');
        await waitBox(page, 'chapter-box');
        await shot(page, '91-digest-chapter-dark-de');
        await page.keyboard.press('Escape');
        await setTheme(page, 'light');
        await page.keyboard.press('Alt+Shift+Digit2');
        await waitBox(page, 'chapter-box');
      }

      // ---- a click on a paid row opens its movement; the shortcut brings the register back --------
      const recordNumber = paidRow[1];
      await page.getByTestId('chapter-rows').getByTestId('data-row').nth(paidIndex).click();
      await page.waitForURL(`${baseUrl}/dept/${dept}/year/${year}/movements/expenses/${recordNumber}`);
      await page.getByTestId('digest-chapterDigest').waitFor({ state: 'hidden' });
      await page.keyboard.press('Alt+Shift+Digit2');
      await page.getByTestId('digest-chapterDigest').waitFor();
      assert.equal(await page.getByTestId('digest-chapterDigest').getByTestId('digest-chapter-code').inputValue(), '2-1-003');
      await waitBox(page, 'chapter-box');
      await page.keyboard.press('Alt+Shift+Digit2');
      await page.getByTestId('digest-chapterDigest').waitFor({ state: 'hidden' });
      await shot(page, `91-digest-movement-${language}`);

      // ---- the side menu's online lists open the same panels (the supplier kept) -----------------
      await (await menuEntry(page, 'management', 'management.onlineLists', 'management.onlineLists.supplierDigest')).click();
      await page.getByTestId('digest-supplierDigest').waitFor();
      await waitBox(page, 'supplier-box');
      assert.equal(await amount(page, 'supplier-total'), 35000);
      await page.keyboard.press('Escape');
      await page.getByTestId('digest-supplierDigest').waitFor({ state: 'hidden' });

      // ---- the cash journal kept its choices; an account transfer opens on the transfer screen ----
      await page.keyboard.press('Alt+Shift+Digit1');
      await waitBox(page, 'cash-box');
      assert.equal(await amount(page, 'cash-final'), journal.final);
      const transferIndex = cashRows.findIndex((r) => r[3] === tx.transfer);
      assert.ok(transferIndex >= 0, 'an account transfer on the last page');
      await page.getByTestId('cash-rows').getByTestId('data-row').nth(transferIndex).click();
      await page.waitForURL(`${baseUrl}/dept/${dept}/year/${year}/accounts/transfer?nr=${cashRows[transferIndex][1]}`);

      // ---- a revenue chapter: collected and still to receive ------------------------------------
      // the panel is opened while the transfer screen still loads: the screen's first field must not take its focus
      await page.keyboard.press('Alt+Shift+Digit2');
      await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'digest-chapter-code');
      await page.keyboard.type('11001');
      await page.getByTestId('chapter-to-receive').waitFor();
      await waitBox(page, 'chapter-box');
      const revenueLine = (await rest('zwei', 'GET', `Budget/Chapter?departmentId=${deptId}&year=${year}&chapter=11001`)).json;
      assert.equal(await amount(page, 'chapter-payments'), euros(revenueLine.payments));
      assert.equal(await amount(page, 'chapter-to-receive'), euros(revenueLine.toReceive));
      assert.equal(await page.getByTestId('chapter-open').count(), 0, 'no open payments on a revenue chapter');
      await shot(page, `91-digest-chapter-revenue-${language}`);
      await page.keyboard.press('Escape');
      await page.getByTestId('digest-chapterDigest').waitFor({ state: 'hidden' });
      await page.getByText(tx.transferTitle(cashRows[transferIndex][1])).first().waitFor();

      if (language === 'it') await backToGerman(page);
      assertNoErrors(errors);
      await context.close();
    });
  }
});
