/* global document, window */
/**
 * The developers' interface (issue 16): /api/docs is the interactive reference of /api, served by
 * the app itself under its Content-Security-Policy. A developer finds GET /Budget/Chapters, signs
 * in by POST /Authenticate/login in the page (the answered token authorizes the next calls) and
 * tries the call on the demo's previous year (approved, booked): 200 with the chapters in euros.
 */
import { describe, test } from 'node:test';
import { assert, assertNoErrors, baseUrl, currentYear, newPage, rest, shot, useBrowser } from '../lib.mjs';

const browser = useBrowser();

/** The operation block of a path (Swagger UI marks the path in data-path). */
function operation(page, method, path) {
  return page.locator(`.opblock-${method}`).filter({ has: page.locator(`.opblock-summary-path[data-path="${path}"]`) });
}

describe('API reference', () => {
  test('/api/docs shows Budget/Chapters; signing in there lets a developer try the call', async () => {
    const { context, page, errors } = await newPage(browser());
    await context.addInitScript(() => {
      window.__csp = [];
      document.addEventListener('securitypolicyviolation', (e) => window.__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
    const response = await page.goto(`${baseUrl}/api/docs`);
    assert.equal(response?.status(), 200);
    assert.match(response?.headers()['content-security-policy'] ?? '', /script-src 'self'/);
    // the first call builds the document and the page loads Swagger UI (1.7 MB): give it time
    await page.getByText('Feuerwehr Haushalt API').first().waitFor({ timeout: 60_000 });
    await shot(page, 'api-docs');

    // sign in inside the page: the answer's token authorizes the following calls
    // Swagger UI goes on rendering the long list after the title shows: on a loaded machine (CI's shards
    // share two cores) the first click waited 15 s for the page's busy main thread, so the first
    // interactions get the same minute the page's load had
    const login = operation(page, 'post', '/Authenticate/login');
    await login.locator('.opblock-summary').click({ timeout: 60_000 });
    await login.locator('textarea.body-param__text').fill(JSON.stringify({ username: 'kassier', password: 'demo' }), { timeout: 60_000 });
    await login.locator('button.execute').click();
    await login.locator('.live-responses-table tr.response .response-col_status').first().waitFor();
    assert.equal((await login.locator('.live-responses-table tr.response .response-col_status').first().innerText()).trim(), '200');
    await page.locator('.btn.authorize.locked').first().waitFor();

    // the list is long (and rendered as it scrolls): the filter finds the screen by its tag
    await page.getByPlaceholder('Filter by tag or path').fill('Budget chapters');
    const chapters = operation(page, 'get', '/Budget/Chapters');
    await chapters.waitFor();
    assert.match(await chapters.locator('.opblock-summary-description').innerText(), /Kapitel \/ Capitoli/);
    const scopes = await rest('kassier', 'GET', 'Scopes');
    const dept = scopes.json.departments.find((d) => d.code === '101').id;
    // open the operation; Swagger UI re-renders the filtered list meanwhile on a loaded machine, so a click may
    // land on a summary that is replaced: click again until its parameters show
    const departmentField = chapters.locator('input[placeholder="departmentId"]');
    for (let attempt = 0; attempt < 4 && !(await departmentField.isVisible()); attempt++) {
      await chapters.locator('.opblock-summary').click({ timeout: 30_000 });
      await departmentField.waitFor({ timeout: 10_000 }).catch(() => undefined);
    }
    await departmentField.fill(String(dept));
    await chapters.locator('input[placeholder="year"]').fill(String(currentYear - 1));
    await chapters.locator('button.execute').click();
    const status = chapters.locator('.live-responses-table tr.response .response-col_status').first();
    await status.waitFor();
    assert.equal((await status.innerText()).trim(), '200');
    const body = await chapters.locator('.live-responses-table tr.response .response-col_description pre').first().innerText();
    assert.match(body, /"entities"/);
    assert.match(body, /"budgetFinal": -?\d+(\.\d{1,2})?[,\n]/);
    await chapters.locator('.live-responses-table').scrollIntoViewIfNeeded();
    await shot(page, 'api-docs-try-chapters');

    assert.deepEqual(await page.evaluate(() => window.__csp), [], 'no CSP violations');
    assertNoErrors(errors);
    await context.close();
  });
});
