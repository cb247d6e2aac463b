/**
 * A production start, end to end: its own server on a new, empty embedded database with
 * INITIAL_SUPERVISOR (no demo data), the supervisor's first sign-in with the password change, the
 * first setup (union and first year) and the union's departments screen.
 */
import { after, before, describe, test } from 'node:test';
import { assert, assertNoErrors, currentYear, newPage, pathOf, shot, useBrowser } from '../lib.mjs';
import { startServer } from '../server.mjs';

const browser = useBrowser();

/** The sign-in form of this spec's own server. */
async function signIn(page, username, password) {
  await page.goto(`${base}/`);
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('input[name="password"]').press('Enter');
}

let server;
let base;

before(async () => {
  server = await startServer({
    name: 'first',
    env: {
      SEED_DEMO: undefined, // the default (auto) would seed an empty embedded database; the first supervisor keeps it out
      INITIAL_SUPERVISOR: 'chef',
      INITIAL_SUPERVISOR_PASSWORD: 'Anfang1',
    },
  });
  base = server.base;
});

after(async () => {
  await server?.stop();
});

describe('first start of a production installation', () => {
  test('initial supervisor signs in, changes the password, sets up the union and the first year', async () => {
    // the one start-log line: which database, no demo data, the supervisor created
    const output = server.output();
    assert.match(output, /"msg":"database: PGlite \/\S+ \(demo data: none, initial supervisor \\"chef\\" created\)"/);
    assert.doesNotMatch(output, /Anfang1/);
    assert.doesNotMatch(output, /Demo logins/);

    const { context, page, errors } = await newPage(browser());
    await signIn(page, 'chef', 'Anfang1');
    const error = page.getByTestId('sign-in-error');
    await error.waitFor();
    assert.match(await error.innerText(), /abgelaufen/i);
    await page.locator('input[name="password"]').fill('Anfang1');
    await page.locator('input[name="newPassword"]').fill('Feuer22');
    await page.locator('input[name="newPasswordRepeat"]').fill('Feuer22');
    await page.getByRole('button', { name: 'OK' }).click();
    await page.getByTestId('sign-in-success').waitFor();
    await signIn(page, 'chef', 'Feuer22');
    await page.waitForURL((url) => url.pathname !== '/');
    assert.equal(pathOf(page), '/start');

    const setup = page.getByTestId('first-setup');
    await setup.waitFor();
    assert.equal(await page.getByTestId('demo-badge').count(), 0);
    assert.equal(await page.locator('input[name="name1Deu"]').inputValue(), 'Landesfeuerwehrverband');
    assert.equal(await page.locator('input[name="year"]').inputValue(), String(currentYear));
    await shot(page, 'first-start-setup');

    // a cleared name is refused in the form
    await page.locator('input[name="name2Deu"]').fill('');
    await page.getByTestId('first-setup-save').click();
    await setup.getByText('Dieses Feld ist erforderlich').waitFor();
    await page.locator('input[name="name2Deu"]').fill('Südtirol');
    await page.getByTestId('first-setup-save').click();
    await page.waitForURL((url) => url.pathname === `/dept/000/year/${currentYear}/departments/edit`);
    await page.getByText('Landesfeuerwehrverband Südtirol').first().waitFor();
    assert.match(await page.getByTestId('department-picker').inputValue(), /000 Landesfeuerwehrverband Südtirol/);
    await shot(page, 'first-start-departments');
    assertNoErrors(errors);
    await context.close();
  });
});
