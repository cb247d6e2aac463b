/* global document */
import { describe, test } from 'node:test';
import { assert, assertNoErrors, baseUrl, newPage, openSignIn, pathOf, shot, signIn, useBrowser } from '../lib.mjs';

const browser = useBrowser();

describe('sign-in screen', () => {
  test('shows username (focused), password, remember-me and signs in with Enter', async () => {
    const { context, page, errors } = await newPage(browser());
    await openSignIn(page);
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('name')), 'username');
    assert.ok(await page.getByText('Angemeldet bleiben').isVisible());
    assert.ok(await page.getByRole('button', { name: 'Anmelden' }).isVisible());
    await shot(page, 'sign-in-de');
    await page.getByTestId('language-switch').getByText('IT').click();
    await page.getByText('Ricordami').waitFor();
    assert.ok(await page.getByRole('button', { name: 'Accedi' }).isVisible());
    await shot(page, 'sign-in-it');
    await page.getByTestId('language-switch').getByText('DE').click();
    await page.getByText('Angemeldet bleiben').waitFor();
    assertNoErrors(errors);
    await context.close();
  });

  test('wrong password: translated error, password field cleared, still on /', async () => {
    const { context, page } = await newPage(browser());
    await signIn(page, 'kassier', { password: 'falsch' });
    const alert = page.getByTestId('sign-in-error');
    await alert.waitFor();
    assert.match(await alert.innerText(), /Benutzername oder Passwort ist falsch/);
    assert.equal(await page.locator('input[name="password"]').inputValue(), '');
    assert.equal(await page.locator('input[name="username"]').inputValue(), 'kassier');
    assert.equal(pathOf(page), '/');
    await shot(page, 'sign-in-error');
    await context.close();
  });

  test('a locked user is refused', async () => {
    const { context, page } = await newPage(browser());
    await signIn(page, 'gesperrt');
    const alert = page.getByTestId('sign-in-error');
    await alert.waitFor();
    assert.match(await alert.innerText(), /gesperrt/);
    assert.equal(pathOf(page), '/');
    assert.equal(await page.locator('input[name="password"]').inputValue(), '');
    await context.close();
  });

  test('change-password mode: extra fields, OK and Zurück, errors translated', async () => {
    const { context, page } = await newPage(browser());
    await openSignIn(page);
    await page.getByTestId('change-password-toggle').click();
    await page.locator('input[name="newPassword"]').waitFor();
    assert.ok(await page.locator('input[name="newPasswordRepeat"]').isVisible());
    assert.ok(await page.getByRole('button', { name: 'OK' }).isVisible());
    assert.ok(await page.getByRole('button', { name: 'Zurück' }).isVisible());
    assert.equal(await page.getByRole('button', { name: 'Anmelden' }).count(), 0);
    await page.locator('input[name="username"]').fill('supervisor');
    await page.locator('input[name="password"]').fill('demo');
    await page.locator('input[name="newPassword"]').fill('neu123');
    await page.locator('input[name="newPasswordRepeat"]').fill('neu124');
    await shot(page, 'change-password');
    await page.locator('input[name="newPasswordRepeat"]').press('Enter');
    const alert = page.getByTestId('sign-in-error');
    await alert.waitFor();
    assert.match(await alert.innerText(), /Passwortwiederholung/);
    for (const name of ['password', 'newPassword', 'newPasswordRepeat']) {
      assert.equal(await page.locator(`input[name="${name}"]`).inputValue(), '', `${name} cleared`);
    }
    await page.getByRole('button', { name: 'Zurück' }).click();
    await page.getByRole('button', { name: 'Anmelden' }).waitFor();
    assert.equal(await page.locator('input[name="newPassword"]').count(), 0);
    await context.close();
  });

  test('any other path while signed out goes to /', async () => {
    const { context, page } = await newPage(browser());
    for (const path of ['/start', '/dept/101/year/2026', '/dept/101/year/2026/budget/forecast/details', '/irgendwas']) {
      await page.goto(`${baseUrl}${path}`);
      await page.locator('input[name="username"]').waitFor();
      assert.equal(pathOf(page), '/', `${path} redirects`);
    }
    await context.close();
  });
});
