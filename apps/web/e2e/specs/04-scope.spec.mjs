import { describe, test } from 'node:test';
import { assert, assertNoErrors, baseUrl, chooseOption, currentYear, menuEntry, newPage, pathOf, shot, signInAndWait, useBrowser } from '../lib.mjs';

const browser = useBrowser();
const prev = currentYear - 1;

describe('scope in the address', () => {
  test('changing year or department rewrites the path and keeps the screen', async () => {
    const { context, page, errors } = await newPage(browser());
    await signInAndWait(page, 'zwei');
    await page.goto(`${baseUrl}/dept/102/year/${currentYear}/budget/forecast/details`);
    await page.getByTestId('screen-title').waitFor();

    await chooseOption(page, 'year-picker', String(prev));
    await page.waitForURL(`**/dept/102/year/${prev}/budget/forecast/details`);
    await page.getByTestId('screen-title').waitFor();

    await chooseOption(page, 'department-picker', /^201 /);
    await page.waitForURL(`**/dept/201/year/${prev}/budget/forecast/details`);
    await page.getByTestId('screen-title').waitFor();
    assert.equal(pathOf(page), `/dept/201/year/${prev}/budget/forecast/details`);

    // the picker is searchable
    await page.getByTestId('department-picker').click();
    await page.getByTestId('department-picker').fill('102');
    await page.getByRole('option', { name: /^102 / }).click();
    await page.waitForURL(`**/dept/102/year/${prev}/budget/forecast/details`);
    assertNoErrors(errors);
    await context.close();
  });

  test('from /start the year picker chooses the year for the department', async () => {
    const { context, page } = await newPage(browser());
    await signInAndWait(page, 'zwei');
    await page.goto(`${baseUrl}/start`);
    await chooseOption(page, 'year-picker', String(prev));
    await page.waitForURL(`**/start?year=${prev}`);
    await page.getByTestId('choose-102').click();
    await page.waitForURL(`**/dept/102/year/${prev}`);
    await page.getByTestId('badge-approved').waitFor();
    await context.close();
  });

  test('a deep link to a foreign department is refused and shows none of its data', async () => {
    const { context, page } = await newPage(browser());
    await signInAndWait(page, 'kassier');
    await page.goto(`${baseUrl}/dept/102/year/${currentYear}`);
    const refusal = page.getByTestId('scope-refused');
    await refusal.waitFor();
    assert.match(await refusal.innerText(), /Kein Zugriff auf diese Feuerwehr/);
    assert.equal(await page.getByTestId('scope-title').count(), 0);
    assert.equal(await page.locator('[data-menu-key]').count(), 0);
    await shot(page, 'refusal');

    await page.goto(`${baseUrl}/dept/102/year/${currentYear}/budget/forecast/details`);
    await refusal.waitFor();
    assert.equal(await page.getByTestId('screen-title').count(), 0);

    // the server refuses too (the client is not the only guard)
    const token = await page.evaluate(() => JSON.parse(sessionStorage.getItem('fwh.auth') ?? 'null')?.token);
    const codes = [];
    for (let departmentId = 1; departmentId <= 7; departmentId++) {
      const input = encodeURIComponent(JSON.stringify({ departmentId, year: currentYear }));
      const res = await fetch(`${baseUrl}/trpc/scope.status?input=${input}`, { headers: { Authorization: `Bearer ${token}` } });
      const body = await res.json();
      codes.push(res.ok ? 'ok' : body.error.data.appCode);
    }
    assert.equal(codes.filter((c) => c === 'ok').length, 1, `only 101 is allowed: ${codes.join(',')}`);
    assert.equal(codes.filter((c) => c === 'DepartmentNotAllowed').length, 6);

    await page.getByRole('link', { name: 'Zu meinen Feuerwehren' }).click();
    await page.waitForURL(`**/dept/101/year/${currentYear}`);
    await context.close();
  });

  test('a year that does not exist is refused', async () => {
    const { context, page } = await newPage(browser());
    await signInAndWait(page, 'kassier');
    await page.goto(`${baseUrl}/dept/101/year/1999`);
    await page.getByTestId('scope-refused').waitFor();
    await context.close();
  });

  test('sign-out returns to / and the scope is no longer reachable', async () => {
    const { context, page } = await newPage(browser());
    await signInAndWait(page, 'kassier');
    await menuEntry(page, 'budgetForecast');
    await page.getByTestId('sign-out').click();
    await page.waitForURL(`${baseUrl}/`);
    await page.locator('input[name="username"]').waitFor();
    assert.equal(await page.evaluate(() => sessionStorage.getItem('fwh.auth') ?? localStorage.getItem('fwh.auth')), null);
    await page.goto(`${baseUrl}/dept/101/year/${currentYear}`);
    await page.locator('input[name="username"]').waitFor();
    assert.equal(pathOf(page), '/');
    await context.close();
  });

  test('a rejected token (401) signs out and returns to /', async () => {
    const { context, page } = await newPage(browser());
    await signInAndWait(page, 'kassier');
    await page.evaluate(() => {
      const auth = JSON.parse(sessionStorage.getItem('fwh.auth') ?? '{}');
      sessionStorage.setItem('fwh.auth', JSON.stringify({ ...auth, token: 'abgelaufen' }));
    });
    await page.reload();
    await page.locator('input[name="username"]').waitFor();
    assert.equal(pathOf(page), '/');
    assert.equal(await page.evaluate(() => sessionStorage.getItem('fwh.auth')), null);
    await context.close();
  });
});
