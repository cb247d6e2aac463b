import { describe, test } from 'node:test';
import { assert, assertNoErrors, baseUrl, currentYear, isEnabled, menuEntry, newPage, shot, signInAndWait, useBrowser } from '../lib.mjs';

const browser = useBrowser();
const prev = currentYear - 1;

async function openScope(page, dept, year) {
  await page.goto(`${baseUrl}/dept/${dept}/year/${year}`);
  await page.getByTestId('scope-title').waitFor();
  await page.getByTestId('side-menu').waitFor();
}

describe('side menu enablement', () => {
  test('kassier: forecast enabled, management disabled in the current year; management enabled in the previous year', async () => {
    const { context, page, errors } = await newPage(browser());
    await signInAndWait(page, 'kassier');
    await openScope(page, '101', currentYear);
    assert.equal(await isEnabled(await menuEntry(page, 'budgetForecast')), true);
    assert.equal(await isEnabled(await menuEntry(page, 'budgetForecast', 'budgetForecast.details')), true);
    assert.equal(await isEnabled(await menuEntry(page, 'management')), false);
    assert.equal(await isEnabled(await menuEntry(page, 'budgetChanges')), false);
    assert.equal(await isEnabled(await menuEntry(page, 'utilities', 'utilities.users')), false);
    assert.equal(await isEnabled(await menuEntry(page, 'utilities', 'utilities.departmentUsers')), true);

    // no raw message keys in the menu
    const labels = await page.getByTestId('side-menu').locator('.mantine-NavLink-label').allInnerTexts();
    assert.ok(labels.length > 10);
    for (const label of labels) assert.doesNotMatch(label, /^[a-zA-Z]+\.[a-zA-Z.]+$/, `untranslated label ${label}`);

    await openScope(page, '101', prev);
    assert.equal(await isEnabled(await menuEntry(page, 'management')), true);
    assert.equal(await isEnabled(await menuEntry(page, 'management', 'management.movements.revenues')), true);
    // 101 does not allow open payments: the group is not shown at all
    assert.equal(await page.locator('[data-menu-key="management.payments"]').count(), 0);
    assertNoErrors(errors);
    await context.close();
  });

  test('open payments group only for 102', async () => {
    const { context, page } = await newPage(browser());
    await signInAndWait(page, 'zwei');
    await openScope(page, '102', prev);
    const group = await menuEntry(page, 'management', 'management.payments');
    assert.equal(await isEnabled(group), true);
    await openScope(page, '201', prev);
    await menuEntry(page, 'management', 'management.accounts');
    assert.equal(await page.locator('[data-menu-key="management.payments"]').count(), 0);
    await context.close();
  });

  test('supervisor: users enabled', async () => {
    const { context, page } = await newPage(browser());
    await signInAndWait(page, 'supervisor');
    await openScope(page, '101', currentYear);
    assert.equal(await isEnabled(await menuEntry(page, 'utilities', 'utilities.users')), true);
    await context.close();
  });

  test('admin: users enabled in 000 (union), disabled in 100 (district)', async () => {
    const { context, page } = await newPage(browser());
    await signInAndWait(page, 'admin');
    await openScope(page, '000', currentYear);
    assert.equal(await isEnabled(await menuEntry(page, 'utilities', 'utilities.users')), true);
    await openScope(page, '100', currentYear);
    assert.equal(await isEnabled(await menuEntry(page, 'utilities', 'utilities.users')), false);
    await context.close();
  });

  test('menu screens: a screen opened from the menu names itself; a disabled one reached by URL is refused', async () => {
    const { context, page, errors } = await newPage(browser());
    await signInAndWait(page, 'kassier');
    // every menu screen is built now: residue determination of the approved previous year opens with its title
    await openScope(page, '101', prev);
    await (await menuEntry(page, 'residues', 'residues.determination')).click();
    await page.waitForURL(`**/dept/101/year/${prev}/residues/determination`);
    assert.equal((await page.getByTestId('screen-title').first().innerText()).trim(), `Feststellung der Rückstände ${prev}`);
    assert.equal(await page.getByTestId('screen-not-available').count(), 0);
    const current = page.getByTestId('side-menu').locator('.mantine-NavLink-root:is([aria-current="page"], [data-active])');
    assert.equal(await current.count(), 1, 'exactly one active menu entry');
    assert.equal(await current.getAttribute('data-menu-key'), 'residues.determination');
    await shot(page, 'menu-screen');

    await page.goto(`${baseUrl}/dept/101/year/${currentYear}/users`);
    await page.getByTestId('screen-disabled').waitFor();
    assert.equal((await page.getByTestId('screen-title').innerText()).trim(), 'Benutzer');
    await shot(page, 'menu-screen-disabled');

    await page.goto(`${baseUrl}/dept/101/year/${currentYear}/movements/revenues`);
    await page.getByTestId('screen-disabled').waitFor();

    await page.goto(`${baseUrl}/dept/101/year/${prev}/payments/open`);
    await page.getByTestId('screen-disabled').waitFor();

    await page.goto(`${baseUrl}/dept/101/year/${currentYear}/gibt/es/nicht`);
    await page.getByTestId('not-found').waitFor();
    assertNoErrors(errors);
    await context.close();
  });
});
