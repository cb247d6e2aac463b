/**
 * Residues that stay true (issue 24 items 4–7; DOMAIN decisions 14, 23, 24) in German and Italian, on the
 * previous demo year: kassier on 101 (German), zwei on 102 (Italian). Over REST one expense line is
 * overspent first. On the determination screen the overspent line is marked ("erst den Ansatz erhöhen")
 * and has no input; the copy button proposes open payments + reservations; Ctrl+Enter saves and the
 * overspent line stays undetermined. A reservation booked afterwards (REST) lifts a determined line's
 * lower bound above its residue: the screen marks it "passt nicht mehr", the final account's residues
 * criterion fails and the error protocol names the line with its residue and both bounds. The line is
 * cleared (×, Ctrl+Enter), typed again at its new minimum; a budget change refuses the determined line and
 * says how to clear it; and at the end every determination of the
 * source is cleared at once ("Alle Feststellungen aufheben"), so the year is left undetermined as it was.
 */
import { describe, test } from 'node:test';
import { assert, assertNoErrors, backToGerman, baseUrl, currentYear, departmentIdOf, openAs, pdfText, rest, shot, typeInto, useBrowser } from '../lib.mjs';

const browser = useBrowser();
const year = currentYear - 1;

const runs = {
  de: {
    dept: '101',
    user: 'kassier',
    overspent: 'erst den Ansatz erhöhen',
    saved: 'Rückstände gespeichert',
    outOfBounds: 'passt nicht mehr',
    clearing: 'wird aufgehoben',
    cleared: 'Feststellung aufgehoben',
    errorsDialog: 'Der Rechnungsabschluss hat Fehler',
    yes: 'Ja',
    errorsHeading: 'Nicht festgestellte Rückstände oder Rückstände außerhalb ihrer Grenzen',
    boundsHead: /Endrückstand\s+Mindestens\s+Höchstens/,
    hasResidue: 'zum Ändern zuerst unter „Feststellung der Rückstände“ die Feststellung aufheben',
  },
  it: {
    dept: '102',
    user: 'zwei',
    overspent: 'prima aumentare lo stanziamento',
    saved: 'Residui salvati',
    outOfBounds: 'non più valido',
    clearing: 'da annullare',
    cleared: 'Riaccertamento annullato',
    errorsDialog: 'Il rendiconto contiene errori',
    yes: 'Sì',
    errorsHeading: 'Residui non accertati o fuori dai loro limiti',
    boundsHead: /Residuo finale\s+Minimo\s+Massimo/,
    hasResidue: 'per modificarlo annullare prima il riaccertamento in «Riaccertamento dei residui»',
  },
};

/** Euros of the REST answer as the screen and the PDF print them (`1.234,56 €`). */
const euro = (amount) => `${amount.toLocaleString('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} €`;
const chapterCode = (c) => `${c[0]}-${c[1]}-${c.slice(2)}`;

for (const [language, t] of Object.entries(runs)) {
  const base = `${baseUrl}/dept/${t.dept}/year/${year}`;
  describe(`residue corrections (${language})`, () => {
    test('overspent marked, copy proposes, a later reservation marks the line and fails the criteria, cleared and determined again', async () => {
      const id = await departmentIdOf(t.dept);
      const scope = `departmentId=${id}&year=${year}`;
      const table = async () => (await rest(t.user, 'GET', `Budget/Residues/Final?${scope}&source=1`)).json;
      const before = await table();
      const expenses = before.positions.filter((p) => p.chapter.part === 2 && p.chapter.title < 3 && !p.isDetermined);
      // one line overspent by 50,00 (booked confirmed), another with room for a reservation after the determination
      const over = expenses[expenses.length - 1];
      const room = (p) => p !== over && p.isEditable && p.maximum - p.proposal >= 20;
      // a line with a reservation when there is one (the proposal is then above 0)
      const later = expenses.find((p) => room(p) && p.proposal > 0) ?? expenses.find(room);
      assert.ok(over && later, JSON.stringify(before.positions.map((p) => [p.chapter.chapter, p.maximum, p.proposal])));
      const accounts = await rest(t.user, 'GET', `Accounts/briefs?departmentId=${id}`);
      const booked = await rest(t.user, 'POST', 'Movements', {
        departmentId: id,
        year,
        kind: 'expenses',
        type: 1,
        recordDate: `${year}-12-20`,
        documentDate: `${year}-12-20`,
        accountId: accounts.json.find((a) => a.code === 'K1')?.id ?? accounts.json[0]?.id,
        positions: [{ chapter: over.chapter.chapter, amount: Math.round((over.budget.available + 50) * 100) / 100 }],
        confirmAvailableExceeded: true,
      });
      assert.equal(booked.status, 200, JSON.stringify(booked.json));

      const { page, errors } = await openAs(browser(), t.user, `${base}/residues/determination`, {
        ready: 'residues-source-form',
        language,
        acceptDownloads: true,
      });
      await page.getByTestId('residues-source-next').click();
      await page.getByTestId('residues-table').waitFor();

      // ---- the overspent line: marked, no input, no copy button
      const overRow = page.getByTestId(`residue-row-${year}-${over.chapter.chapter}`);
      assert.equal(await overRow.getAttribute('data-overspent'), 'true');
      await overRow.getByText(t.overspent).waitFor();
      assert.equal(await overRow.locator('input').count(), 0, 'no input on an overspent line');
      const laterId = later.budget.budgetId;
      // ---- the copy button proposes open payments + reservations
      await typeInto(page, `residue-input-${laterId}`, '0');
      await page.getByTestId(`residue-copy-${laterId}`).click();
      assert.equal(await page.getByTestId(`residue-input-${laterId}`).inputValue(), euro(later.proposal));
      await shot(page, `residue-corrections-overspent-${language}`, { fullPage: true });
      await page.getByTestId(`residue-input-${laterId}`).click({ delay: 80 });
      await page.keyboard.press('Control+Enter');
      await page.getByText(t.saved).first().waitFor();
      await page.getByTestId('residues-source-form').waitFor();
      const saved = await table();
      const row = (data, line) => data.positions.find((p) => p.budget.budgetId === line.budget.budgetId);
      assert.equal(row(saved, over).isDetermined, false, 'the overspent line is not determined by the save');
      assert.equal(row(saved, later).budget.finalResidue, later.proposal);

      // ---- a reservation after the determination: the lower bound rises above the residue
      const reserved = await rest(t.user, 'POST', 'Reservations', {
        departmentId: id,
        year,
        recordDate: `${year}-12-21`,
        chapterYear: year,
        chapter: later.chapter.chapter,
        amountBooked: 10,
        amountUsed: 0,
        note: `e2e 98 ${language}`,
      });
      assert.equal(reserved.status, 200, JSON.stringify(reserved.json));
      const changed = row(await table(), later);
      assert.deepEqual([changed.isChanged, changed.isOutOfBounds, changed.minimum], [true, true, Math.round((later.proposal + 10) * 100) / 100]);
      await page.reload();
      await page.getByTestId('residues-source-next').click();
      const mark = page.getByTestId(`residue-changed-${laterId}`);
      await mark.waitFor();
      assert.equal(await mark.getAttribute('data-out-of-bounds'), 'true');
      assert.equal((await mark.innerText()).trim(), t.outOfBounds);
      await mark.hover();
      await page.getByRole('tooltip').waitFor();
      await shot(page, `residue-corrections-changed-${language}`, { fullPage: true });

      // ---- the final account: residues fail, the error protocol names the line with its residue and both bounds
      await page.goto(`${base}/budget/final/approve`);
      const dialog = page.getByRole('dialog');
      await dialog.getByText(t.errorsDialog).waitFor();
      assert.equal(await page.getByTestId('criterion-residues').getAttribute('data-state'), 'failed');
      await shot(page, `residue-corrections-criteria-${language}`);
      const [protocol] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: t.yes, exact: true }).click()]);
      const text = await pdfText(protocol, `residue-corrections-errors-${language}`);
      assert.ok(text.includes(t.errorsHeading), text);
      assert.match(text, t.boundsHead);
      const line = text.split('\n').find((l) => l.includes(chapterCode(later.chapter.chapter)) && l.includes(euro(changed.minimum))) ?? '';
      assert.match(line, new RegExp(`${euro(later.proposal)}\\s+${euro(changed.minimum)}\\s+${euro(changed.maximum)}`.replaceAll('.', '\\.')), text);

      // ---- cleared with ×, saved with Ctrl+Enter; determined again at its new minimum, typed
      await page.goto(`${base}/residues/determination?source=1`);
      await page.getByTestId('residues-table').waitFor();
      await page.getByTestId(`residue-clear-${laterId}`).click();
      await page.getByTestId(`residue-clearing-${laterId}`).getByText(t.clearing).waitFor();
      await shot(page, `residue-corrections-clearing-${language}`, { fullPage: true });
      await page.keyboard.press('Control+Enter');
      await page.getByTestId('residues-source-form').waitFor();
      assert.equal(row(await table(), later).isDetermined, false, 'cleared');
      await page.getByTestId('residues-source-next').click();
      await page.getByTestId('residues-table').waitFor();
      await typeInto(page, `residue-input-${laterId}`, euro(changed.minimum).replace(' €', ''));
      await page.keyboard.press('Control+Enter');
      await page.getByTestId('residues-source-form').waitFor();
      await page.reload();
      await page.getByTestId('residues-source-next').click();
      await page.getByTestId(`residue-input-${laterId}`).waitFor();
      assert.equal(await page.getByTestId(`residue-input-${laterId}`).inputValue(), euro(changed.minimum));
      assert.equal(await page.getByTestId(`residue-changed-${laterId}`).count(), 0, 'no mark once determined again');
      assert.equal(row(await table(), later).budget.finalResidue, changed.minimum);

      // ---- a budget change on the determined line is refused with how to clear it (a change opened for it, deleted after)
      await page.goto(`${base}/budget/changes/edit`);
      await page.getByTestId('change-approved').fill(`20.12.${year}`);
      await page.getByTestId('change-create').click();
      await page.waitForURL((url) => /\/budget\/changes\/edit\/\d+$/.test(url.pathname));
      const changeNumber = page.url().split('/').pop();
      await page.getByTestId('add-chapter-code').fill(later.chapter.chapter);
      await page.getByText(t.hasResidue).first().waitFor();
      assert.equal(await page.getByTestId(`amount-${later.chapter.chapter}`).count(), 0, 'no position on a determined line');
      await shot(page, `residue-corrections-change-refused-${language}`);
      const deleted = await rest(t.user, 'DELETE', `Budget/Changes/${changeNumber}?${scope}`);
      assert.equal(deleted.status, 200, JSON.stringify(deleted.json));
      await page.goto(`${base}/residues/determination?source=1`);
      await page.getByTestId('residues-table').waitFor();

      // ---- every determination of the source cleared at once: the year is left undetermined
      await page.getByTestId('residues-clear-all').click();
      await page.getByText(t.cleared).first().waitFor();
      await page.getByTestId('residues-clear-all').waitFor({ state: 'detached' });
      await shot(page, `residue-corrections-cleared-all-${language}`, { fullPage: true });
      assert.deepEqual(
        (await table()).positions.filter((p) => p.isDetermined).map((p) => p.chapter.chapter),
        [],
      );

      if (language !== 'de') await backToGerman(page);
      assertNoErrors(errors);
    });
  });
}
