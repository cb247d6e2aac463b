import { describe, test } from 'node:test';
import { assert, newPage, openSignIn, pathOf, signIn, signInAndWait, useBrowser } from '../lib.mjs';

const browser = useBrowser();

async function changePassword(page, username, oldPassword, newPassword) {
  await openSignIn(page);
  await page.getByTestId('change-password-toggle').click();
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(oldPassword);
  await page.locator('input[name="newPassword"]').fill(newPassword);
  await page.locator('input[name="newPasswordRepeat"]').fill(newPassword);
  await page.getByRole('button', { name: 'OK' }).click();
}

// Runs last: it changes a demo password (and changes it back).
describe('change password', () => {
  test('PasswordChanged, back to sign-in, the new password works', async () => {
    const { context, page } = await newPage(browser());
    await changePassword(page, 'zwei', 'demo', 'demo2');
    const ok = page.getByTestId('sign-in-success');
    await ok.waitFor();
    assert.match(await ok.innerText(), /Passwort wurde geändert/);
    assert.ok(await page.getByRole('button', { name: 'Anmelden' }).isVisible());
    assert.equal(await page.locator('input[name="password"]').inputValue(), '');

    await signIn(page, 'zwei', { password: 'demo' });
    await page.getByTestId('sign-in-error').waitFor();
    await signInAndWait(page, 'zwei', { password: 'demo2' });
    assert.equal(pathOf(page), '/start');
    await page.getByTestId('sign-out').click();
    await page.locator('input[name="username"]').waitFor();

    await changePassword(page, 'zwei', 'demo2', 'demo');
    await page.getByTestId('sign-in-success').waitFor();
    await context.close();
  });
});
