/**
 * The audit trail on screen (issue 27), in German and in Italian: the cashier `kassier` books a revenue
 * on 101 in the previous year (approved) and corrects its amount — typed like a person, saved with
 * Ctrl+Enter — then opens "Verlauf" / "Cronologia" on the record and sees both saves, newest first.
 * The auditor `revisor` (read-only, linked to 101 and 102) opens the record and its "Verlauf" (both saves), then
 * Dienstprogramme › Änderungsprotokoll, filters by user and record number, sees who did it, opens the
 * correction's detail (the position as one changed line on its chapter, "Position 1 · Kapitel 1-1-002 … · geändert",
 * Betrag 123,45 € → 1.234,56 €, no internal columns; the input's positions with the chapter by code) and downloads the CSV (both rows, the amount in
 * euros) and the PDF (title, user and department of each row, both amounts). Screenshots of the history, the list and the detail.
 * A determined residue line's Verlauf: the cashier determines one line of 101's previous year and corrects it (REST);
 * the auditor opens the determination (no Save, no clearing), the line's Verlauf shows both saves, the newest with that line's change only
 * (Festgestellter Rückstand before → after); the line is undetermined again at the end.
 */
import { describe, test } from 'node:test';
import {
  rest,
  assert,
  assertNoErrors,
  backToGerman,
  baseUrl,
  currentYear,
  downloadCsv,
  openAs,
  pdfText,
  shot,
  typeInto,
  useBrowser,
  waitFocused,
  waitForRows,
} from '../lib.mjs';

const browser = useBrowser();
const year = currentYear - 1;
const yy = String(year).slice(2);
const base = `${baseUrl}/dept/101/year/${year}`;
const texts = {
  de: {
    saved: /Buchung Nr\. (\d+) gespeichert/,
    created: 'angelegt',
    changed: 'geändert',
    entity: 'Buchung',
    title: 'Änderungsprotokoll',
    csvHead: 'Zeit;Benutzer',
    amount: 'Betrag',
    account: 'Konto',
    kind: 'Einnahmen/Ausgaben:',
    type: 'Typ Einnahme',
    revenues: 'Einnahmen',
    position: 'Position',
    chapter: 'Kapitel',
    changedLine: 'geändert',
    line: 'Kapitelzeile',
    finalResidue: 'Festgestellter Rückstand',
  },
  it: {
    saved: /Registrazione n\. (\d+) salvata/,
    created: 'creato',
    changed: 'modificato',
    entity: 'Registrazione',
    title: 'Registro delle modifiche',
    csvHead: 'Ora;Utente',
    amount: 'Importo',
    account: 'Conto',
    kind: 'Entrate/Uscite:',
    type: 'Tipo Entrata',
    revenues: 'Entrate',
    position: 'Posizione',
    chapter: 'Capitolo',
    changedLine: 'modificato',
    line: 'Riga di capitolo',
    finalResidue: 'Residuo riaccertato',
  },
};

const euro = (amount) => `${amount.toLocaleString('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} €`;
const code = (chapter) => `${chapter[0]}-${chapter[1]}-${chapter.slice(2)}`;

/** A REST call that must succeed: its answer. */
async function ok(user, method, path, body) {
  const answer = await rest(user, method, path, body);
  assert.ok(answer.status < 300, `${method} ${path}: ${answer.status} ${JSON.stringify(answer.json)}`);
  return answer.json;
}

/** The "saved" toast's record number, back on the head form. */
async function savedNumber(page, t) {
  const toast = page.getByText(t.saved).first();
  await toast.waitFor();
  const n = Number(t.saved.exec(await toast.innerText())?.[1]);
  await page.waitForURL((url) => /\/movements\/revenues$/.test(url.pathname));
  await page.getByTestId('movement-record').getByText(String(n)).waitFor();
  return n;
}

/** The cells of a table's rows (DataTable), as text. */
const rowsOf = (page, testId) =>
  page
    .getByTestId(testId)
    .getByTestId('data-row')
    .evaluateAll((rows) => rows.map((r) => Array.from(r.querySelectorAll('td')).map((td) => td.innerText.trim())));

describe('audit trail', () => {
  for (const language of ['de', 'it']) {
    const t = texts[language];
    test(`a booking and its correction in the record's history and the Änderungsprotokoll (${language})`, async () => {
      // ---- the cashier books a revenue and corrects its amount
      const cashier = await openAs(browser(), 'kassier', `${base}/movements/revenues`, { ready: 'movement-head-form', language });
      const page = cashier.page;
      await typeInto(page, 'movement-record-date', `05.03.${yy}`);
      await page.getByTestId('movement-next').click();
      await typeInto(page, 'add-chapter-code', '11002');
      await waitFocused(page, 'amount-11002');
      await page.keyboard.type('123,45', { delay: 15 });
      await page.keyboard.press('Control+Enter');
      const n = await savedNumber(page, t);
      await page.getByTestId('movement-next').click();
      await typeInto(page, 'amount-11002', '1.234,56');
      await page.keyboard.press('Control+Enter');
      assert.equal(await savedNumber(page, t), n, 'the same record saved again');

      // ---- its history: both saves, newest first
      await page.getByTestId('record-history').click();
      const history = page.getByTestId('record-history-dialog');
      await waitForRows(page, 2, 'record-history-table');
      const rows = await rowsOf(page, 'record-history-table');
      assert.deepEqual(
        rows.map((r) => r.slice(1)),
        [
          ['kassier', t.changed, 'movements.save'],
          ['kassier', t.created, 'movements.save'],
        ],
      );
      await history.getByTestId('data-row').first().click();
      await history.getByTestId('audit-detail-changes').getByText('1.234,56 €').waitFor();
      await shot(page, `27-record-history-${language}`);
      await page.keyboard.press('Escape');
      await history.waitFor({ state: 'detached' });
      assertNoErrors(cashier.errors);
      if (language === 'it') await backToGerman(page);
      await cashier.context.close();

      // ---- the auditor: the record read-only, its history, then both rows in the Änderungsprotokoll
      const sup = await openAs(browser(), 'revisor', `${base}/movements/revenues?nr=${n}`, { ready: 'movement-head-form', language, acceptDownloads: true });
      const s = sup.page;
      await s.getByTestId('read-only-note').waitFor();
      await s.getByTestId('record-history').click();
      await waitForRows(s, 2, 'record-history-table');
      assert.deepEqual(
        (await rowsOf(s, 'record-history-table')).map((r) => r.slice(1, 3)),
        [
          ['kassier', t.changed],
          ['kassier', t.created],
        ],
      );
      await s.keyboard.press('Escape');
      await s.getByTestId('record-history-dialog').waitFor({ state: 'detached' });
      await s.goto(`${base}/audit`);
      await s.getByTestId('audit-table').waitFor();
      assert.equal(await s.getByTestId('screen-title').innerText(), t.title);
      await typeInto(s, 'filter-user', 'kassier');
      await typeInto(s, 'filter-nr', String(n));
      await s.keyboard.press('Enter');
      await waitForRows(s, 2, 'audit-table');
      const listed = await rowsOf(s, 'audit-table');
      assert.deepEqual(
        listed.map((r) => r.slice(1)),
        [
          ['kassier', '101', String(year), t.entity, String(n), t.changed, 'movements.save'],
          ['kassier', '101', String(year), t.entity, String(n), t.created, 'movements.save'],
        ],
      );
      await shot(s, `27-audit-trail-${language}`);
      await s.getByTestId('audit-table').getByTestId('data-row').first().click();
      const detail = s.getByTestId('audit-detail-dialog');
      assert.equal(await detail.getByTestId('audit-detail-user').innerText(), 'kassier');
      assert.equal(await detail.getByTestId('audit-detail-action').innerText(), t.changed.toUpperCase());
      const positions = detail.getByTestId('audit-detail-changes').locator('[data-key="positions"]');
      await positions.getByText('1.234,56 €').waitFor();
      // the input's positions name the chapter by its code and description
      assert.match(await positions.innerText(), /1-1-002 \S/);
      // the movement's type in words
      assert.equal((await detail.getByTestId('audit-detail-changes').locator('tr[data-key="type"]').innerText()).replace(/\s+/g, ' ').trim(), t.type);
      // the account the input names by id reads by its code and name
      const account = detail.getByTestId('audit-detail-changes').locator('tr[data-key="accountId"]');
      assert.match((await account.innerText()).replace(/\s+/g, ' ').trim(), new RegExp(`^${t.account} [KB]1 \\S`));
      // the changed data as business data: the position re-inserted by the save reads as one changed line on its
      // chapter, the amount before → after; no ids, sort or instalment shares
      const record = detail.locator('[data-testid="audit-detail-row"][data-table="movement_positions"]');
      assert.equal(await record.count(), 1);
      assert.match(await record.getByTestId('audit-detail-record').innerText(), new RegExp(`^${t.position} 1 · ${t.chapter} 1-1-002 .+ · ${t.changedLine}$`));
      assert.equal((await record.locator('tr[data-key="amount"]').innerText()).replace(/\s+/g, ' ').trim(), `${t.amount} 123,45 € 1.234,56 €`);
      const internal = detail.locator(
        '[data-testid="audit-detail-row"] tr:is([data-key="sort"], [data-key="movement_id"], [data-key="chapter_budget_id"], [data-key="id"])',
      );
      assert.equal(await internal.count(), 0, 'no internal columns');
      assert.equal(await detail.locator('[data-table="movement_payment_shares"]').count(), 0, 'no instalment shares');
      await shot(s, `27-audit-detail-${language}`);
      await s.keyboard.press('Escape');
      await detail.waitFor({ state: 'detached' });

      const csv = await downloadCsv(s);
      assert.match(csv.name, /\.csv$/);
      assert.ok(csv.lines[0].startsWith(t.csvHead), csv.lines[0]);
      assert.equal(csv.lines.length, 3, csv.lines.join('\n'));
      assert.ok(csv.lines[1].includes(`;${t.entity};`) && csv.lines[1].includes(`;${n};${t.changed};movements.save;`), csv.lines[1]);
      // the input in the same words: fields translated, the account by its code, the kind in words
      assert.ok(csv.lines[1].includes(`${t.amount}: 1.234,56 €`) && csv.lines[1].includes(`${t.kind} ${t.revenues};`), csv.lines[1]);
      assert.ok(csv.lines[2].includes(`${t.amount}: 123,45 €`) && new RegExp(`${t.account}: [KB]1 `).test(csv.lines[2]), csv.lines[2]);
      // the change in business terms too: the position on its chapter, the amount before → after
      assert.ok(csv.lines[1].includes(`${t.position} 1 1-1-002 `) && csv.lines[1].includes(`${t.amount} 123,45 € → 1.234,56 €`), csv.lines[1]);
      // the same rows as a PDF: the title, each row's user and department, the amounts of both saves
      const [pdf] = await Promise.all([s.waitForEvent('download'), s.getByTestId('export-pdf').click()]);
      assert.match(pdf.suggestedFilename(), /\.pdf$/);
      const text = await pdfText(pdf, `27-audit-trail-${language}`);
      assert.ok(text.includes(t.title), text.slice(0, 300));
      assert.equal(text.match(/kassier · 101/g)?.length, 2, text);
      // (a cell's text wraps: compared with its line breaks as spaces)
      const flat = text.replace(/\s+/g, ' ');
      assert.ok(flat.includes('1.234,56 €') && flat.includes('123,45 €'), text);
      // the filter line in words, not the list's keys
      assert.doesNotMatch(flat, /departmentId:|recordNumber:|userName:|entity:|year: /, flat.slice(0, 400));
      // the change in the same words as the CSV and the detail: the position on its chapter, the field translated (» : the print's font has no arrow)
      assert.ok(
        flat.includes(`${t.position} 1 1-1-002 `) && flat.includes(`${t.amount} 123,45 € » 1.234,56 €`) && flat.includes(`${t.kind} ${t.revenues}, `),
        flat,
      );
      assertNoErrors(sup.errors);
      if (language === 'it') await backToGerman(s);
      await sup.context.close();
    });

    test(`a determined residue line's own Verlauf (${language})`, async () => {
      // the cashier determines one line of the previous year at its minimum, then corrects it to its maximum (REST)
      const departmentId = (await ok('kassier', 'GET', 'Scopes')).departments.find((d) => d.code === '101').id;
      const scope = `departmentId=${departmentId}&year=${year}`;
      const final = await ok('kassier', 'GET', `Budget/Residues/Final?${scope}&source=1`);
      // a line of its own a language (the other run left its line undetermined, with its history)
      const line = final.positions.filter((p) => p.isEditable && !p.isDetermined && p.maximum > p.minimum)[language === 'de' ? 0 : 1];
      assert.ok(line, 'a line to determine');
      const id = line.budget.budgetId;
      const determine = (amount) => ok('kassier', 'PUT', `Budget/Residues/Final?${scope}`, { budgetType: 1, positions: [{ budgetId: id, amount }] });
      await determine(line.minimum);
      await determine(line.maximum);
      try {
        // the auditor opens the determination and the line's Verlauf: both saves, the newest with that line's change only
        const { page, errors } = await openAs(browser(), 'revisor', `${base}/residues/determination?source=1`, { ready: 'read-only-note', language });
        await page.getByTestId(`record-history-${id}`).waitFor();
        // he saves and clears nothing here: no Save, no clearing (the line is determined), no input
        assert.equal(await page.getByTestId('residues-save').count(), 0, 'no save');
        assert.equal(await page.getByTestId('residues-clear-all').count(), 0, 'no clearing all');
        assert.equal(await page.getByTestId(`residue-clear-${id}`).count(), 0, 'no clearing the line');
        assert.equal(await page.getByTestId(`residue-input-${id}`).count(), 0, 'no input');
        await page.getByTestId(`record-history-${id}`).click();
        const dialog = page.getByTestId('record-history-dialog');
        await waitForRows(page, 2, 'record-history-table');
        assert.deepEqual(
          (await rowsOf(page, 'record-history-table')).map((r) => r.slice(1)),
          [
            ['kassier', t.changed, 'residues.saveFinal'],
            ['kassier', t.changed, 'residues.saveFinal'],
          ],
        );
        await dialog.getByTestId('data-row').first().click();
        const records = dialog.getByTestId('audit-detail-row');
        await records.first().waitFor();
        assert.equal(await records.count(), 1, 'the line’s change only');
        assert.match(
          await records.getByTestId('audit-detail-record').innerText(),
          new RegExp(`^${t.line} · ${t.chapter} ${code(line.chapter.chapter)} .+ · ${t.changedLine}$`),
        );
        assert.equal(
          (await records.locator('tr[data-key="final_residue"]').innerText()).replace(/\s+/g, ' ').trim(),
          `${t.finalResidue} ${euro(line.minimum)} ${euro(line.maximum)}`,
        );
        await shot(page, `27-residue-line-history-${language}`);
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });
        assertNoErrors(errors);
        if (language === 'it') await backToGerman(page);
        await page.context().close();
      } finally {
        // the line undetermined again: the later specs find the year as the demo left it
        await determine(null);
      }
    });
  }
});
