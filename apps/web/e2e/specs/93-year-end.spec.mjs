/* global document */
/**
 * Year end (issue 15) in German and Italian, each on its own department so that both close a year:
 * zwei on 201 (German), the supervisor on 202 (Italian), both in the previous demo year (forecast
 * approved, a year of bookings, the department's first year). The final account first fails (residues
 * not determined, reservations without residue): the dialog offers the error protocol, which is
 * downloaded and names the failed criteria. The residues of the current management are determined
 * (Enter moves down the inputs; an amount below the line's reservation is refused with the row marked;
 * the copy button proposes open payments + reservations; Ctrl+Enter saves and returns to the source step). Then every
 * criterion passes, the approval date is typed (a date after 31.03. warns "late"), saved, and the year is
 * closed without a reload (the determination turns read-only). The final report (its cash at 31.12.
 * equals the header's), the ETS report and the residues list are printed (PDF text checked); the residues
 * are carried over into the current year, the carry-over report lists the manual residue, a second run
 * changes nothing.
 * The later specs use neither 201 nor 202 in the previous year.
 */
import { before, describe, test } from 'node:test';
import {
  approveForecast,
  isoToday,
  assert,
  assertPrintHolds,
  assertNoErrors,
  backToGerman,
  baseUrl,
  currentYear,
  departmentIdOf,
  enterOnQuestion,
  menuEntry,
  openAs,
  pdfText,
  printedChapter,
  rest,
  shot,
  typeInto,
  useBrowser,
  waitFocused,
  waitForRows,
} from '../lib.mjs';

const browser = useBrowser();
const year = currentYear - 1;

const runs = {
  de: {
    dept: '201',
    user: 'zwei',
    errorsDialog: 'Der Rechnungsabschluss hat Fehler',
    yes: 'Ja',
    errorsPdf: new RegExp(`^Fehlerprotokoll-zum-Rechnungsabschluss-201-${year}-${isoToday()}\\.pdf$`),
    errorsText: ['Fehlerprotokoll zum Rechnungsabschluss', 'Nicht festgestellte Rückstände'],
    below: 'Nicht unter offenen Zahlungen und Vormerkungen zusammen',
    saved: 'Rückstände gespeichert',
    approved: `Rechnungsabschluss ${year} genehmigt`,
    finalPdf: `Rechnungsabschluss-201-${year}-${isoToday()}.pdf`,
    finalText: ['Genehmigt am', 'Kassenbestand am 31.12.'],
    finalLine: /2-1-001\s+Verwaltungsausgaben und\s/,
    etsPdf: `Rechnungsabschluss-ETS-201-${year}-${isoToday()}.pdf`,
    etsText: ['Rechnungsabschluss ETS', 'Kassa und Bank'],
    carried: `Rückstände ${year} in das Jahr ${currentYear} übertragen`,
    no: 'Nein',
    residuesPdf: `Rückstände-201-${year}-${isoToday()}.pdf`,
    carryPdf: `Übertragung-der-Rückstände-201-${currentYear}-${isoToday()}.pdf`,
  },
  it: {
    dept: '202',
    user: 'supervisor',
    errorsDialog: 'Il rendiconto contiene errori',
    yes: 'Sì',
    errorsPdf: new RegExp(`^Protocollo-errori-del-rendiconto-202-${year}-${isoToday()}\\.pdf$`),
    errorsText: ['Protocollo errori del rendiconto', 'Residui non accertati'],
    below: 'Non inferiore a pagamenti aperti e prenotazioni insieme',
    saved: 'Residui salvati',
    approved: `Rendiconto ${year} approvato`,
    finalPdf: `Rendiconto-202-${year}-${isoToday()}.pdf`,
    finalText: ['Approvato il', 'Fondo di cassa al 31.12.'],
    finalLine: /2-1-001\s+Spese amministrative e\s/,
    etsPdf: `Rendiconto-ETS-202-${year}-${isoToday()}.pdf`,
    etsText: ['Rendiconto ETS', 'Uscite'],
    carried: `Residui ${year} riportati nell'esercizio ${currentYear}`,
    no: 'No',
    residuesPdf: `Residui-202-${year}-${isoToday()}.pdf`,
    carryPdf: `Riporto-dei-residui-202-${currentYear}-${isoToday()}.pdf`,
  },
};

// the carry-over runs in the current year: a small balanced forecast approved there opens its menu (an
// earlier spec may have typed a forecast or a used surplus there: the parts are replaced, a used surplus
// is balanced by an expense of title 2)
before(async () => {
  for (const code of ['201', '202']) {
    const id = await departmentIdOf(code);
    const summary = await rest('supervisor', 'GET', `Budget/Forecast/Summary?departmentId=${id}&year=${currentYear}`);
    const surplusUsed = summary.json.approval ? 0 : (summary.json.totals?.surplusUsed ?? 0);
    await approveForecast(id, currentYear, {
      revenues: [{ chapter: '11001', amountCurrYear: 100 }],
      expenses: [{ chapter: '21001', amountCurrYear: 100 }, ...(surplusUsed > 0 ? [{ chapter: '22002', amountCurrYear: surplusUsed }] : [])],
    });
  }
});

/** The approval date typed: a late one (after 31.03.) when today allows it, else today. */
function approvalDate() {
  const today = new Date();
  const late = new Date(currentYear, 3, 15);
  const d = today >= late ? late : today;
  return `${String(d.getDate()).padStart(2, '0')}.${String(d.getMonth() + 1).padStart(2, '0')}.${d.getFullYear()}`;
}

/** The approval date an open form offers (offeredApprovalDate): today up to 31.10. of the next year, then 31.10. */
function offeredApproval() {
  const today = new Date();
  const d = today > new Date(currentYear, 9, 31, 23, 59) ? new Date(currentYear, 9, 31) : today;
  return `${String(d.getDate()).padStart(2, '0')}.${String(d.getMonth() + 1).padStart(2, '0')}.${d.getFullYear()}`;
}

for (const [language, t] of Object.entries(runs)) {
  const base = `${baseUrl}/dept/${t.dept}/year/${year}`;
  describe(`year end (${language})`, () => {
    test('residues determined, the final account approved after its error protocol, printed and carried over', async () => {
      const { page, errors } = await openAs(browser(), t.user, `${base}/residues/edit`, { ready: 'manual-table', language, acceptDownloads: true });

      // ---- a manual residue of the year before (the first year in the system), on an expense chapter
      await page.getByTestId('list-new').click();
      await page.getByTestId('manual-year').waitFor();
      assert.equal(await page.getByTestId('manual-year').inputValue(), String(year - 1));
      await typeInto(page, 'manual-chapter-code', '21001');
      await page.getByTestId('manual-chapter-description').getByText(/\S/).waitFor();
      await typeInto(page, 'manual-amount', '150,00');
      await typeInto(page, 'manual-note', `e2e ${language}`);
      await shot(page, `year-end-manual-residue-${language}`);
      await page.keyboard.press('Control+Enter');
      await page.getByTestId('manual-table').waitFor();
      await waitForRows(page, 1, 'manual-table');
      await shot(page, `year-end-manual-residues-${language}`);

      await page.goto(`${base}/budget/final/approve`);
      // ---- the criteria fail: the dialog offers the error protocol
      const dialog = page.getByRole('dialog');
      await dialog.getByText(t.errorsDialog).waitFor();
      assert.equal(await page.getByTestId('criterion-residues').getAttribute('data-state'), 'failed');
      assert.equal(await page.getByTestId('final-approve-save').count(), 0, 'no Save while a criterion fails');
      await shot(page, `year-end-approve-errors-${language}`);
      const [protocol] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: t.yes, exact: true }).click()]);
      assert.match(protocol.suggestedFilename(), t.errorsPdf);
      const protocolText = await pdfText(protocol, `final-errors-${language}`);
      for (const text of t.errorsText) assert.ok(protocolText.includes(text), `${text} in the error protocol`);

      // ---- determination: source step, then the current management's lines
      await page.goto(`${base}/residues/determination`);
      await page.getByTestId('residues-source-form').waitFor();
      await shot(page, `year-end-residues-source-${language}`);
      await page.getByTestId('residues-source-next').click();
      const table = page.getByTestId('residues-table');
      await table.waitFor();
      const inputs = table.locator('input[data-testid^="residue-input-"]');
      assert.ok((await inputs.count()) > 3, 'editable lines');
      // Enter moves down the inputs
      const first = await inputs.nth(0).getAttribute('data-testid');
      const second = await inputs.nth(1).getAttribute('data-testid');
      await typeInto(page, first, '0');
      await page.keyboard.press('Enter');
      await waitFocused(page, second);
      // a line with a reservation (flag 1): below it is refused, the row marked
      const reserved = table.locator('tr:has([data-testid="residue-flag-1"])').first();
      const reservedInput = await reserved.locator('input').getAttribute('data-testid');
      const budgetId = reservedInput.replace('residue-input-', '');
      const proposed = await page.getByTestId(reservedInput).inputValue();
      await typeInto(page, reservedInput, '0,01');
      await page.keyboard.press('Control+Enter');
      await page.getByText(t.below).first().waitFor();
      assert.equal(await reserved.getAttribute('data-error'), 'true');
      await shot(page, `year-end-residues-refused-${language}`, { fullPage: true });
      // the copy button proposes open payments + reservations (DOMAIN decision 14), not the available amount
      await page.getByTestId(`residue-copy-${budgetId}`).click();
      assert.equal((await page.getByTestId(reservedInput).inputValue()).replace(/[^\d,]/g, ''), proposed.replace(/[^\d,]/g, ''));
      await shot(page, `year-end-residues-table-${language}`, { fullPage: true });
      await page.keyboard.press('Control+Enter');
      await page.getByText(t.saved).first().waitFor();
      await page.getByTestId('residues-source-form').waitFor();
      // the residue lines: the manual residue, determined in full
      await page.getByTestId('residues-source-2').click();
      await page.getByTestId('residues-source-next').click();
      const residueRow = page.getByTestId(`residue-row-${year - 1}-21001`);
      await residueRow.waitFor();
      await typeInto(page, await residueRow.locator('input').getAttribute('data-testid'), '150,00');
      await shot(page, `year-end-residues-lines-${language}`, { fullPage: true });
      await page.keyboard.press('Control+Enter');
      await page.getByTestId('residues-source-form').waitFor();

      // ---- every criterion passes: the approval with a (late) date
      await page.goto(`${base}/budget/final/approve`);
      await page.getByTestId('final-criteria').waitFor();
      for (const key of ['unpaidBills', 'budgetChanges', 'reservations', 'exceededAvailabilities', 'residues', 'title3'])
        assert.equal(await page.getByTestId(`criterion-${key}`).getAttribute('data-state'), 'passed', key);
      await typeInto(page, 'final-approval-date', approvalDate());
      if (approvalDate().endsWith(`04.${currentYear}`)) await page.getByTestId('final-late-warning').waitFor();
      await shot(page, `year-end-approve-${language}`);
      await page.keyboard.press('Control+Enter');
      await page.getByText(t.approved).first().waitFor();
      await page.getByTestId('final-approved-warning').waitFor();
      await shot(page, `year-end-approved-${language}`);
      // closed without a reload: the determination is read-only (the menu navigates inside the app)
      await (await menuEntry(page, 'residues', 'residues.determination')).click();
      await page.getByTestId('residues-source-next').click();
      await page.getByTestId('budget-closed-warning').waitFor();
      assert.equal(await page.getByTestId('residues-table').locator('input').count(), 0, 'no inputs in a closed year');
      // every booking screen of the closed year is read-only: an expense opens with the warning and without Save
      await page.goto(`${base}/movements/expenses/1`);
      await page.getByTestId('budget-closed-warning').waitFor();
      await page.getByTestId('editor-back').waitFor();
      assert.equal(await page.getByTestId('editor-save').count(), 0, 'no Save on a movement of a closed year');
      await shot(page, `year-end-closed-movement-${language}`);

      // ---- the final report: the form (every criterion passed), the PDF with the approval and the cash at 31.12.
      const cash = await page.getByTestId('header-cash-balance').innerText();
      await page.goto(`${base}/budget/final/print`);
      await page.getByTestId('final-print-form').waitFor();
      await shot(page, `year-end-final-print-${language}`, { fullPage: true });
      const [finalPdf] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-download').click()]);
      assert.equal(finalPdf.suggestedFilename(), t.finalPdf);
      const finalText = await pdfText(finalPdf, `final-report-${language}`);
      // the report holds together (issue 25 item 12): each chapter whole on one page (descriptions wrapped at word
      // boundaries), no heading ending a page, the signatures with the last table
      const chapters = await rest(
        'supervisor',
        'GET',
        `Budget/Chapters?departmentId=${await departmentIdOf(t.dept)}&year=${year}&withBudgetOnly=true&pageSize=500`,
      );
      assert.ok(chapters.json.entities.length > 10, 'the chapters of the year');
      const de = language === 'de';
      assertPrintHolds(finalText, {
        name: `final report (${language})`,
        rows: chapters.json.entities.map((c) => ({
          code: printedChapter(c.chapter),
          description: de ? c.descriptionDeu : c.descriptionIta,
          year: c.chapterYear,
        })),
        headings: de
          ? [
              'Titel 1 –',
              'Titel 2 –',
              'Titel 3 –',
              'Kompetenzgebarung –',
              'Rückständegebarung –',
              'Zusammenfassung der Rückstände',
              'Mehreinnahmen und',
              'Mindereinnahmen und',
              'Ergebnisse',
              'Protokoll',
              'Jahr ',
            ]
          : [
              'Titolo 1 –',
              'Titolo 2 –',
              'Titolo 3 –',
              'Gestione di competenza –',
              'Gestione dei residui –',
              'Riepilogo dei residui',
              'Maggiori entrate ed',
              'Minori entrate e',
              'Quadro riassuntivo',
              'Protocollo',
              'Anno ',
            ],
        empty: [de ? 'Keine.' : 'Nessuno.'],
        signatures: de ? ['Kassier', 'Kommandant'] : ['Cassiere', 'Comandante'],
      });
      for (const text of t.finalText) assert.ok(finalText.includes(text), `${text} in the final report`);
      // the description column holds its words whole (issue 25 item 12): no `Verwaltungsausg` / `aben`
      assert.match(finalText, t.finalLine, 'the chapter 2-1-001 with its description unbroken');
      const cashLine = finalText.split('\n').find((l) => l.includes(t.finalText[1])) ?? '';
      assert.ok(cashLine.includes(cash.trim()), `final cash ${cash} in: ${cashLine}`);

      // ---- the ETS report
      await page.goto(`${base}/budget/final/printETS`);
      await page.getByTestId('ets-print-cover').waitFor();
      await shot(page, `year-end-ets-print-${language}`);
      const [etsPdf] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-download').click()]);
      assert.equal(etsPdf.suggestedFilename(), t.etsPdf);
      const etsText = await pdfText(etsPdf, `ets-report-${language}`);
      for (const text of t.etsText) assert.ok(etsText.includes(text), `${text} in the ETS report`);

      // ---- the residues list: every source, lines with a residue, detailed
      await page.goto(`${base}/residues/print`);
      await page.getByTestId('residues-print-source').waitFor();
      await page.getByTestId('residues-print-type-1').click();
      await shot(page, `year-end-residues-print-${language}`);
      const [residuesPdf] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-download').click()]);
      assert.equal(residuesPdf.suggestedFilename(), t.residuesPdf);
      const residuesText = await pdfText(residuesPdf, `residues-${language}`);
      assert.match(residuesText, new RegExp(`${year - 1}\\s+2-1-001\\s.*150,00 €`), 'the manual residue in the residues list');

      // ---- carry-over into the current year, its report; a second run changes nothing
      await page.goto(`${baseUrl}/dept/${t.dept}/year/${currentYear}/residues/carryOver`);
      await page.getByTestId('carry-over-description').waitFor();
      await shot(page, `year-end-carry-over-${language}`);
      await page.getByTestId('carry-over-ok').click();
      await page.getByText(t.carried).first().waitFor();
      const counts = await page.getByTestId('carry-over-counts').innerText();
      await shot(page, `year-end-carried-${language}`);
      const [carryPdf] = await Promise.all([page.waitForEvent('download'), page.getByRole('dialog').getByRole('button', { name: t.yes, exact: true }).click()]);
      assert.equal(carryPdf.suggestedFilename(), t.carryPdf);
      const carryText = await pdfText(carryPdf, `carry-over-${language}`);
      assert.match(carryText, new RegExp(`${year - 1}\\s+2-1-001\\s.*150,00 €\\s+150,00 €`), `the manual residue carried: ${carryText}`);
      await page.reload();
      await page.getByTestId('carry-over-again').waitFor();
      await page.getByTestId('carry-over-ok').click();
      await page.getByTestId('carry-over-done').waitFor();
      await page.getByRole('dialog').getByRole('button', { name: t.no, exact: true }).click();
      const again = await page.getByTestId('carry-over-counts').innerText();
      assert.match(again, /: 0\D+0\D+0\D+0\D*$/, `a second run changes nothing: ${again} (first: ${counts})`);

      // ---- the supervisor reopens the year by clearing the date, then approves it again
      if (language === 'it') {
        await page.goto(`${base}/budget/final/approve`);
        await page.getByTestId('final-approved-warning').waitFor();
        await page.getByTestId('final-approval-date').fill('');
        await page.getByTestId('final-approval-date').press('Control+Enter');
        const revoke = page.getByRole('dialog').getByRole('button', { name: 'Revoca', exact: true });
        await revoke.waitFor();
        // under the question the cleared field stays empty (not the stored date behind it)
        assert.equal(await page.getByTestId('final-approval-date').inputValue(), '', 'the cleared date under the question');
        await shot(page, `year-end-reopen-question-${language}`);
        // a reflex Enter answers "Annulla" (the safe answer has the focus): the final account stays approved
        await enterOnQuestion(page, 'Annulla');
        const kept = await rest('supervisor', 'GET', `FinalBalance?departmentId=${await departmentIdOf(t.dept)}&year=${year}`);
        assert.ok(kept.json.approval, 'Enter on the revoke question keeps the approval');
        await page.getByTestId('final-approval-date').press('Control+Enter');
        await revoke.waitFor();
        await revoke.click();
        await page.getByText(`Approvazione del rendiconto ${year} revocata`).first().waitFor();
        await page.getByTestId('final-approved-warning').waitFor({ state: 'detached' });
        // the field shows what the server now holds (no approval), and nothing is left unsaved
        const held = await rest('supervisor', 'GET', `FinalBalance?departmentId=${await departmentIdOf(t.dept)}&year=${year}`);
        assert.equal(held.json.approval, null, 'the server holds no approval');
        // the field shows what the form now holds once the answer is refetched: the date an open form offers
        // (offeredApprovalDate), also while the cleared field still has the focus (a stale empty text would hand on a
        // change when leaving: the unsaved-changes question instead of the print form below)
        await page.waitForFunction((offered) => document.querySelector('[data-testid="final-approval-date"]')?.value === offered, offeredApproval(), {
          timeout: 15000,
        });
        const shown = await page.getByTestId('final-approval-date').inputValue();
        assert.equal(shown, offeredApproval(), 'the date field after reopening');
        const lateOffered = shown.split('.').reverse().join('-') > `${currentYear}-03-31`;
        if (!lateOffered) assert.equal(await page.getByTestId('final-late-warning').count(), 0, 'no late warning of the old date');
        await shot(page, `year-end-reopened-${language}`);
        await (await menuEntry(page, 'budgetFinal', 'budgetFinal.print')).click();
        await page.getByTestId('final-print-form').waitFor();
        assert.equal(await page.getByTestId('unsaved-dialog').count(), 0, 'leaving asks nothing: the form is not dirty');
        await page.goto(`${base}/budget/final/approve`);
        await page.getByTestId('final-criteria').waitFor();
        // opened again, the open form offers a date (offeredApprovalDate)
        assert.equal(await page.getByTestId('final-approval-date').inputValue(), offeredApproval());
        await typeInto(page, 'final-approval-date', approvalDate());
        await page.keyboard.press('Control+Enter');
        await page.getByTestId('final-approved-warning').waitFor();
      }

      if (language !== 'de') await backToGerman(page);
      assertNoErrors(errors);
    });
  });
}
