/* global document */
import { describe, test } from 'node:test';
import { assert, assertNoErrors, backToGerman, baseUrl, currentYear, menuEntry, newPage, shot, signInAndWait, useBrowser } from '../lib.mjs';

const browser = useBrowser();

describe('language, theme and remembered sign-in', () => {
  test('switching to Italian translates the shell and is stored for the user', async () => {
    const { context, page, errors } = await newPage(browser());
    await signInAndWait(page, 'admin');
    await page.goto(`${baseUrl}/dept/000/year/${currentYear}`);
    await page.getByTestId('scope-title').waitFor();
    const saved = page.waitForResponse((res) => res.url().includes('auth.setLanguage') && res.ok());
    await page.getByTestId('language-switch').getByText('IT').click();
    await saved;
    await page.getByRole('button', { name: 'Esci' }).waitFor();
    assert.match(await (await menuEntry(page, 'budgetForecast')).innerText(), /Bilancio di previsione/);
    assert.match(await (await menuEntry(page, 'baseData')).innerText(), /Dati di base/);
    assert.match(await (await menuEntry(page, 'utilities')).innerText(), /Utilità/);
    assert.match(await page.locator('main').innerText(), /Esercizio finanziario/);
    await shot(page, 'shell-it');

    // a new browser (no local preference): the language comes from the server after sign-in
    const other = await newPage(browser());
    await other.page.goto(`${baseUrl}/`);
    await other.page.getByRole('button', { name: 'Anmelden' }).waitFor();
    await signInAndWait(other.page, 'admin');
    await other.page.getByRole('button', { name: 'Esci' }).waitFor();
    await other.page.getByTestId('sign-out').click();
    await other.page.getByRole('button', { name: 'Accedi' }).waitFor();
    await other.context.close();

    await backToGerman(page);
    assertNoErrors(errors);
    await context.close();
  });

  test('dark theme', async () => {
    const { context, page } = await newPage(browser());
    await signInAndWait(page, 'kassier');
    await page.getByTestId('scope-title').waitFor();
    await page.getByTestId('theme-toggle').click();
    await page.waitForFunction(() => document.documentElement.getAttribute('data-mantine-color-scheme') === 'dark');
    await menuEntry(page, 'budgetForecast', 'budgetForecast.details');
    await shot(page, 'shell-dark');
    await page.reload();
    await page.getByTestId('scope-title').waitFor();
    assert.equal(await page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme')), 'dark');
    await page.getByTestId('theme-toggle').click();
    await page.waitForFunction(() => document.documentElement.getAttribute('data-mantine-color-scheme') === 'light');
    await context.close();
  });

  test('remember-me keeps the sign-in in localStorage; otherwise sessionStorage only', async () => {
    const remembered = await newPage(browser());
    await signInAndWait(remembered.page, 'kassier', { remember: true });
    const stored = await remembered.page.evaluate(() => ({ local: localStorage.getItem('fwh.auth'), session: sessionStorage.getItem('fwh.auth') }));
    assert.ok(stored.local && JSON.parse(stored.local).token, 'token in localStorage');
    assert.equal(stored.session, null);
    // a new tab of the same browser is still signed in
    const tab = await remembered.context.newPage();
    await tab.goto(`${baseUrl}/`);
    await tab.waitForURL(`**/dept/101/year/${currentYear}`);
    await tab.close();
    await remembered.context.close();

    const once = await newPage(browser());
    await signInAndWait(once.page, 'kassier');
    const stored2 = await once.page.evaluate(() => ({ local: localStorage.getItem('fwh.auth'), session: sessionStorage.getItem('fwh.auth') }));
    assert.equal(stored2.local, null);
    assert.ok(stored2.session && JSON.parse(stored2.session).token, 'token in sessionStorage');
    // a new tab has its own session storage: signed out there
    const tab2 = await once.context.newPage();
    await tab2.goto(`${baseUrl}/dept/101/year/${currentYear}`);
    await tab2.locator('input[name="username"]').waitFor();
    await once.context.close();
  });
});
