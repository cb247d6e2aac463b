/**
 * The union's overview as a union clerk reads it (issue 25 item 9), in German and Italian: the admin of
 * the union and district 100 sees every department of the previous demo year (all approved with a surplus
 * used). The revenues include the surplus used (shown beside them), so every approved, balanced forecast
 * reads revenues = expenses; the final account column says "offen" / "aperto"; only the rows of the
 * departments the admin may open (000, 100) are clickable: a click on 101 stays on the list, a click on
 * 100 opens its forecast.
 */
import { describe, test } from 'node:test';
import { assert, assertNoErrors, baseUrl, currentYear, openAs, pathOf, shot, useBrowser } from '../lib.mjs';

const browser = useBrowser();
const year = currentYear - 1;
// approved forecasts only: departments other specs created on this server (no forecast) stay out of the page
const url = `${baseUrl}/dept/000/year/${year}/overview/departments?status=approved`;
const texts = {
  de: { surplus: 'davon Überschuss', final: 'Rechnungsabschluss', open: 'offen' },
  it: { surplus: 'di cui avanzo', final: 'Rendiconto', open: 'aperto' },
};

/** The row of a department by its code (first cell). */
const rowOf = (page, code) => page.locator(`[data-testid="overview-table"] tr[data-row]`).filter({ has: page.locator('td:first-child', { hasText: code }) });

for (const language of ['de', 'it']) {
  const t = texts[language];
  describe(`union overview (${language})`, () => {
    test('revenues with the surplus used, the final account state, only openable rows open', async () => {
      const { context, page, errors } = await openAs(browser(), 'admin', url, { ready: 'overview-table', language });
      await rowOf(page, '202').waitFor();
      const headers = await page.locator('[data-testid="overview-table"] thead th').allInnerTexts();
      assert.ok(headers.some((h) => h.includes(t.surplus)) && headers.some((h) => h.includes(t.final)), `headers: ${headers.join(' | ')}`);
      await shot(page, `overview-union-${language}`);

      // every approved forecast of the demo is balanced: revenues (with the surplus used) = expenses, the surplus beside them
      for (const code of ['101', '102', '201']) {
        const cells = await rowOf(page, code).locator('td').allInnerTexts();
        const [revenues, surplus, expenses] = [cells[2], cells[3], cells[4]].map((c) => c.trim());
        assert.equal(revenues, expenses, `${code}: revenues ${revenues} = expenses ${expenses}`);
        assert.match(surplus, /\d,\d\d €$/, `${code}: the surplus used ${surplus}`);
        assert.equal((await rowOf(page, code).getByTestId('row-final').innerText()).trim(), t.open);
      }

      // 101 is not the admin's: no pointer, a click stays on the list
      const foreign = rowOf(page, '101');
      assert.equal(await foreign.getAttribute('data-clickable'), null);
      assert.equal(await foreign.evaluate((el) => globalThis.getComputedStyle(el).cursor), 'auto');
      await foreign.click();
      await page.waitForTimeout(300);
      assert.equal(pathOf(page).split('?')[0], `/dept/000/year/${year}/overview/departments`);

      // 100 is: it opens its forecast
      assert.equal(await rowOf(page, '100').getAttribute('data-clickable'), 'true');
      await rowOf(page, '100').click();
      await page.waitForURL((u) => u.pathname === `/dept/100/year/${year}/budget/forecast/details`);
      assertNoErrors(errors);
      await context.close();
    });
  });
}
