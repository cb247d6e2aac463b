/* global document */
/**
 * Three detours of issue 25 item 9, in German and Italian:
 * - the cash journal's account choice lies in the panel's flow: none of the accounts a cashier can
 *   pick (zwei on 102, previous year) covers the figure box or the rows; picking B1 shows B1's year
 *   (its final balance = Accounts/Balance over REST);
 * - the home of a year without bookings (admin on 100, current year) shows the carried-over cash, the
 *   same figure as the top bar, and says that no bookings exist yet;
 * - homebanking (zwei on 102, current year, a domestic order of B1 with this language's bill): Export
 *   asks first whether to store the order and only then gives the file — declined, the file comes with
 *   the warning that it must not be uploaded (answered with a reflex Enter: the safe answer); stored, the file comes after the question and the order
 *   is stored.
 * Screenshots of each in de and it.
 */
import { readFile } from 'node:fs/promises';
import { before, describe, test } from 'node:test';
import {
  amountOf,
  answerFocused,
  approveForecast,
  assert,
  assertNoErrors,
  baseUrl,
  bookOpenBills,
  currentYear,
  departmentIdOf,
  openAs,
  rest,
  setCbiCuc,
  shot,
  typeInto,
  useBrowser,
} from '../lib.mjs';

const browser = useBrowser();
const prev = currentYear - 1;
const texts = {
  de: {
    pending: /noch keine Buchungen/,
    decline: 'Nicht speichern',
    store: 'Speichern',
    notStored: 'die Datei darf NICHT bei der Bank hochgeladen werden',
    stored: /Zahlungsauftrag Nr\. \d+\/\d+ gespeichert/,
    bill: 7811,
  },
  it: {
    pending: /non ci sono ancora registrazioni/,
    decline: 'Non salvare',
    store: 'Salva',
    notStored: 'il file NON deve essere caricato in banca',
    stored: /Ordine di pagamento n\. \d+\/\d+ salvato/,
    bill: 7822,
  },
};

/** Waits until the cash journal's account choice shows the account `code` (chips: data-value; a drop-down: its value). */
async function waitAccount(page, code) {
  await page.waitForFunction((c) => {
    const el = document.querySelector('[data-testid="digest-cashJournal"] [data-testid="digest-account"]');
    return (el?.getAttribute('data-value') ?? el?.value ?? '').startsWith(`${c} – `);
  }, code);
}

/** Whether two bounding boxes share any area. */
const overlap = (a, b) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

// the domestic file needs the CUC, a new order an approved current year; one open bill of 1001 per language
before(async () => {
  const id = await departmentIdOf('102');
  await setCbiCuc(id);
  await approveForecast(id, currentYear);
  for (const t of Object.values(texts)) await bookOpenBills(id, currentYear, [{ amount: t.bill / 100, documentNumber: `DT-${t.bill}/${currentYear}` }]);
});

for (const language of ['de', 'it']) {
  const t = texts[language];
  describe(`detours (${language})`, () => {
    test("the cash journal's accounts never cover its figures", async () => {
      const url = `${baseUrl}/dept/102/year/${currentYear}/budget/forecast/details`;
      const { context, page, errors } = await openAs(browser(), 'zwei', url, { ready: 'forecast-summary', language });
      await page.keyboard.press('Alt+Shift+Digit1');
      const panel = page.getByTestId('digest-cashJournal');
      await panel.waitFor();
      await panel.getByTestId('digest-year').click();
      await page.getByRole('option', { name: String(prev), exact: true }).click();
      await page.locator(`[data-testid="cash-box"][data-year="${prev}"]`).waitFor();
      await page.getByTestId('cash-rows').waitFor();

      // the account choice opened (a drop-down list opens on a click; chips in the flow are always shown):
      // every account the cashier can pick, and what it lies over
      await waitAccount(page, 'K1');
      const choice = panel.getByTestId('digest-account');
      if (await choice.evaluate((el) => el.tagName === 'INPUT')) await choice.click();
      const choices = page.locator('[role="option"]:visible, [data-testid="digest-account-option"]:visible');
      await choices.nth(1).waitFor();
      await shot(page, `detours-cash-accounts-${language}`);
      const figures = [await page.getByTestId('cash-box').boundingBox(), await page.getByTestId('cash-rows').boundingBox()];
      for (const choice of await choices.all()) {
        const box = await choice.boundingBox();
        const text = (await choice.innerText()).trim();
        assert.ok(!figures.some((f) => overlap(box, f)), `the account "${text}" lies over the figures: ${JSON.stringify({ box, figures })}`);
      }

      // B1 picked: its year, as Accounts/Balance says
      await choices.filter({ hasText: /^B1 – / }).click();
      await waitAccount(page, 'B1');
      const id = await departmentIdOf('102');
      const b1 = (await rest('zwei', 'GET', `Accounts/Balance?departmentId=${id}&year=${prev}`)).json.accounts.find((a) => a.accountCode === 'B1');
      await page.waitForFunction(
        (expected) => document.querySelector(`[data-testid="cash-final"]`)?.textContent?.replace(/[^\d-]/g, '') === expected,
        String(Math.round(b1.finalBalance * 100)),
      );
      await shot(page, `detours-cash-b1-${language}`);
      assertNoErrors(errors);
      await context.close();
    });

    test('the home of a year without bookings shows the top bar’s carried-over cash', async () => {
      const { context, page, errors } = await openAs(browser(), 'admin', `${baseUrl}/dept/100/year/${currentYear}`, { ready: 'home-bookings', language });
      await page.getByTestId('header-cash-balance').waitFor();
      await page.getByTestId('home-cash-balance').waitFor({ timeout: 5_000 });
      assert.equal(await amountOf(page, 'home-cash-balance'), await amountOf(page, 'header-cash-balance'), 'the home card and the top bar show the same cash');
      assert.match(await page.getByTestId('home-bookings-pending').innerText(), t.pending);
      await shot(page, `detours-home-carried-cash-${language}`);
      assertNoErrors(errors);
      await context.close();
    });

    test('homebanking asks whether to store the order before it gives the file', async () => {
      const deptId = await departmentIdOf('102');
      /** The numbers of 102's stored orders of the year (REST, as zwei). */
      const storedOrders = async () => {
        const listed = await rest('zwei', 'GET', `Payments/Orders?departmentId=${deptId}&year=${currentYear}`);
        assert.equal(listed.status, 200, JSON.stringify(listed.json));
        return listed.json.map((o) => o.orderNumber).sort((a, b) => a - b);
      };
      const url = `${baseUrl}/dept/102/year/${currentYear}/payments/homebanking`;
      const { context, page, errors } = await openAs(browser(), 'zwei', url, { ready: 'homebanking-filter', language, acceptDownloads: true });
      if (!(await page.getByTestId('homebanking-filter-account').inputValue()).startsWith('B1 ')) {
        await typeInto(page, 'homebanking-filter-account', 'B1');
        await page.getByRole('option', { name: /^B1 – / }).click();
      }
      await page.getByTestId('homebanking-next').click();
      const table = page.getByTestId('homebanking-payables');
      await table.waitFor();
      await page.getByTestId('homebanking-payables-none').click();
      const amount = (t.bill / 100).toFixed(2).replace('.', ',');
      const row = table.locator('[data-testid="homebanking-payables-row"][data-payable="true"]', {
        has: page.locator('td:last-child', { hasText: new RegExp(`^${amount}\\s`) }),
      });
      await row.getByTestId('homebanking-payables-tick').click();
      await page.getByTestId('homebanking-next').click();
      await typeInto(page, 'homebanking-filename', `detours-${language}`);

      /**
       * Export: the question comes and no file before the answer; the answer gives the file (its text).
       * `byEnter`: answered with a reflex Enter, which must be the safe answer `answer` (issue 25 item 1).
       */
      async function exportAnswering(answer, shotName, byEnter = false) {
        const early = page.waitForEvent('download', { timeout: 3_000 }).then(
          () => true,
          () => false,
        );
        await page.getByTestId('homebanking-export').click();
        const dialog = page.getByRole('dialog');
        await dialog.waitFor();
        await shot(page, shotName);
        assert.equal(await early, false, 'no bank file before the answer to "store the order?"');
        if (byEnter) await answerFocused(page, answer);
        const [file] = await Promise.all([
          page.waitForEvent('download'),
          byEnter ? page.keyboard.press('Enter') : dialog.getByRole('button', { name: answer, exact: true }).click(),
        ]);
        assert.equal(file.suggestedFilename(), `detours-${language}.xml`);
        const content = await readFile(await file.path(), 'utf8');
        assert.ok(content.includes(`>${(t.bill / 100).toFixed(2)}<`), `the bill's amount in the file`);
        return content;
      }

      const storedBefore = await storedOrders();
      // a reflex Enter on "store the order?" answers "Nicht speichern": the file with the warning, no order stored
      await exportAnswering(t.decline, `detours-homebanking-ask-${language}`, true);
      await page.getByTestId('homebanking-unstored').getByText(t.notStored).waitFor();
      assert.deepEqual(await storedOrders(), storedBefore, 'Enter on the question stores no order');
      await shot(page, `detours-homebanking-declined-${language}`);

      await exportAnswering(t.store, `detours-homebanking-ask-again-${language}`);
      await page.getByText(t.stored).first().waitFor();
      await page.getByTestId('homebanking-filter').waitFor();
      assertNoErrors(errors);
      await context.close();
    });
  });
}
