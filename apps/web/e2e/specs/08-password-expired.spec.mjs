import { describe, test } from 'node:test';
import { assert, baseUrl, newPage, pathOf, signIn, useBrowser } from '../lib.mjs';

const browser = useBrowser();

async function api(method, path, { token, body } = {}) {
  const res = await fetch(`${baseUrl}/api/${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, json: await res.json() };
}

describe('expired password', () => {
  test('PasswordExpired switches to change mode; the new password signs in', async () => {
    // a supervisor creates a user who must change the password at the first sign-in
    const login = await api('POST', 'Authenticate/login', { body: { username: 'supervisor', password: 'demo' } });
    assert.equal(login.status, 200);
    const scopes = await api('GET', 'Scopes', { token: login.json.token });
    const dept = scopes.json.departments.find((d) => d.code === '202');
    const created = await api('POST', 'Admin/Users', {
      token: login.json.token,
      body: {
        username: 'neuling',
        fullname: 'Nora Neuling',
        password: 'start1',
        passwordRepeat: 'start1',
        mustChangePassword: true,
        departmentIds: [dept.id],
        mainDepartmentId: dept.id,
      },
    });
    assert.equal(created.status, 200, JSON.stringify(created.json));

    const { context, page } = await newPage(browser());
    await signIn(page, 'neuling', { password: 'start1' });
    const error = page.getByTestId('sign-in-error');
    await error.waitFor();
    assert.match(await error.innerText(), /abgelaufen/i);
    // change mode with the new-password fields, password cleared
    await page.locator('input[name="newPassword"]').waitFor();
    assert.equal(await page.locator('input[name="password"]').inputValue(), '');
    assert.ok(await page.getByRole('button', { name: 'OK' }).isVisible());

    await page.locator('input[name="password"]').fill('start1');
    await page.locator('input[name="newPassword"]').fill('start1');
    await page.locator('input[name="newPasswordRepeat"]').fill('start1');
    await page.getByRole('button', { name: 'OK' }).click();
    await page
      .getByTestId('sign-in-error')
      .filter({ hasText: /gleich|alte/i })
      .waitFor();

    await page.locator('input[name="password"]').fill('start1');
    await page.locator('input[name="newPassword"]').fill('geheim7');
    await page.locator('input[name="newPasswordRepeat"]').fill('geheim7');
    await page.getByRole('button', { name: 'OK' }).click();
    await page.getByTestId('sign-in-success').waitFor();
    await signIn(page, 'neuling', { password: 'geheim7' });
    await page.waitForURL((url) => url.pathname !== '/');
    assert.equal(pathOf(page), `/dept/202/year/${new Date().getFullYear()}`);
    await context.close();
  });
});
