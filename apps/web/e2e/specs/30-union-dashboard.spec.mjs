/**
 * The union's dashboard (issue 30) on the union's overview of departments, as the union's administrator reads the
 * demo's previous year (every forecast approved in time, every final account past its 31.03. deadline): the stacked
 * bars' tables, the brigades' table, the cash month by month, the figures per district and the late approvals equal
 * GET Overview/Union figure by figure; a click on a bar filters the brigades' table to that district and state, and
 * the CSV holds what the table shows. German and Italian, light and dark, screenshots of each.
 */
import { readFile } from 'node:fs/promises';
import { describe, test } from 'node:test';
import { assert, assertNoErrors, baseUrl, cents, currentYear, departmentIdOf, openAs, rest, setTheme, shot, useBrowser } from '../lib.mjs';

const browser = useBrowser();
const prev = currentYear - 1;

const texts = {
  de: {
    forecast: 'Haushaltsvoranschlag',
    final: 'Rechnungsabschluss',
    cash: 'Kassa am Monatsende',
    late: 'Verspätete Genehmigungen',
    missing: 'fehlt noch',
    csv: 'Code;Name;Bezirk',
  },
  it: {
    forecast: 'Bilancio di previsione',
    final: 'Rendiconto',
    cash: 'Cassa a fine mese',
    late: 'Approvazioni in ritardo',
    missing: 'ancora mancante',
    csv: 'Codice;Nome;Distretto',
  },
};

const euro = (v) => Math.round(v * 100);

/** The cells' texts of a row (by test id), the first `skip` cells (labels) left out. */
async function rowTexts(page, testId, skip = 1) {
  return (await page.getByTestId(testId).locator('td').allInnerTexts()).slice(skip).map((s) => s.trim());
}

describe('the union dashboard', () => {
  for (const language of ['de', 'it']) {
    test(`the union's previous year equals GET Overview/Union (${language})`, async () => {
      const t = texts[language];
      const union = await departmentIdOf('000');
      const { page, errors, context } = await openAs(browser(), 'admin', `${baseUrl}/dept/000/year/${prev}/overview/departments`, {
        ready: 'union-dashboard',
        language,
        acceptDownloads: true,
      });
      const { json: view } = await rest('admin', 'GET', `Overview/Union?departmentId=${union}&year=${prev}`);
      assert.ok(view.departments.length >= 7, `the demo's departments: ${view.departments.length}`);

      assert.match(await page.getByTestId('union-states-forecast').innerText(), new RegExp(t.forecast, 'i'));
      assert.match(await page.getByTestId('union-states-finalAccount').innerText(), new RegExp(t.final, 'i'));
      assert.match(await page.getByTestId('union-cash').innerText(), new RegExp(t.cash, 'i'));
      assert.match(await page.getByTestId('union-late').innerText(), new RegExp(t.late, 'i'));

      // the bars' tables: per district and for the union the brigades by state, as answered
      for (const totals of [...view.districts, view.union]) {
        const key = totals.district ?? 'union';
        assert.deepEqual((await rowTexts(page, `union-states-forecast-${key}`)).map(Number), Object.values(totals.forecast), `forecast ${key}`);
        assert.deepEqual((await rowTexts(page, `union-states-finalAccount-${key}`)).map(Number), Object.values(totals.finalAccount), `final ${key}`);
        const figures = await rowTexts(page, `union-figures-${key}`);
        assert.deepEqual(
          [Number(figures[0]), ...figures.slice(1, 4).map(cents), Number(figures[4])],
          [totals.departments, euro(totals.openPayments), euro(totals.activeResidues), euro(totals.passiveResidues), totals.withExceededChapters],
          `figures ${key}`,
        );
      }
      // the cash table: a row per month's end, a column per district and the union (last)
      const columns = [...view.districts, view.union];
      for (let m = 1; m <= 12; m++) {
        assert.deepEqual(
          (await rowTexts(page, `union-cash-month-${m}`)).map(cents),
          columns.map((c) => euro(c.cashMonthEnds[m - 1])),
          `cash month ${m}`,
        );
      }
      // the demo's previous year: approved forecasts, final accounts late; the booked brigades moved cash
      assert.equal(view.union.forecast.approved, view.departments.length);
      assert.equal(view.union.finalAccount.late, view.departments.length);
      assert.ok(new Set(view.union.cashMonthEnds).size > 1, 'the cash moved during the year');

      // the brigades' table: every department's figures, the total row the union's
      for (const d of view.departments) {
        const row = page.getByTestId(`union-brigade-${d.code}`);
        assert.equal(await row.locator('td[data-state]').first().getAttribute('data-state'), d.forecast, `${d.code} forecast`);
        assert.equal(await row.locator('td[data-state]').nth(1).getAttribute('data-state'), d.finalAccount, `${d.code} final`);
        const states = await rowTexts(page, `union-brigade-${d.code}`, 2);
        assert.equal(states[0].split('\n').at(-1), d.forecastApproval.split('-').reverse().join('.'), `${d.code} forecast approval`);
        const cells = await rowTexts(page, `union-brigade-${d.code}`, 4);
        assert.deepEqual(
          [...cells.slice(0, 4).map(cents), Number(cells[4])],
          [euro(d.cashMonthEnds[11]), euro(d.openPayments), euro(d.activeResidues), euro(d.passiveResidues), d.exceededChapters],
          `${d.code} figures`,
        );
      }
      const total = await rowTexts(page, 'union-brigades-total', 4);
      assert.deepEqual(
        total.slice(0, 4).map(cents),
        [view.union.cashMonthEnds[11], view.union.openPayments, view.union.activeResidues, view.union.passiveResidues].map(euro),
      );

      // the late approvals: each final account with its deadline, still missing, the days counted to today
      assert.equal(await page.getByTestId('union-late-table').locator('tbody tr').count(), view.late.length);
      for (const l of view.late) {
        const cells = await rowTexts(page, `union-late-${l.kind}-${l.code}`, 3);
        assert.equal(cells[0], l.deadline.split('-').reverse().join('.'));
        assert.equal(cells[1], l.approval ? l.approval.split('-').reverse().join('.') : t.missing);
        assert.equal(Number(cells[2]), l.daysLate);
      }

      await page.mouse.move(1360, 5);
      await shot(page, `30-union-${language}-light`, { fullPage: true });
      await setTheme(page, 'dark');
      await page.mouse.move(1360, 5);
      await shot(page, `30-union-${language}-dark`, { fullPage: true });
      await setTheme(page, 'light');

      // a click on the final account's bar of a district filters the brigades' table to it (every final account is
      // late: one drawn segment per district, in the districts' order)
      const bars = page.getByTestId('union-states-finalAccount').locator('.recharts-bar-rectangle path');
      assert.ok((await bars.count()) >= view.districts.length, 'a bar per district');
      const district = view.districts[1].district;
      await bars.nth(1).click();
      const filter = page.getByTestId('union-filter');
      await filter.waitFor();
      assert.equal(await filter.getAttribute('data-district'), district);
      assert.equal(await filter.getAttribute('data-state'), 'late');
      const shown = view.departments.filter((d) => d.district === district && d.finalAccount === 'late');
      assert.equal(await page.getByTestId('union-brigades-table').locator('tbody tr').count(), shown.length + 1);
      for (const d of shown) await page.getByTestId(`union-brigade-${d.code}`).waitFor();
      await page.mouse.move(1360, 5);
      await shot(page, `30-union-${language}-filtered`);

      // the CSV: what the table shows, then the total row
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('union-export').click()]);
      const lines = (await readFile(await download.path(), 'utf8'))
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      assert.match(download.suggestedFilename(), new RegExp(`${prev}\\.csv$`));
      assert.ok(lines[0].startsWith(t.csv), lines[0]);
      assert.deepEqual(
        lines.slice(1, -1).map((l) => l.split(';')[0]),
        shown.map((d) => d.code),
      );
      const sumDecember = shown.reduce((s, d) => s + euro(d.cashMonthEnds[11]), 0);
      const december = lines.at(-1).split(';')[7 + 11];
      assert.equal(cents(december), sumDecember, `CSV December total ${december}`);

      // the filter is in the URL: a reload shows the same brigades
      // (the router writes a value that reads as a number JSON-quoted: dashDistrict="100")
      const url = new URL(page.url());
      const param = (key) => {
        const value = url.searchParams.get(key);
        return value?.startsWith('"') ? JSON.parse(value) : value;
      };
      assert.deepEqual([param('dashDistrict'), param('dashKind'), param('dashState')], [district, 'finalAccount', 'late']);
      await page.reload();
      await filter.waitFor();
      assert.equal(await filter.getAttribute('data-district'), district);
      assert.equal(await page.getByTestId('union-brigades-table').locator('tbody tr').count(), shown.length + 1);

      // clearing the filter shows every brigade again (and leaves the URL)
      await page.getByTestId('union-filter-clear').click();
      await filter.waitFor({ state: 'hidden' });
      assert.equal(new URL(page.url()).searchParams.get('dashDistrict'), null);
      assert.equal(await page.getByTestId('union-brigades-table').locator('tbody tr').count(), view.departments.length + 1);
      assertNoErrors(errors);
      await context.close();
    });
  }
});
