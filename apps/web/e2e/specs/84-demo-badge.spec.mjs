import { describe, test } from 'node:test';
import { assert, assertNoErrors, backToGerman, newPage, shot, signInAndWait, useBrowser } from '../lib.mjs';

const browser = useBrowser();

describe('demo badge', () => {
  test('the demo database shows "Demo" in the top bar, its tooltip names the demo users (German and Italian)', async () => {
    const { context, page, errors } = await newPage(browser());
    await signInAndWait(page, 'kassier');
    await page.getByTestId('scope-title').waitFor();
    const badge = page.getByTestId('demo-badge');
    await badge.waitFor();
    assert.equal((await badge.innerText()).trim().toLowerCase(), 'demo');

    await badge.hover();
    const tooltip = page.getByRole('tooltip');
    await tooltip.waitFor();
    const german = await tooltip.innerText();
    assert.match(german, /^Demo-Datenbank mit Beispieldaten\./);
    assert.match(german, /supervisor, admin, kassier und zwei melden sich mit dem Passwort „demo“ an/);
    await shot(page, 'topbar-demo-badge');

    // Italian: the badge stays, the tooltip is translated
    const saved = page.waitForResponse((res) => res.url().includes('auth.setLanguage') && res.ok());
    await page.getByTestId('language-switch').getByText('IT').click();
    await saved;
    await page.getByRole('button', { name: 'Esci' }).waitFor();
    await page.mouse.move(0, 400);
    await tooltip.waitFor({ state: 'hidden' });
    assert.equal((await badge.innerText()).trim().toLowerCase(), 'demo');
    await badge.hover();
    await tooltip.waitFor();
    const italian = await tooltip.innerText();
    assert.match(italian, /^Banca dati dimostrativa con dati di esempio\./);
    assert.match(italian, /supervisor, admin, kassier e zwei accedono con la password «demo»/);
    await shot(page, 'topbar-demo-badge-it');

    await backToGerman(page);
    assertNoErrors(errors);
    await context.close();
  });
});
