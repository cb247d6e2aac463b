import { describe, test } from 'node:test';
import { assert, assertNoErrors, baseUrl, currentYear, newPage, shot, signInAndWait, useBrowser, waitForRows } from '../lib.mjs';

const browser = useBrowser();

describe('banks (list and editor pattern)', () => {
  test('supervisor: filter, open, edit, unsaved warning, save', async () => {
    const { context, page, errors } = await newPage(browser());
    await signInAndWait(page, 'supervisor');
    await page.goto(`${baseUrl}/dept/101/year/${currentYear}/banks`);
    await page.getByTestId('bank-table').waitFor();
    assert.equal((await page.getByTestId('screen-title').innerText()).trim(), 'Banken');
    await page.getByTestId('filter-abi').fill('08133');
    await page.waitForURL(/abi=08133/);
    await waitForRows(page, 1);
    await shot(page, 'banks-list-de');

    await page.getByTestId('data-row').first().click();
    await page.waitForURL(/id=\d+/);
    await page.getByTestId('editor-title').waitFor();
    assert.equal(await page.getByTestId('editor-save').isDisabled(), true);
    assert.equal(await page.getByTestId('editor-reset').isDisabled(), true);
    await page.locator('input[name="name2"]').fill('Cassa Raiffeisen Laives – Test');
    assert.equal(await page.getByTestId('editor-save').isDisabled(), false);
    await page.getByTestId('editor-back').click();
    await page.getByText('Ungespeicherte Änderungen').waitFor();
    await page.getByRole('button', { name: 'Weiter bearbeiten' }).click();
    await page.locator('input[name="name1"]').fill('');
    await page.getByTestId('editor-save').click();
    await page.getByText('Einige Felder haben ungültige Werte').waitFor();
    await page.getByText('Dieses Feld ist erforderlich').waitFor();
    await shot(page, 'banks-editor-invalid-de');
    await page.locator('input[name="name1"]').fill('Raiffeisenkasse Leifers');
    await page.getByTestId('editor-save').click();
    await page.getByText('Gespeichert').waitFor();
    await page.getByTestId('bank-table').waitFor();
    assert.match(await page.getByTestId('bank-table').innerText(), /Laives – Test/);
    assertNoErrors(errors);
    await context.close();
  });
});
