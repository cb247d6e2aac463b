/**
 * The year at a glance (issue 30) on FF Eppan's (102, open payments) approved and booked previous year, which is
 * over: the home draws budget against use, the tightest chapters, the cash month by month, the instalments due and
 * the final account's criteria; every figure in the tables under the charts equals GET Overview/Year, the cash of
 * December equals the home's cash card, a tight chapter opens its chapter register. German and Italian, light and
 * dark, screenshots of each.
 */
import { describe, test } from 'node:test';
import { assert, assertNoErrors, baseUrl, cents, currentYear, departmentIdOf, openAs, rest, setTheme, shot, useBrowser } from '../lib.mjs';

const browser = useBrowser();
const prev = currentYear - 1;

/** The cells' texts of a row (by test id), first cell (the label) left out. */
async function rowCents(page, testId) {
  const cells = await page.getByTestId(testId).locator('td').allInnerTexts();
  return cells.slice(1).map(cents);
}

const headings = {
  de: { budget: 'Haushalt und Verwendung', tight: 'Kapitel, die bald ausgeschöpft sind', cash: 'Kassa im Jahresverlauf', due: 'Als Nächstes fällig' },
  it: { budget: 'Bilancio e utilizzo', tight: 'Capitoli quasi esauriti', cash: "Cassa nel corso dell'anno", due: 'In scadenza' },
};

describe('the year at a glance', () => {
  for (const language of ['de', 'it']) {
    test(`102's previous year at a glance equals the books (${language})`, async () => {
      const departmentId = await departmentIdOf('102');
      const { page, errors, context } = await openAs(browser(), 'zwei', `${baseUrl}/dept/102/year/${prev}`, { ready: 'year-at-a-glance', language });
      const { json: view } = await rest('zwei', 'GET', `Overview/Year?departmentId=${departmentId}&year=${prev}`);
      const euro = (v) => Math.round(v * 100);

      for (const [key, text] of Object.entries(headings[language])) {
        assert.match(await page.getByTestId(`glance-${key}`).innerText(), new RegExp(text.toUpperCase().replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i'));
      }
      // the budget table: every title and each part's total as Overview/Year answers them
      for (const row of view.titles) {
        const shown = await rowCents(page, `glance-title-${row.part}-${row.title ?? 'total'}`);
        assert.deepEqual(
          shown,
          [row.budgetFinal, row.payments, row.openPayments, row.reservations, row.availability].map(euro),
          `title ${row.part}-${row.title}`,
        );
      }
      // the cash: each month's end, and December's total is the home's cash card
      assert.deepEqual(await rowCents(page, 'glance-cash-total'), view.cashMonthEnds.map(euro));
      assert.equal(cents(await page.getByTestId('home-cash-balance').innerText()), euro(view.cashMonthEnds[11]));
      // the instalments due (the year is over: every one of them overdue) and the criteria
      assert.ok(view.due.length > 0, 'Eppan has open instalments at the year end');
      assert.equal(await page.getByTestId('glance-due-table').locator('tbody tr').count(), view.due.length);
      assert.ok(view.due.every((d) => d.overdue));
      // "Bezahlen" on a row opens the hand payment of that instalment (closed again: nothing is paid here)
      const first = view.due.find((d) => d.orderNumber === null);
      await page.getByTestId(`glance-due-pay-${first.paymentId}`).click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      assert.match(await dialog.innerText(), new RegExp(first.supplierName));
      await shot(page, `30-glance-${language}-pay`);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      for (const c of view.criteria) {
        assert.equal(await page.getByTestId(`criterion-${c.criterion}`).getAttribute('data-state'), c.passed ? 'passed' : 'failed', c.criterion);
      }
      // the tight chapters as answered, exceeded ones marked; the first opens its chapter register
      const tight = view.tightChapters;
      assert.ok(tight.length >= 5, `five tight chapters at least: ${tight.length}`);
      for (const c of tight) assert.equal(await page.getByTestId(`glance-tight-${c.chapter}`).getAttribute('data-exceeded'), String(c.exceeded));
      // the mouse off the charts (no tooltip in the screenshots)
      await page.mouse.move(1360, 5);
      await shot(page, `30-glance-${language}-light`, { fullPage: true });
      await setTheme(page, 'dark');
      await page.mouse.move(1360, 5);
      await shot(page, `30-glance-${language}-dark`, { fullPage: true });
      await setTheme(page, 'light');

      await page.getByTestId(`glance-tight-open-${tight[0].chapter}`).click();
      const register = page.getByTestId('digest-chapterDigest');
      await register.waitFor();
      const code = await register.getByTestId('digest-chapter-code').inputValue();
      assert.equal(code.replace(/-/g, ''), tight[0].chapter);
      // the register's figure box shows the chapter's final budget as the glance does
      const budgetText = new Intl.NumberFormat('de-DE', { minimumFractionDigits: 2 }).format(tight[0].budgetFinal);
      await register.getByText(budgetText, { exact: false }).first().waitFor();
      await shot(page, `30-glance-${language}-chapter`);
      await page.keyboard.press('Escape');
      assertNoErrors(errors);
      await context.close();
    });
  }
});
