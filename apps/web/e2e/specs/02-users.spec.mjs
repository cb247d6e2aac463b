import { describe, test } from 'node:test';
import { assert, assertNoErrors, currentYear, newPage, pathOf, selectOptions, shot, signInAndWait, useBrowser } from '../lib.mjs';

const browser = useBrowser();

describe('landing after sign-in per demo user', () => {
  test('kassier (one department) lands on /dept/101/year/<current>', async () => {
    const { context, page, errors } = await newPage(browser());
    await signInAndWait(page, 'kassier');
    assert.equal(pathOf(page), `/dept/101/year/${currentYear}`);
    await page.getByTestId('scope-title').waitFor();
    assert.equal((await page.getByTestId('scope-year').innerText()).trim(), String(currentYear));
    assert.ok(await page.getByTestId('badge-not-approved').isVisible());
    assert.equal((await page.getByTestId('user-fullname').innerText()).trim(), 'Karl Kassier');
    const options = await selectOptions(page, 'department-picker');
    assert.equal(options.length, 1);
    assert.match(options[0], /^101 /);
    const years = await selectOptions(page, 'year-picker');
    assert.deepEqual(years, [String(currentYear), String(currentYear - 1)]);
    await shot(page, 'shell-de');
    assertNoErrors(errors);
    await context.close();
  });

  test('zwei (two departments) lands on /start and picks one', async () => {
    const { context, page, errors } = await newPage(browser());
    await signInAndWait(page, 'zwei');
    assert.equal(pathOf(page), '/start');
    const chooser = page.getByTestId('department-chooser');
    await chooser.waitFor();
    assert.equal(await chooser.locator('tbody tr').count(), 2);
    assert.ok(await page.getByTestId('choose-102').isVisible());
    assert.ok(await page.getByTestId('choose-201').isVisible());
    await shot(page, 'start-page');
    await page.getByTestId('choose-201').click();
    await page.waitForURL(`**/dept/201/year/${currentYear}`);
    await page.getByTestId('scope-title').waitFor();
    assertNoErrors(errors);
    await context.close();
  });

  test('supervisor sees all 7 departments in the picker', async () => {
    const { context, page, errors } = await newPage(browser());
    await signInAndWait(page, 'supervisor');
    assert.equal(pathOf(page), '/start');
    await page.getByTestId('department-chooser').waitFor();
    const options = await selectOptions(page, 'department-picker');
    assert.deepEqual(
      options.map((o) => o.slice(0, 3)),
      ['000', '100', '101', '102', '200', '201', '202'],
    );
    assertNoErrors(errors);
    await context.close();
  });

  test('admin (union and district) lands on /start with 000 and 100', async () => {
    const { context, page, errors } = await newPage(browser());
    await signInAndWait(page, 'admin');
    assert.equal(pathOf(page), '/start');
    const options = await selectOptions(page, 'department-picker');
    assert.deepEqual(
      options.map((o) => o.slice(0, 3)),
      ['000', '100'],
    );
    assertNoErrors(errors);
    await context.close();
  });

  test('the last scope is remembered for the next sign-in (single department: its year)', async () => {
    const { context, page } = await newPage(browser());
    await signInAndWait(page, 'kassier');
    await page.goto(page.url().replace(`/year/${currentYear}`, `/year/${currentYear - 1}`));
    await page.getByTestId('scope-title').waitFor();
    await page.getByTestId('sign-out').click();
    await page.locator('input[name="username"]').waitFor();
    await signInAndWait(page, 'kassier');
    assert.equal(pathOf(page), `/dept/101/year/${currentYear - 1}`);
    await context.close();
  });
});
