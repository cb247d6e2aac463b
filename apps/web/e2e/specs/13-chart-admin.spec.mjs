/* global document */
import { describe, test } from 'node:test';
import { assert, assertNoErrors, baseUrl, chooseOption, currentYear, newPage, selectOptions, shot, signInAndWait, useBrowser, waitForRows } from '../lib.mjs';

const browser = useBrowser();
const prev = currentYear - 1;
const next = currentYear + 1;
const scope = (dept, year = currentYear) => `${baseUrl}/dept/${dept}/year/${year}`;

async function openScreen(page, url, testId) {
  await page.goto(url);
  await page.getByTestId(testId).first().waitFor();
}

/** Fills an editor field by name and leaves it (blur validates). */
async function fill(page, name, value) {
  const input = page.locator(`[data-testid="editor"] [name="${name}"]`);
  await input.fill(value);
  await input.press('Tab');
}

describe('chart of accounts and administration (supervisor, German)', () => {
  test('new year, chart copy with test, warning and confirm, chapters listed in the new year', async () => {
    const { context, page, errors } = await newPage(browser());
    await signInAndWait(page, 'supervisor');

    // --- years: existing year blocks Save, empty disables it, a new one is created
    await openScreen(page, `${scope('101')}/years`, 'year-create');
    assert.equal((await page.getByTestId('screen-title').innerText()).trim(), 'Haushaltsjahre');
    const save = page.getByTestId('year-save');
    assert.equal(await save.isDisabled(), true, 'empty input disables Save');
    await page.locator('[name="year"]').fill(String(currentYear));
    await page.getByTestId('year-exists').getByText(`Das Haushaltsjahr ${currentYear} existiert bereits.`).waitFor();
    assert.equal(await save.isDisabled(), true, 'existing year keeps Save disabled');
    await shot(page, 'years-exists-de');
    await page.locator('[name="year"]').fill(String(next));
    assert.equal(await page.getByTestId('year-exists').count(), 0);
    await save.click();
    await page.getByText(`Das Haushaltsjahr ${next} wurde angelegt.`).waitFor();
    await page.getByTestId(`year-row-${next}`).waitFor();
    // unlock table: years x areas
    assert.equal(await page.getByTestId('unlock-save').isDisabled(), true);
    await page.getByTestId(`unlock-${next}-2`).check();
    assert.equal(await page.getByTestId('unlock-save').isDisabled(), false);
    await page.getByTestId('unlock-save').click();
    await page.getByText('Gespeichert').first().waitFor();
    await page.waitForFunction(() => !document.querySelector('[data-testid="unlock-save"]:not([disabled])'));
    assert.equal(await page.getByTestId(`unlock-${next}-2`).isChecked(), true, 'saved flag stays ticked after the reload');
    await shot(page, 'years-de');

    // --- chart copy into the new year: titles only first (ready -> confirm), then all (warning -> replace)
    await openScreen(page, `${scope('101')}/chartOfAccounts/copy`, 'copy-heading');
    await chooseOption(page, 'copy-year', `${currentYear} → ${next}`);
    await page.getByTestId('copy-heading').getByText(`Vorjahr ${currentYear} → aktuelles Jahr ${next}`).waitFor();
    // ticking chapters forces and locks categories and titles
    assert.equal(await page.getByTestId('copy-titles').isChecked(), true);
    assert.equal(await page.getByTestId('copy-titles').isDisabled(), true);
    await page.getByTestId('copy-chapters').uncheck();
    assert.equal(await page.getByTestId('copy-titles').isDisabled(), false);
    await page.getByTestId('copy-categories').uncheck();
    await page.getByTestId('copy-ok').click();
    await page.getByTestId('copy-ready').waitFor();
    assert.equal(await page.getByTestId('copy-ok').isDisabled(), true, 'OK waits for the confirmation');
    await shot(page, 'chart-copy-ready-de');
    await page.getByTestId('copy-confirm').click();
    await page
      .getByTestId('copy-success')
      .getByText(new RegExp(`von ${currentYear} nach ${next} kopiert`))
      .waitFor();

    await page.getByTestId('copy-chapters').check(); // clears the result
    assert.equal(await page.getByTestId('copy-success').count(), 0, 'changing the ticks clears the result');
    await page.getByTestId('copy-ok').click();
    const warning = page.getByTestId('copy-warning');
    await warning.getByText(`Im Jahr ${next} gibt es bereits: Titel.`).waitFor();
    assert.equal(await page.getByTestId('copy-ok').isDisabled(), true, 'OK disabled on a warning');
    assert.equal(await page.getByTestId('copy-confirm').isDisabled(), true, 'confirm needs "delete and copy again"');
    await page.getByTestId('copy-replace').check();
    await shot(page, 'chart-copy-warning-de');
    await page.getByTestId('copy-confirm').click();
    await page.getByTestId('copy-success').waitFor();
    await shot(page, 'chart-copy-success-de');

    // a year whose previous year has no chart: Error with the translated code
    await chooseOption(page, 'copy-year', `${prev - 1} → ${prev}`);
    await page.getByTestId('copy-ok').click();
    await page.getByTestId('copy-error').getByText('Es gibt nichts zu kopieren.').waitFor();
    await shot(page, 'chart-copy-error-de');

    // --- chapters of the new year
    await openScreen(page, `${scope('101', next)}/chartOfAccounts/chapters`, 'chapter-table');
    await page.getByTestId('chapter-table').getByText('Spenden', { exact: true }).waitFor();
    assert.equal(await page.getByTestId('chart-locked').count(), 0, 'the new year is not locked');
    await page.getByTestId('filter-chapter').fill('2-1');
    await page.waitForURL(/chapter=2-1/);
    await page.getByTestId('chapter-table').getByText('Treibstoffe').waitFor();
    assert.equal(await page.getByTestId('chapter-table').getByText('Spenden', { exact: true }).count(), 0, 'revenue chapters filtered out');
    await shot(page, 'chapters-list-de');

    // a new chapter with validation
    await page.getByTestId('list-new').click();
    await page.locator('[name="chapterShort"]').waitFor();
    await page.getByTestId('editor-save').isDisabled();
    await fill(page, 'chapterShort', '9');
    await page.getByTestId('editor-save').click();
    await page.getByText('Einige Felder haben ungültige Werte').waitFor();
    assert.ok((await page.getByText('Dieses Feld ist erforderlich').count()) >= 4, 'search keys and descriptions required');
    await shot(page, 'chapter-editor-invalid-de');
    await page.getByTestId('part').getByText('Ausgaben').click();
    await chooseOption(page, 'chapter-title', '1 – Laufende Ausgaben');
    await page.getByTestId('chapter-code').getByText('2-1-009').waitFor();
    await fill(page, 'chapterShort', '99');
    await fill(page, 'descriptionDeu', 'Testkapitel');
    await fill(page, 'descriptionIta', 'Capitolo di prova');
    await fill(page, 'searchKeyDeu', 'TEST');
    await fill(page, 'searchKeyIta', 'PROVA');
    await chooseOption(page, 'chapter-category', '01 – Verwaltung');
    await page.getByTestId('chapter-ets').click();
    await page
      .getByRole('option', { name: /^A1 – / })
      .first()
      .click();
    await shot(page, 'chapter-editor-de', { fullPage: true });
    await page.getByTestId('editor-save').click();
    await page.getByText('Gespeichert').first().waitFor();
    await page.getByTestId('chapter-table').waitFor();
    await page.getByTestId('filter-chapter').fill('21099');
    await waitForRows(page, 1, 'chapter-table');
    assert.match(await page.getByTestId('chapter-table').innerText(), /2-1-099\s+Ausgaben\s+Testkapitel/);

    // --- titles and categories lists
    await openScreen(page, `${scope('101', next)}/chartOfAccounts/titles`, 'title-table');
    await waitForRows(page, 6, 'title-table');
    await shot(page, 'titles-list-de');
    await page.getByTestId('data-row').first().click();
    await page.locator('[name="descriptionDeu"]').waitFor();
    await shot(page, 'title-editor-de');
    await openScreen(page, `${scope('101', next)}/chartOfAccounts/categories`, 'category-table');
    await page.getByTestId('filter-description').fill('Fahrzeug');
    await waitForRows(page, 1, 'category-table');
    await shot(page, 'categories-list-de');

    // --- the chart of the previous year is locked (approved forecasts): banner and read-only editor
    await openScreen(page, `${scope('101', prev)}/chartOfAccounts/chapters`, 'chapter-table');
    await page.getByTestId('chart-locked').getByText('Kontenplan gesperrt').waitFor();
    assert.equal(await page.getByTestId('list-new').isDisabled(), true, 'no new chapter in a locked chart');
    await shot(page, 'chapters-locked-de');
    await page.getByTestId('data-row').first().click();
    await page.getByTestId('editor').getByTestId('chart-locked').waitFor();
    assert.equal(await page.getByTestId('editor-save').count(), 0, 'read-only editor has no Save');
    assert.equal(await page.locator('[name="descriptionDeu"]').isDisabled(), true);
    await shot(page, 'chapter-editor-locked-de');

    // --- unlock: the previous year's department chart is locked, unlock it and lock it again
    await openScreen(page, `${scope('101', prev)}/chartOfAccounts/unlock`, 'unlock-table');
    const deptRow = page.getByTestId('unlock-row-3');
    await deptRow.getByTestId('unlock-state').getByText('gesperrt').waitFor();
    await shot(page, 'chart-unlock-de');
    await deptRow.getByTestId('unlock-toggle').click();
    await deptRow.getByTestId('unlock-state').getByText('entsperrt').waitFor();
    await openScreen(page, `${scope('101', prev)}/chartOfAccounts/chapters`, 'chapter-table');
    await page.getByTestId('chart-unlocked').waitFor();
    assert.equal(await page.getByTestId('chart-locked').count(), 0);
    await openScreen(page, `${scope('101', prev)}/chartOfAccounts/unlock`, 'unlock-table');
    await page.getByTestId('unlock-row-3').getByTestId('unlock-toggle').click();
    await page.getByTestId('unlock-row-3').getByTestId('unlock-state').getByText('gesperrt').waitFor();

    // --- prints
    await openScreen(page, `${scope('101')}/chartOfAccounts/print`, 'export-form');
    await page.getByTestId('print-with-categories').check();
    await page.getByTestId('print-title-from').fill('3');
    await page.getByTestId('print-title-to').fill('1');
    await page.getByText('„Bis“ muss größer oder gleich „von“ sein').waitFor();
    assert.equal(await page.getByTestId('export-download').isDisabled(), true);
    await page.getByTestId('print-title-from').fill('1');
    await shot(page, 'chart-print-de');
    const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-download').click()]);
    assert.match(pdf.suggestedFilename(), /^kontenplan-\d{4}.*\.pdf$/);
    await openScreen(page, `${scope('101')}/chartOfAccounts/budgetDraft`, 'export-form');
    await shot(page, 'budget-draft-de');
    const [draft] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-download').click()]);
    assert.match(draft.suggestedFilename(), /^haushaltsentwurf-101-\d{4}.*\.pdf$/);

    assertNoErrors(errors);
    await context.close();
  });

  test('user linked to 101 without password change signs in and sees only 101; user-departments, department users', async () => {
    const { context, page, errors } = await newPage(browser());
    await signInAndWait(page, 'supervisor');
    await openScreen(page, `${scope('101')}/users`, 'user-table');
    await shot(page, 'users-list-de');
    await page.getByTestId('list-new').click();
    await page.locator('[name="username"]').waitFor();
    await fill(page, 'username', 'kassier');
    await fill(page, 'fullname', 'Erika Endtest');
    await fill(page, 'password', 'geheim1');
    await fill(page, 'passwordRepeat', 'geheim2');
    await page.getByText('Die Passwortwiederholung stimmt nicht überein.').first().waitFor();
    await page.getByTestId('editor-save').click();
    await page.getByText('Einige Felder haben ungültige Werte').waitFor();
    await page.getByText('Bitte mindestens eine Feuerwehr wählen.').waitFor();
    await shot(page, 'user-editor-invalid-de', { fullPage: true });
    await fill(page, 'passwordRepeat', 'geheim1');
    await page.locator('[name="mustChangePassword"]').uncheck();
    await page.getByTestId('user-departments').click();
    await page.getByTestId('user-departments').fill('101');
    await page.getByRole('option', { name: /^101 / }).click();
    await page.keyboard.press('Escape');
    assert.match(await page.getByTestId('user-main-department').inputValue(), /^101 /, 'a single department becomes the main one');
    await page.getByTestId('editor-save').click();
    await page.getByText('Der Benutzer existiert bereits.').first().waitFor(); // username is unique
    await fill(page, 'username', 'endtest101');
    await shot(page, 'user-editor-de', { fullPage: true });
    await page.getByTestId('editor-save').click();
    await page.getByText('Gespeichert').first().waitFor();
    await page.getByTestId('user-table').waitFor();
    await page.getByTestId('filter-filter').fill('endtest');
    await waitForRows(page, 1, 'user-table');

    // user-departments: filter by user name (max 10 characters), new link, delete
    await openScreen(page, `${scope('101')}/userDepartments`, 'user-department-table');
    assert.equal(await page.getByTestId('filter-username').getAttribute('maxlength'), '10');
    await page.getByTestId('filter-username').fill('endtest');
    await waitForRows(page, 1, 'user-department-table');
    await page.getByTestId('list-new').click();
    await page.getByRole('dialog').getByText('Benutzer einer Feuerwehr zuordnen').click(); // closes the focused select's dropdown
    await page.getByTestId('link-save').click();
    assert.equal(await page.getByTestId('link-dialog').getByText('Dieses Feld ist erforderlich').count(), 2, 'user and department required');
    await chooseOption(page, 'link-user', 'endtest101 – Erika Endtest');
    await chooseOption(page, 'link-dept', /^101 /);
    await page.getByTestId('link-save').click();
    await page.getByText('Die Zuordnung besteht bereits.').first().waitFor();
    await shot(page, 'user-department-new-de');
    await page.keyboard.press('Escape');
    await page.getByTestId('link-save').waitFor({ state: 'hidden' });
    await page.getByTestId('filter-username').fill('');
    await chooseOption(page, 'filter-dept', /^100 /);
    // district 100 with the departments below it: admin (100), kassier, endtest101 and revisor (101), revisor and zwei (102)
    await waitForRows(page, 6, 'user-department-table');
    await page.getByTestId('filter-own').check();
    await waitForRows(page, 1, 'user-department-table');
    await page.getByTestId('filter-own').uncheck();
    await waitForRows(page, 6, 'user-department-table');
    await shot(page, 'user-departments-de');
    await openScreen(page, `${scope('101')}/departmentUsers`, 'department-user-table');
    await page.getByTestId('department-user-table').getByText('endtest101').waitFor();
    await shot(page, 'department-users-de');
    await context.close();

    // the new user signs in without a password change and sees only department 101
    const second = await newPage(browser());
    await signInAndWait(second.page, 'endtest101', { password: 'geheim1' });
    await second.page.waitForURL(/\/dept\/101\/year\//);
    assert.deepEqual(
      (await selectOptions(second.page, 'department-picker')).map((o) => o.slice(0, 3)),
      ['101'],
    );
    assertNoErrors(second.errors);
    assertNoErrors(errors);
    await second.context.close();
  });

  test('movement template with an expense and a transfer through ChapterCodeInput and the picker', async () => {
    const { context, page, errors } = await newPage(browser());
    await signInAndWait(page, 'kassier');
    await openScreen(page, `${scope('101')}/movementTemplates`, 'template-table');
    await page.getByTestId('template-continue').click();
    await page.getByText('Dieses Feld ist erforderlich').first().waitFor();
    await page.locator('[name="descriptionDeu"]').fill('Tanken und Spende');
    await page.locator('[name="descriptionIta"]').fill('Rifornimento e donazione');
    await shot(page, 'templates-de');
    await page.getByTestId('template-continue').click();
    await page.waitForURL(/\/movementTemplates\/\d+$/);
    await page.getByTestId('template-expenses').waitFor();

    // expense: an unknown code warns, a typed 5-character code resolves at once
    assert.equal(await page.getByTestId('expense-add').isDisabled(), true, 'Add disabled until a chapter is chosen');
    await page.getByTestId('expense-code').fill('29999');
    await page.getByText('Kapitel nicht vorhanden').waitFor();
    await page.getByTestId('expense-code').fill('2-1-006');
    await page.getByTestId('expense-description').getByText('Treibstoffe').waitFor();
    await page.getByTestId('expense-add').click();
    await page.getByTestId('expense-row').getByText('2-1-006').waitFor();
    // a second expense through the picker (F4, description filter, Enter picks the highlighted row)
    await page.getByTestId('expense-code').focus();
    await page.keyboard.press('F4');
    await page.getByTestId('chapter-picker-description').waitFor();
    assert.equal(await page.getByTestId('chapter-picker-part').locator('input[value="2"]').isChecked(), true, 'part fixed to expenses');
    await page.getByTestId('chapter-picker-description').fill('Bankspesen');
    await waitForRows(page, 1, 'chapter-picker-table');
    await shot(page, 'chapter-picker-de');
    await page.getByTestId('chapter-picker-description').press('Enter');
    await page.getByTestId('expense-description').getByText('Bankspesen').waitFor();
    await page.getByTestId('expense-add').click();
    assert.equal(await page.getByTestId('expense-row').count(), 2);

    // transfer: revenue chapter -> expense chapter, Add only with both
    await page.getByTestId('transferFrom-code').fill('11006');
    await page.getByTestId('transferFrom-description').getByText('Spenden').waitFor();
    assert.equal(await page.getByTestId('transfer-add').isDisabled(), true, 'Add needs both chapters');
    await page.getByTestId('transferTo-code').fill('21001');
    await page
      .getByText('gehört nicht zu')
      .waitFor({ state: 'detached' })
      .catch(() => {});
    await page.getByTestId('transferTo-description').getByText('Verwaltungsausgaben und Büromaterial').waitFor();
    await page.getByTestId('transfer-add').click();
    await page.getByTestId('transfer-row').getByText('1-1-006').waitFor();
    await shot(page, 'template-positions-de', { fullPage: true });
    await page.getByTestId('editor-save').click();
    await page.getByText('Gespeichert').first().waitFor();
    // the head's save a moment ago showed "Gespeichert" too: back only once this save is done (Save disabled again),
    // else the unsaved-changes question holds the way back (seen once in a full run under load)
    await page.waitForFunction(() => document.querySelector('[data-testid="editor-save"]')?.hasAttribute('disabled'));
    await page.getByTestId('editor-back').click();
    await page.getByTestId('template-table').getByText('Tanken und Spende').waitFor();
    const row = page.getByTestId('template-table').getByTestId('data-row').filter({ hasText: 'Tanken und Spende' });
    // the list refetches after the save: three positions
    await page.waitForFunction(() =>
      [...document.querySelectorAll('[data-testid="template-table"] tr[data-row]')].some(
        (tr) => tr.textContent?.includes('Tanken') && tr.lastElementChild?.textContent?.trim() === '3',
      ),
    );

    // the wrong part is refused
    await row.click();
    await page.getByTestId('transferFrom-code').fill('21006');
    await page.getByText('gehört nicht zu: Einnahmen').first().waitFor();
    assertNoErrors(errors);
    await context.close();
  });
});

describe('chart of accounts and administration (Italian)', () => {
  test('Italian labels of the chart, copy, years, users and template screens', async () => {
    const { context, page, errors } = await newPage(browser());
    await signInAndWait(page, 'supervisor');
    await openScreen(page, `${scope('101', prev)}/chartOfAccounts/chapters`, 'chapter-table');
    await page.getByTestId('language-switch').getByText('IT').click();
    await page.getByTestId('chart-locked').getByText('Piano dei conti bloccato').waitFor();
    const headers = await page.getByTestId('chapter-table').locator('th').allInnerTexts();
    assert.deepEqual(
      headers.slice(0, 3).map((s) => s.trim()),
      ['Capitolo', 'Parte', 'Descrizione'],
    );
    await shot(page, 'chapters-locked-it');
    await page.getByTestId('data-row').first().click();
    await page.locator('[name="descriptionDeu"]').waitFor();
    await shot(page, 'chapter-editor-it', { fullPage: true });

    await openScreen(page, `${scope('101')}/chartOfAccounts/titles`, 'title-table');
    await shot(page, 'titles-list-it');
    await openScreen(page, `${scope('101')}/chartOfAccounts/categories`, 'category-table');
    await shot(page, 'categories-list-it');

    await openScreen(page, `${scope('101')}/chartOfAccounts/copy`, 'copy-heading');
    await page.getByTestId('copy-heading').getByText(`Anno precedente ${prev} → anno corrente ${currentYear}`).waitFor();
    await page.getByTestId('copy-ok').click();
    await page.getByTestId('copy-warning').getByText(`Nell'anno ${currentYear} esistono già: Titoli, Categorie e Capitoli.`).waitFor();
    await shot(page, 'chart-copy-warning-it');
    await chooseOption(page, 'copy-year', `${prev - 1} → ${prev}`);
    await page.getByTestId('copy-ok').click();
    await page.getByTestId('copy-error').getByText('Copia non possibile').waitFor();
    await shot(page, 'chart-copy-error-it');
    await openScreen(page, `${scope('101')}/chartOfAccounts/unlock`, 'unlock-table');
    await page.getByTestId('screen-title').getByText(`Sblocca piano dei conti ${currentYear}`).waitFor();
    await shot(page, 'chart-unlock-it');
    await openScreen(page, `${scope('101')}/chartOfAccounts/print`, 'export-form');
    await shot(page, 'chart-print-it');
    await openScreen(page, `${scope('101')}/chartOfAccounts/budgetDraft`, 'export-form');
    await shot(page, 'budget-draft-it');

    await openScreen(page, `${scope('101')}/years`, 'year-create');
    await page.locator('[name="year"]').fill(String(currentYear));
    await page.getByText(`L'esercizio finanziario ${currentYear} esiste già.`).waitFor();
    await shot(page, 'years-it');

    await openScreen(page, `${scope('101')}/users`, 'user-table');
    await shot(page, 'users-list-it');
    await page.getByTestId('list-new').click();
    await page.locator('[name="username"]').waitFor();
    await fill(page, 'username', 'x');
    await fill(page, 'username', '');
    await page.getByText('Questo campo è obbligatorio').first().waitFor();
    const levels = await selectOptions(page, 'user-access-level');
    assert.deepEqual(levels, ['Standard', 'Revisore', 'Amministratore', 'Supervisore']);
    await shot(page, 'user-editor-it', { fullPage: true });
    await page.getByTestId('editor-back').click();
    await page
      .getByRole('dialog')
      .getByRole('button')
      .last()
      .click()
      .catch(() => {});

    await openScreen(page, `${scope('101')}/userDepartments`, 'user-department-table');
    await shot(page, 'user-departments-it');
    await openScreen(page, `${scope('101')}/departmentUsers`, 'department-user-table');
    await shot(page, 'department-users-it');

    await openScreen(page, `${scope('101')}/movementTemplates`, 'template-table');
    await page
      .getByTestId('screen-title')
      .getByText('Modelli di registrazione')
      .waitFor()
      .catch(() => {});
    await shot(page, 'templates-it');
    await page.getByTestId('template-table').getByTestId('data-row').first().click();
    await page.getByTestId('template-expenses').waitFor();
    await page.getByTestId('expense-code').fill('29999');
    await page.getByText('Capitolo non disponibile').waitFor();
    await page.getByTestId('expense-picker-open').click();
    await page.getByTestId('chapter-picker-table').waitFor();
    await shot(page, 'chapter-picker-it');
    await page.keyboard.press('Escape');
    await shot(page, 'template-positions-it', { fullPage: true });
    // the language is kept per user: leave the supervisor in German for later specs
    await Promise.all([page.waitForResponse((r) => r.url().includes('auth.setLanguage')), page.getByTestId('language-switch').getByText('DE').click()]);
    assertNoErrors(errors);
    await context.close();
  });
});
