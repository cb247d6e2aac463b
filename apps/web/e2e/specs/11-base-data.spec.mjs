/* global document */
import { readFile } from 'node:fs/promises';
import { describe, test } from 'node:test';
import { formatIban, italianIban } from '../../../../packages/domain/src/iban.ts';
import { assert, assertNoErrors, baseUrl, chooseOption, currentYear, menuEntry, newPage, shot, signInAndWait, useBrowser, waitForRows } from '../lib.mjs';

const browser = useBrowser();
const prev = currentYear - 1;
const scope = (dept, year = currentYear) => `${baseUrl}/dept/${dept}/year/${year}`;

async function openList(page, url, tableId) {
  await page.goto(url);
  await page.getByTestId(tableId).waitFor();
}

async function editorTitle(page, expected) {
  if (expected) await page.getByTestId('editor-title').getByText(expected, { exact: true }).waitFor();
  return (await page.getByTestId('editor-title').innerText()).trim();
}

/** Fills a field of the editor by its name and leaves it (blur validates). */
async function fill(page, name, value) {
  const input = page.locator(`[data-testid="editor"] [name="${name}"]`);
  await input.fill(value);
  await input.press('Tab');
}

describe('base data: departments, accounts, suppliers (supervisor, German)', () => {
  test('create department 203 with both languages; validation, edit, delete cancel, unsaved warning', async () => {
    const { context, page, errors } = await newPage(browser());
    await signInAndWait(page, 'supervisor');
    await openList(page, `${scope('101')}/departments/edit`, 'department-table');
    assert.equal((await page.getByTestId('screen-title').innerText()).trim(), 'Feuerwehren');
    await page.getByTestId('filter-code').fill('20');
    await waitForRows(page, 3); // 200, 201, 202
    await shot(page, 'departments-list-de');

    await page.getByTestId('list-new').click();
    await page.waitForURL(/id=new/);
    await page.locator('[name="code"]').waitFor();
    assert.equal(await editorTitle(page), 'Neue Feuerwehr');
    // template defaults from the server
    assert.equal(await page.locator('[name="name1Deu"]').inputValue(), 'Freiwillige Feuerwehr');
    assert.equal(await page.locator('[name="province"]').inputValue(), 'BZ');
    assert.equal(await page.getByTestId('editor-save').isDisabled(), true, 'Save disabled while unchanged');
    assert.equal(await page.getByTestId('editor-delete').isDisabled(), true, 'no Delete for a new entity');
    // the code field has the focus (autofocus of the first field)
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('name')), 'code');

    await page.keyboard.type('203');
    await page.keyboard.press('Enter'); // Enter moves on
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('name')), 'identifier');
    await fill(page, 'identifier', '123');
    await page.getByText('Genau 14 Ziffern').waitFor();
    await page.getByTestId('editor-save').click();
    await page.getByText('Einige Felder haben ungültige Werte').waitFor();
    assert.ok((await page.getByText('Dieses Feld ist erforderlich').count()) >= 3, 'required names are marked');
    await shot(page, 'departments-editor-invalid-de');

    await fill(page, 'identifier', '00203000000001');
    await fill(page, 'name2Deu', 'Partschins');
    await fill(page, 'name1Ita', 'Corpo dei Vigili del Fuoco Volontari');
    await fill(page, 'name2Ita', 'Parcines');
    await fill(page, 'locationDeu', 'Partschins');
    await fill(page, 'locationIta', 'Parcines');
    await fill(page, 'commander.name', 'Martin Gamper');
    await fill(page, 'cashier.name', 'Eva Laimer');
    // open payments need a SIA number
    await page.locator('[name="openPaymentsAllowed"]').check();
    await page.getByTestId('editor-save').click();
    await page.getByText('Einige Felder haben ungültige Werte').first().waitFor();
    await fill(page, 'siaNumber', 'P2030');
    await shot(page, 'departments-editor-new-de', { fullPage: true });
    await page.getByTestId('editor-save').click();
    await page.getByText('Gespeichert').waitFor();
    await page.getByTestId('department-table').waitFor();
    await page.getByTestId('filter-code').fill('203');
    await waitForRows(page, 1);
    assert.match(await page.getByTestId('department-table').innerText(), /Freiwillige Feuerwehr Partschins/);

    // edit: change and save
    await page.getByTestId('data-row').first().click();
    assert.equal(await editorTitle(page, 'Feuerwehr 203'), 'Feuerwehr 203');
    await fill(page, 'streetDeu', 'Feuerwehrstraße 1');
    await page.getByTestId('editor-save').click();
    await page.getByText('Gespeichert').first().waitFor();
    await waitForRows(page, 1);

    // delete: the confirmation, cancelled by button and by Escape
    await page.getByTestId('data-row').first().click();
    await page.getByTestId('editor-title').waitFor();
    assert.equal(await page.locator('[name="streetDeu"]').inputValue(), 'Feuerwehrstraße 1');
    await page.getByTestId('editor-delete').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Löschen?').waitFor();
    assert.equal((await dialog.getByRole('heading').innerText()).trim(), 'Löschen');
    await shot(page, 'departments-delete-confirm-de');
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('editor-delete').click();
    await page.getByRole('dialog').getByText('Löschen?').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    assert.equal(await editorTitle(page, 'Feuerwehr 203'), 'Feuerwehr 203');

    // unsaved changes: leaving through the menu and through Back asks first
    await fill(page, 'fax', '0473 999999');
    await (await menuEntry(page, 'baseData', 'baseData.suppliers', 'baseData.suppliers.edit')).click();
    await page.getByText('Ungespeicherte Änderungen').waitFor();
    await shot(page, 'departments-unsaved-de');
    await page.getByRole('button', { name: 'Weiter bearbeiten' }).click();
    assert.match(page.url(), /departments\/edit\?.*id=\d+/);
    await page.getByTestId('editor-back').click();
    await page.getByText('Ungespeicherte Änderungen').waitFor();
    await page.getByRole('button', { name: 'Weiter bearbeiten' }).click();
    await page.getByTestId('editor-reset').click();
    assert.equal(await page.locator('[name="fax"]').inputValue(), '');
    assert.equal(await page.getByTestId('editor-save').isDisabled(), true);
    await page.getByTestId('editor-back').click();
    await page.getByTestId('department-table').waitFor();
    assertNoErrors(errors);
    await context.close();
  });

  test('department 203: a bank account and a supplier with a generated IBAN; supplier CSV export', async () => {
    const { context, page, errors } = await newPage(browser(), { acceptDownloads: true });
    await signInAndWait(page, 'supervisor');

    // account
    await openList(page, `${scope('203')}/accounts/edit`, 'account-table');
    await waitForRows(page, 0);
    await page.getByTestId('list-new').click();
    await page.locator('[name="code"]').waitFor();
    assert.equal(await editorTitle(page), 'Neues Konto');
    const accountIban = italianIban('08133', '58290', '000000203203').iban;
    await fill(page, 'code', 'b1');
    await fill(page, 'descriptionDeu', 'Kontokorrent Raiffeisenkasse');
    await fill(page, 'descriptionIta', 'Conto corrente Cassa Raiffeisen');
    await page.getByTestId('account-type').getByText('Bank').click();
    await fill(page, 'bankInfo.iban', 'IT00 X081 3358 2900 0000 0203 203');
    await page.getByText('Ungültige IBAN').waitFor();
    // typed in groups and lower case: stored without spaces, shown in groups of four
    await fill(page, 'bankInfo.iban', formatIban(accountIban).toLowerCase());
    assert.equal(await page.locator('[name="bankInfo.iban"]').inputValue(), formatIban(accountIban));
    await fill(page, 'bankInfo.swift', 'RZSBIT21012');
    await shot(page, 'accounts-editor-de');
    await page.getByTestId('editor-save').click();
    await page.getByText('Gespeichert').waitFor();
    await waitForRows(page, 1);
    const accountRow = await page.getByTestId('account-table').innerText();
    assert.match(accountRow, /B1/);
    assert.ok(accountRow.includes(formatIban(accountIban)), `grouped IBAN in ${accountRow}`);
    await shot(page, 'accounts-list-de');

    // supplier with ABI, CAB and account number; IBAN generated
    await openList(page, `${scope('203')}/suppliers/edit`, 'supplier-table');
    await page.getByTestId('list-new').click();
    await page.locator('[name="searchKey"]').waitFor();
    assert.equal(await editorTitle(page), 'Neuer Lieferant');
    assert.notEqual(await page.locator('[name="code"]').inputValue(), '', 'the template proposes a code');
    await page.locator('[name="code"]').fill('2001');
    await fill(page, 'searchKey', 'Metzgerei');
    await fill(page, 'name1', 'Metzgerei Gamper KG');
    await fill(page, 'location', 'Partschins');
    await fill(page, 'abi', '08133');
    await fill(page, 'cab', '58290');
    // the bank is looked up in the directory
    await page.waitForFunction(() => document.querySelector('[name="bankInfo.bankName"]')?.value === 'Raiffeisenkasse Leifers');
    assert.equal(await page.locator('[name="bankInfo.swift"]').inputValue(), 'RZSBIT21012');
    await fill(page, 'bankInfo.accountNumber', '4711');
    await page.getByTestId('iban-generate').click();
    const expected = italianIban('08133', '58290', '4711');
    assert.equal(await page.locator('[name="bankInfo.iban"]').inputValue(), formatIban(expected.iban));
    assert.equal(formatIban(expected.iban), 'IT97 J081 3358 2900 0000 0004 711');
    assert.equal(expected.iban, 'IT97J0813358290000000004711'); // fixed vector of the domain function
    assert.equal(await page.locator('[name="bankInfo.cin"]').inputValue(), expected.cin);
    assert.equal(await page.locator('[name="bankInfo.accountNumber"]').inputValue(), '000000004711');
    await shot(page, 'suppliers-editor-iban-de', { fullPage: true });
    // a typed IBAN is checked
    await fill(page, 'bankInfo.iban', 'IT98J0813358290000000004711');
    await page.getByText('Ungültige IBAN').waitFor();
    await page.getByTestId('iban-generate').click();
    await page.getByText('Ungültige IBAN').waitFor({ state: 'detached' });
    await page.getByTestId('editor-save').click();
    await page.getByText('Gespeichert').waitFor();
    await page.getByTestId('supplier-table').waitFor();
    await waitForRows(page, 1);
    assert.match(await page.getByTestId('supplier-table').innerText(), /METZGEREI/);

    // a second supplier with the same code is refused by the server, the form stays
    await page.getByTestId('list-new').click();
    await page.locator('[name="searchKey"]').waitFor();
    await page.locator('[name="code"]').fill('2001');
    await fill(page, 'searchKey', 'DOPPELT');
    await fill(page, 'name1', 'Doppelter Lieferant');
    await page.getByTestId('editor-save').click();
    await page.getByText('Der Lieferant existiert bereits.').first().waitFor();
    assert.match(page.url(), /id=new/);
    await shot(page, 'suppliers-editor-server-error-de');
    await page.getByTestId('editor-reset').click();
    await page.getByTestId('editor-back').click();
    await page.getByTestId('supplier-table').waitFor();

    // export: CSV with the supplier
    await page.goto(`${scope('203')}/suppliers/print`);
    await page.getByTestId('export-form').waitFor();
    await shot(page, 'suppliers-print-de');
    await page.getByTestId('export-format').getByText('CSV').click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-download').click()]);
    assert.match(download.suggestedFilename(), /^lieferanten-203-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
    const lines = csv.trim().split('\r\n');
    assert.equal(lines[0], 'Nummer;Suchbegriff;Name;Anschrift;MwSt.-Nummer;Steuernummer;Telefon;E-Mail;IBAN;Inaktiv');
    assert.equal(lines.length, 2);
    assert.match(lines[1], new RegExp(`^2001;METZGEREI;Metzgerei Gamper KG;[^;]*Partschins[^;]*;;;;;${expected.iban};nein$`));

    // PDF opens in a new tab
    await page.getByTestId('export-format').getByText('Kurzliste (PDF)').click();
    const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByTestId('export-open').click()]);
    await popup.waitForURL(/^blob:/);
    await popup.close();
    assertNoErrors(errors);
    await context.close();
  });

  test('kassier: departments editing refused, only the suppliers of 101, a year change keeps the supplier editor', async () => {
    const { context, page, errors } = await newPage(browser());
    await signInAndWait(page, 'kassier');
    await page.goto(`${scope('101')}/departments/edit`);
    await page.getByTestId('screen-disabled').waitFor();
    assert.equal(await page.getByTestId('department-table').count(), 0);

    await openList(page, `${scope('101')}/suppliers/edit`, 'supplier-table');
    await waitForRows(page, 5);
    const table = await page.getByTestId('supplier-table').innerText();
    for (const key of ['PICHLER', 'GRUBER', 'MAIR', 'ROSSI', 'OBERHOFER']) assert.match(table, new RegExp(key));
    assert.doesNotMatch(table, /METZGEREI/, 'the supplier of 203 is not listed');
    await shot(page, 'suppliers-list-de');

    await page.getByTestId('filter-searchKey').fill('gru');
    await waitForRows(page, 1);
    await page.getByTestId('data-row').first().press('Enter');
    await page.getByTestId('editor-title').waitFor();
    assert.equal(await editorTitle(page, 'Lieferant 1002'), 'Lieferant 1002');
    const url = new URL(page.url());
    await chooseOption(page, 'year-picker', String(prev));
    await page.waitForURL(`**/dept/101/year/${prev}/suppliers/edit?**`);
    assert.equal(new URL(page.url()).searchParams.get('id'), url.searchParams.get('id'), 'the editor stays open');
    assert.equal(await editorTitle(page, 'Lieferant 1002'), 'Lieferant 1002');
    // a department change returns to the list (kassier has only 101: use the address)
    await page.goto(`${scope('101', prev)}/accounts/edit`);
    await page.getByTestId('account-table').waitFor();
    await waitForRows(page, 2);
    assertNoErrors(errors);
    await context.close();
  });

  test('a user linked to the new department 203 signs in and sees that department only', async () => {
    const { context, page, errors } = await newPage(browser());
    await signInAndWait(page, 'supervisor');
    await openList(page, `${scope('203')}/users`, 'user-table');
    await page.getByTestId('list-new').click();
    await page.locator('[name="username"]').waitFor();
    await fill(page, 'username', 'kassa203');
    await fill(page, 'fullname', 'Klara Kassierin');
    await fill(page, 'password', 'feuer203');
    await fill(page, 'passwordRepeat', 'feuer203');
    await page.locator('[name="mustChangePassword"]').uncheck();
    await page.getByTestId('user-departments').click();
    await page.getByTestId('user-departments').fill('203');
    await page.getByRole('option', { name: /^203 / }).click();
    await page.keyboard.press('Escape');
    await page.getByTestId('editor-save').click();
    await page.getByText('Gespeichert').first().waitFor();
    await page.getByTestId('sign-out').click();
    await page.locator('input[name="username"]').waitFor();

    await signInAndWait(page, 'kassa203', { password: 'feuer203' });
    assert.equal(new URL(page.url()).pathname, `/dept/203/year/${currentYear}`);
    await page.getByTestId('department-picker').click();
    const options = await page.getByRole('option').allInnerTexts();
    assert.deepEqual(
      options.map((o) => o.trim().slice(0, 3)),
      ['203'],
    );
    await page.keyboard.press('Escape');
    assertNoErrors(errors);
    // a typed address of another department is refused (the refusal is logged by the router)
    await page.goto(`${scope('101')}`);
    await page.getByText('Kein Zugriff auf diese Feuerwehr').waitFor();
    await context.close();
  });

  test('Italian: labels and messages of the supplier editor', async () => {
    const { context, page, errors } = await newPage(browser());
    await signInAndWait(page, 'kassier');
    await openList(page, `${scope('101')}/suppliers/edit`, 'supplier-table');
    await page.getByTestId('language-switch').getByText('IT').click();
    await page.getByTestId('screen-title').getByText('Fornitori').waitFor();
    const headers = await page.getByTestId('supplier-table').locator('th').allInnerTexts();
    assert.deepEqual(
      headers.slice(0, 3).map((s) => s.trim()),
      ['Numero', 'Chiave di ricerca', 'Nome'],
    );
    await page.getByTestId('list-new').click();
    await page.locator('[name="searchKey"]').waitFor();
    assert.equal(await editorTitle(page), 'Nuovo fornitore');
    assert.equal((await page.getByTestId('editor-save').innerText()).trim(), 'Salva');
    await page.getByText('Chiave di ricerca').first().waitFor();
    await page.getByText('Calcola IBAN').waitFor();
    await fill(page, 'searchKey', 'x');
    await fill(page, 'searchKey', '');
    await page.getByText('Questo campo è obbligatorio').first().waitFor();
    await fill(page, 'name2', 'Solo nome 2');
    await page.getByTestId('editor-save').click();
    await page.getByText('Alcuni campi hanno valori non validi').waitFor();
    await shot(page, 'suppliers-editor-invalid-it');
    await page.getByTestId('editor-back').click();
    await page.getByText('Modifiche non salvate').waitFor();
    // Enter would press the focused "save and leave", which stays here because the form is invalid
    assert.equal((await page.getByTestId('unsaved-save').innerText()).trim(), 'Salva ed esci');
    await page.keyboard.press('Enter');
    await page.getByText('Alcuni campi hanno valori non validi').first().waitFor();
    await page.getByTestId('editor-back').click();
    await page.getByTestId('unsaved-discard').click();
    await page.getByTestId('supplier-table').waitFor();
    await page.getByTestId('language-switch').getByText('DE').click();
    assertNoErrors(errors);
    await context.close();
  });
});
