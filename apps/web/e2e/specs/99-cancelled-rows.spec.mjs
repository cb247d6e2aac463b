/* global document */
/**
 * Cancelled records are rows (issue 24 item 12, DOMAIN decision 27), in German and in Italian: zwei on
 * 102 cancels, over REST, an earlier paid expense of the previous year on the cash account K1 (one whose
 * row sits on the last page of the cash journal and on one of the last two of its chapter's register). The cash journal
 * (Alt+Shift+1, previous year, K1) lists it with its number, date, "storniert" / "annullato" and 0,00 €
 * (dimmed); the box stays the account's balance of Accounts/Balance. The chapter register of its chapter
 * (Alt+Shift+2) lists it the same way and its rows still sum to the box. Screenshots of both panels in
 * de and it. A cancelled open bill (REST) keeps its instalments: its payments dialog shows them greyed
 * with "storniert", none payable (screenshot in de and it).
 */
import { describe, test } from 'node:test';
import { assert, assertNoErrors, backToGerman, baseUrl, cents, currentYear, departmentIdOf, openAs, rest, shot, tableRows, useBrowser } from '../lib.mjs';

const browser = useBrowser();
const dept = '102';
const year = currentYear - 1;
const forecast = `${baseUrl}/dept/${dept}/year/${currentYear}/budget/forecast/details`;
const PAGE = 15;
const texts = { de: { cancelled: 'storniert', cancelledBill: 'storniert' }, it: { cancelled: 'annullato', cancelledBill: 'annullata' } };
const euros = (value) => Math.round(value * 100);

/** The rows of the last page of a digest answer (the panels open there). */
const lastPage = (rows) => rows.slice(Math.floor((rows.length - 1) / PAGE) * PAGE);

/**
 * The cancelled expense of the journal, or (first run) one cancelled now: a paid expense on the last
 * page of K1's journal, not the newest expense (so it is cancelled, not deleted), whose row is on one
 * of the last two pages of its chapter's register.
 */
async function cancelledExpense(q) {
  const journal = (await rest('zwei', 'GET', `Digests/CashJournal?${q}&accountCode=K1`)).json;
  const done = journal.movements.find((r) => r.cancelled && r.movementKind === 'expenses');
  // the newest expense of the year (the picker's list, newest first) would be deleted, not cancelled
  const newest = (await rest('zwei', 'GET', `Movements/Expenses?${q}`)).json.entities[0].recordNumber;
  const candidates = done ? [done] : lastPage(journal.movements).filter((r) => r.kind === 'paymentDone' && r.recordNumber < newest);
  for (const row of candidates.reverse()) {
    const movement = (await rest('zwei', 'GET', `Movements/Expenses?${q}&recordNumber=${row.recordNumber}`)).json;
    const chapter = movement.positions[0].chapter;
    const register = (await rest('zwei', 'GET', `Digests/Chapters?${q}&chapter=${chapter}`)).json;
    // its page in the register: the last or the one before (a button beside the last page's)
    const registerPage = Math.floor(register.movements.findIndex((r) => r.movementId === movement.id) / PAGE) + 1;
    if (registerPage < Math.ceil(register.movements.length / PAGE) - 1) continue;
    if (!done) {
      const deleted = await rest('zwei', 'DELETE', `Movements/Expenses?${q}&recordNumber=${row.recordNumber}`);
      assert.deepEqual(deleted.json, { deleted: false, cancelled: true, recordNumber: row.recordNumber });
    }
    return {
      recordNumber: row.recordNumber,
      recordDate: movement.recordDate,
      chapter,
      registerPage,
      registerPages: Math.ceil(register.movements.length / PAGE),
    };
  }
  throw new Error('no paid expense on the last pages of K1 and its chapter');
}

const dateText = (iso) => iso.split('-').reverse().join('.');

describe('cancelled records in the cash journal and the chapter register', () => {
  for (const language of ['de', 'it']) {
    test(`a cancelled expense is a row of 0,00 (${language})`, async () => {
      const { context, page, errors } = await openAs(browser(), 'zwei', forecast, { ready: 'screen-title', language });
      const q = `departmentId=${await departmentIdOf(dept)}&year=${year}`;
      const cancelled = await cancelledExpense(q);
      const number = String(cancelled.recordNumber);

      // ---- the cash journal of K1 in the previous year ---------------------------------------------
      await page.keyboard.press('Alt+Shift+Digit1');
      await page.getByTestId('digest-cashJournal').waitFor();
      await page.waitForFunction(() =>
        /^K1 – /.test(document.querySelector('[data-testid="digest-cashJournal"] [data-testid="digest-account"]')?.getAttribute('data-value') ?? ''),
      );
      await page.getByTestId('digest-cashJournal').getByTestId('digest-year').click();
      await page.getByRole('option', { name: String(year), exact: true }).click();
      await page.locator(`[data-testid="cash-box"][data-year="${year}"]`).waitFor();
      await page.getByTestId('cash-rows').getByTestId('row-cancelled').first().waitFor();
      const cashRows = await tableRows(page, 'cash-rows');
      const row = cashRows.find((r) => r[1] === number && r[5].includes(texts[language].cancelled));
      assert.ok(row, `the cancelled record ${number} in ${JSON.stringify(cashRows.map((r) => r.slice(0, 2)))}`);
      assert.equal(row[0], dateText(cancelled.recordDate));
      assert.equal(cents(row[6]), 0, 'its amount: 0,00');
      // the balance does not move on it: the row before carries the same running balance
      const index = cashRows.indexOf(row);
      if (index > 0) assert.equal(cents(row[7]), cents(cashRows[index - 1][7]));
      const balances = await rest('zwei', 'GET', `Accounts/Balance?${q}`);
      const k1 = balances.json.accounts.find((a) => a.accountCode === 'K1');
      assert.equal(cents(await page.getByTestId('cash-final').innerText()), euros(k1.finalBalance), "the box: the account's balance");
      await shot(page, `99-cancelled-cash-${language}`);

      // ---- the chapter register of its chapter -----------------------------------------------------
      await page.getByRole('listbox').waitFor({ state: 'hidden' });
      await page.keyboard.press('Alt+Shift+Digit2');
      await page.getByTestId('digest-chapterDigest').waitFor();
      await page.getByTestId('digest-chapterDigest').getByTestId('digest-chapter-code').click();
      await page.keyboard.type(cancelled.chapter);
      const line = (await rest('zwei', 'GET', `Budget/Chapter?${q}&chapter=${cancelled.chapter}`)).json;
      await page.locator(`[data-testid="chapter-box"][data-year="${year}"]`).waitFor();
      await page.getByTestId('chapter-rows').getByTestId('data-row').first().waitFor();
      const lastRows = await tableRows(page, 'chapter-rows');
      assert.equal(cents(lastRows.at(-1).at(-1)), euros(line.availableAfterPlannedExpenses), 'the running availability ends with the box');
      if (cancelled.registerPage < cancelled.registerPages) {
        await page
          .getByTestId('chapter-rows')
          .getByTestId('data-pages')
          .getByRole('button', { name: String(cancelled.registerPage), exact: true })
          .click();
        await page
          .getByTestId('chapter-rows')
          .getByTestId('data-count')
          .getByText(`${(cancelled.registerPage - 1) * PAGE + 1}–`)
          .waitFor();
      }
      await page.getByTestId('chapter-rows').getByTestId('row-cancelled').first().waitFor();
      const chapterRows = await tableRows(page, 'chapter-rows');
      const inRegister = chapterRows.find((r) => r[1] === number && r[5].includes(texts[language].cancelled));
      assert.ok(inRegister, `the cancelled record ${number} on ${cancelled.chapter}`);
      assert.equal(inRegister[0], dateText(cancelled.recordDate));
      assert.equal(cents(inRegister[6]), 0, 'its amount: 0,00');
      assert.equal(cents(await page.getByTestId('chapter-payments').innerText()), euros(line.payments));
      await shot(page, `99-cancelled-chapter-${language}`);
      // the same shortcut closes the drawer (it covers the top bar's language switch)
      await page.keyboard.press('Alt+Shift+Digit2');
      await page.getByTestId('digest-chapterDigest').waitFor({ state: 'hidden' });

      if (language === 'it') await backToGerman(page);
      assertNoErrors(errors);
      await context.close();
    });
  }
});

describe('a cancelled bill keeps its instalments (DOMAIN decision 27)', () => {
  for (const language of ['de', 'it']) {
    test(`its payments dialog shows them greyed, counting 0 (${language})`, async () => {
      const scopes = await rest('zwei', 'GET', 'Scopes');
      const deptId = scopes.json.departments.find((d) => d.code === dept).id;
      const q = `departmentId=${deptId}&year=${year}`;
      const bank = (await rest('zwei', 'GET', `Accounts/briefs?departmentId=${deptId}`)).json.find((a) => a.code === 'B1').id;
      const supplier = (await rest('zwei', 'GET', `Suppliers?departmentId=${deptId}&search=1001`)).json.entities[0].id;
      const head = { departmentId: deptId, year, recordDate: `${year}-12-20`, documentDate: `${year}-12-20`, accountId: bank, confirmAvailableExceeded: true };
      // an open bill in two instalments (one paid), a later expense after it: the bill is cancelled, the later one deleted
      const bill = await rest('zwei', 'POST', 'Movements', {
        ...head,
        type: 2,
        documentNumber: `STORNO-${language}`,
        supplierId: supplier,
        positions: [{ chapter: '21003', amount: 300 }],
        payments: [
          { amount: 100, dateDue: `${year}-12-20`, datePaid: `${year}-12-20` },
          { amount: 200, dateDue: `${year}-12-31`, datePaid: null },
        ],
      });
      assert.equal(bill.status, 200, JSON.stringify(bill.json));
      const later = await rest('zwei', 'POST', 'Movements', {
        ...head,
        type: 1,
        documentNumber: `STORNO-L-${language}`,
        positions: [{ chapter: '21003', amount: 1 }],
      });
      assert.equal(later.status, 200, JSON.stringify(later.json));
      const cancelled = await rest('zwei', 'DELETE', `Movements/Expenses?${q}&recordNumber=${bill.json.recordNumber}`);
      assert.equal(cancelled.json.cancelled, true, JSON.stringify(cancelled.json));
      await rest('zwei', 'DELETE', `Movements/Expenses?${q}&recordNumber=${later.json.recordNumber}`);
      const open = await rest('zwei', 'POST', 'Payments/Open', { departmentId: deptId, year });
      assert.equal(
        open.json.suppliers.flatMap((g) => g.rows).some((r) => r.movementId === bill.json.id),
        false,
        'not an open payment',
      );

      const { context, page, errors } = await openAs(browser(), 'zwei', `${baseUrl}/dept/${dept}/year/${year}/movements/expenses/${bill.json.recordNumber}`, {
        ready: 'movement-payments',
        language,
      });
      await page.getByTestId('movement-payments').click();
      await page.getByTestId('payments-cancelled').waitFor();
      assert.equal(await page.getByTestId('payments-dialog').locator('table[data-cancelled]').count(), 1, 'the table greyed');
      assert.deepEqual(
        [cents(await page.getByTestId('payment-amount-0').inputValue()), cents(await page.getByTestId('payment-amount-1').inputValue())],
        [10_000, 20_000],
        'kept as they were',
      );
      assert.equal(await page.getByTestId('payments-difference').innerText(), texts[language].cancelledBill);
      assert.equal(await page.locator('[data-testid^="payment-settle-"]').count(), 0, 'payable nowhere');
      assert.equal(await page.getByTestId('payments-mismatch').count(), 0, 'no mismatch warning on the cancelled bill');
      await shot(page, `99-cancelled-bill-payments-${language}`);
      await page.keyboard.press('Escape');
      if (language === 'it') await backToGerman(page);
      assertNoErrors(errors);
      await context.close();
    });
  }
});
