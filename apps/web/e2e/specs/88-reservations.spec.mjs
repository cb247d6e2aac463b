/**
 * Reservations (issue 12) typed like a cashier, in German and in Italian: zwei on 102 in the previous
 * year (approved forecast). Click into a field, type, save with Ctrl+Enter without leaving it:
 * - reserve 1.500,00 on the expense chapter 2-2-002: the chapter's reservations figure rises and its
 *   availability drops by the amount (the budget box beside the form), also after a reload;
 * - book an expense of 400,00 on that chapter whose position uses the reservation, picked in the
 *   position's detail dialog (F2, Enter); the row shows the reservation's number;
 * - reopen the reservation: used 400,00, unused 1.100,00 to the cent, the chapter's reservations
 *   figure lowered by what the booking used;
 * - print the open reservations of the chapter: the PDF holds the row and the totals.
 * Screenshots of the form, the picker, the detail dialog and the print in both languages.
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import {
  amountOf,
  assert,
  assertNoErrors,
  backToGerman,
  baseUrl,
  currentYear,
  enterOnQuestion,
  inputAmount,
  menuEntry,
  newPage,
  setLanguage,
  shot,
  signInAndWait,
  typeInto,
  useBrowser,
  waitCents,
  waitFocused,
  pdfFileText,
} from '../lib.mjs';

const browser = useBrowser();
const dept = '102';
const year = currentYear - 1;
const yy = String(year).slice(2);
const base = `${baseUrl}/dept/${dept}/year/${year}`;
const chapter = '22002';

const texts = {
  de: {
    title: /Vormerkungen/,
    saved: /Vormerkung Nr\. (\d+) gespeichert/,
    booked: /Buchung Nr\. (\d+) gespeichert/,
    exceeded: 'Verfügbarer Betrag überschritten',
    goOn: 'Fortfahren',
    paid: 'Bezahlte Ausgabe',
    mark: (n) => `Vorm. ${n}`,
    byBookings: 'davon durch Buchungen: 400,00 €',
    required: 'Dieses Feld ist erforderlich',
    usedAbove: 'Der vorgemerkte Betrag darf nicht kleiner als der verwendete sein.',
    dateAfter: 'Das Datum darf nicht nach dem 31.12. liegen.',
    dateField: 'Buchungsdatum',
    print: /Vormerkungen \d{4}/,
    open: 'offen',
    total: 'Summe',
    cancelAsk: (n) => `Vormerkung Nr. ${n} ist nicht die letzte und wird storniert`,
    cancelButton: 'Stornieren',
    cancelled: (n) => `Vormerkung Nr. ${n} storniert`,
    deleteAsk: (n) => `Vormerkung Nr. ${n} ist die letzte und wird gelöscht`,
    deleteButton: 'Löschen',
    keep: 'Abbrechen',
    deleted: (n) => `Vormerkung Nr. ${n} gelöscht`,
  },
  it: {
    title: /Prenotazioni/,
    saved: /Prenotazione n\. (\d+) salvata/,
    booked: /Registrazione n\. (\d+) salvata/,
    exceeded: 'Importo disponibile superato',
    goOn: 'Continua',
    paid: 'Pagamento effettuato',
    mark: (n) => `Pren. ${n}`,
    byBookings: 'di cui da registrazioni: 400,00 €',
    required: 'Questo campo è obbligatorio',
    usedAbove: "L'importo prenotato non può essere inferiore a quello utilizzato.",
    dateAfter: 'La data non può essere successiva al 31/12.',
    dateField: 'Data registrazione',
    print: /Prenotazioni \d{4}/,
    open: 'aperta',
    total: 'Totale',
    cancelAsk: (n) => `La prenotazione n. ${n} non è l'ultima e viene annullata`,
    cancelButton: 'Annulla prenotazione',
    cancelled: (n) => `Prenotazione n. ${n} annullata`,
    deleteAsk: (n) => `La prenotazione n. ${n} è l'ultima e viene eliminata`,
    deleteButton: 'Elimina',
    keep: 'Annulla',
    deleted: (n) => `Prenotazione n. ${n} eliminata`,
  },
};

/** The "saved" toast's record number (an "available exceeded" question on the way answered yes). */
async function toastNumber(page, pattern, t) {
  // the number is read in the same poll that sees the toast: a toast found first and read after may be gone
  // on a slow machine (it stays 1,5 s)
  const seen = () => page.waitForFunction((source) => new RegExp(source).exec(globalThis.document.body.innerText)?.[1] ?? null, pattern.source);
  const question = page.getByRole('dialog').getByText(t.exceeded);
  const first = await Promise.race([seen(), question.waitFor().then(() => null)]);
  if (first) return Number(await first.jsonValue());
  await page.getByRole('button', { name: t.goOn, exact: true }).click();
  return Number(await (await seen()).jsonValue());
}

/** A new reservation on the chapter (typed, saved with Ctrl+Enter from the amount); its number. */
async function reserve(page, t, amount, note) {
  await page.goto(`${base}/reservations/edit`);
  await waitFocused(page, 'reservation-record-date');
  await typeInto(page, 'reservation-record-date', `11.04.${yy}`);
  await typeInto(page, 'reservation-chapter-code', chapter);
  await page.getByTestId('reservation-chapter-description').getByText(/\S/).waitFor();
  await typeInto(page, 'reservation-note', note);
  await typeInto(page, 'reservation-amount-booked', amount);
  await page.keyboard.press('Control+Enter');
  return toastNumber(page, t.saved, t);
}

/**
 * Deletes the open reservation: the question says deleted or cancelled, and so does the answer. A reflex Enter on the
 * question first answers its focused safe answer (issue 25 item 1): the reservation is still there to be asked again.
 */
async function remove(page, nr, ask, button, done, keep) {
  await page.goto(`${base}/reservations/edit?nr=${nr}`);
  await page.getByTestId('editor-delete').click();
  await page.getByRole('dialog').getByText(ask(nr)).waitFor();
  await enterOnQuestion(page, keep);
  await page.getByTestId('editor-delete').click();
  await page.getByRole('dialog').getByText(ask(nr)).waitFor();
  await page.getByRole('dialog').getByRole('button', { name: button, exact: true }).click();
  await page.getByText(done(nr)).first().waitFor();
}

for (const language of ['de', 'it']) {
  const t = texts[language];
  describe(`reservations (${language})`, () => {
    test('a cashier reserves on an expense chapter, books an expense that uses it and prints the list', async () => {
      const { page, errors } = await newPage(browser());
      await signInAndWait(page, 'zwei');
      await page.goto(`${base}/reservations/edit`);
      await page
        .getByTestId('reservation-form')
        .waitFor()
        .catch(async (error) => {
          await shot(page, `reservations-failed-${language}`);
          throw error;
        });
      if (language === 'it') {
        const stored = page.waitForResponse((res) => res.url().includes('auth.setLanguage'));
        await setLanguage(page, 'it');
        assert.ok((await stored).ok(), 'language stored');
      }
      assert.match(await page.getByTestId('screen-title').innerText(), t.title);

      // ---- a new reservation: the chapter typed, its budget beside the form
      await typeInto(page, 'reservation-record-date', `10.04.${yy}`);
      await typeInto(page, 'reservation-chapter-code', chapter);
      await page.getByTestId('chapter-budget-reservations').waitFor();
      const reservedBefore = await amountOf(page, 'chapter-budget-reservations');
      const availableBefore = await amountOf(page, 'chapter-budget-available');
      await typeInto(page, 'reservation-note', `Atemschutz ${language}`);
      // Enter moves on to the amount; it is required: the save says so and marks the field
      await page.keyboard.press('Enter');
      await waitFocused(page, 'reservation-amount-booked');
      await page.keyboard.press('Control+Enter');
      await page.getByText(t.required).first().waitFor();
      await typeInto(page, 'reservation-amount-booked', '1.500,00');
      await waitCents(page, 'reservation-amount-unused', 150000);
      // used above booked: refused on the form with the field named
      await typeInto(page, 'reservation-amount-used', '1.600,00');
      await page.getByText(t.usedAbove).first().waitFor();
      await shot(page, `reservations-error-${language}`);
      await typeInto(page, 'reservation-amount-used', '0');
      // a date of the next year: the server refuses it, translated, at the date field
      await typeInto(page, 'reservation-record-date', `05.01.${Number(yy) + 1}`);
      await page.keyboard.press('Control+Enter');
      await page.getByTestId('reservation-form').getByText(t.dateAfter).waitFor();
      await page
        .getByText(new RegExp(`${t.dateAfter} \\(${t.dateField}\\)`))
        .first()
        .waitFor();
      await shot(page, `reservations-server-error-${language}`);
      await typeInto(page, 'reservation-record-date', `10.04.${yy}`);
      await typeInto(page, 'reservation-amount-booked', '1.500,00');
      // beside the form: what stays available once it is saved
      await waitCents(page, 'chapter-budget-available-after', availableBefore - 150000);
      await page.keyboard.press('Control+Enter');
      const nr = await toastNumber(page, t.saved, t);
      await page.waitForURL((url) => url.searchParams.get('nr') === String(nr));
      // the chapter's reservations rise and its availability drops by the amount
      await waitCents(page, 'chapter-budget-reservations', reservedBefore + 150000);
      assert.equal(await amountOf(page, 'chapter-budget-available'), availableBefore - 150000);
      await shot(page, `reservations-edit-${language}`);

      // reload: the saved record with its figures
      await page.reload();
      await page.getByTestId('reservation-form').waitFor();
      assert.equal(await inputAmount(page, 'reservation-amount-booked'), 150000);
      assert.equal(await page.getByTestId('reservation-note').inputValue(), `Atemschutz ${language}`);
      await waitCents(page, 'chapter-budget-reservations', reservedBefore + 150000);

      // leaving with a change asks first: stay keeps it, discard leaves
      await typeInto(page, 'reservation-note', `Atemschutz ${language} (geändert)`);
      await page.getByTestId('reservation-new').click();
      await page.getByTestId('unsaved-dialog').getByTestId('unsaved-stay').click();
      assert.equal(new URL(page.url()).searchParams.get('nr'), String(nr));
      assert.equal(await page.getByTestId('reservation-note').inputValue(), `Atemschutz ${language} (geändert)`);
      await page.getByTestId('reservation-new').click();
      await page.getByTestId('unsaved-discard').click();
      await page.waitForURL((url) => !url.searchParams.has('nr'));

      // the picker: open reservations of the chapter, 5 to a page
      await page.getByTestId('reservation-open').click({ delay: 80 });
      await page.keyboard.press('F4');
      await typeInto(page, 'reservation-dialog-chapter-code', chapter);
      await page
        .getByTestId('reservation-list')
        .getByTestId('data-row')
        .filter({ hasText: `Atemschutz ${language}` })
        .waitFor();
      await shot(page, `reservations-picker-${language}`);
      await page
        .getByTestId('reservation-list')
        .getByTestId('data-row')
        .filter({ hasText: `Atemschutz ${language}` })
        .click();
      await page.waitForURL((url) => url.searchParams.get('nr') === String(nr));

      // ---- an expense on the chapter whose position uses the reservation (detail dialog, F2)
      await page.goto(`${base}/movements/expenses`);
      await page.getByTestId('movement-head-form').waitFor();
      await page.getByTestId('movement-type').click();
      await page.getByRole('option', { name: t.paid, exact: true }).click();
      await typeInto(page, 'movement-record-date', `12.04.${yy}`);
      await typeInto(page, 'movement-document-date', `12.04.${yy}`);
      await page.getByTestId('movement-next').click();
      await page.waitForURL((url) => /\/movements\/expenses\/new$/.test(url.pathname));
      await typeInto(page, 'add-chapter-code', chapter);
      await waitFocused(page, `amount-${chapter}`);
      await page.keyboard.type('400,00', { delay: 15 });
      await page.keyboard.press('F2');
      const dialog = page.getByTestId('position-detail');
      const row = dialog.getByTestId('data-row').filter({ hasText: `Atemschutz ${language}` });
      await row.waitFor();
      assert.equal(await amountOf(page, `detail-unused-${nr}`), 150000);
      await shot(page, `reservations-position-detail-${language}`);
      await row.click();
      await dialog.getByTestId('detail-reservation').getByText(String(nr)).waitFor();
      await page.keyboard.press('Enter');
      await dialog.waitFor({ state: 'detached' });
      assert.equal(await page.getByTestId(`reservation-mark-${chapter}`).textContent(), t.mark(nr));
      await waitFocused(page, `amount-${chapter}`);
      // what the position takes from the reservation was reserved already: the availability stays
      await waitCents(page, `available-after-${chapter}`, await amountOf(page, `available-before-${chapter}`));
      await shot(page, `reservations-positions-${language}`);
      await page.keyboard.press('Control+Enter');
      const booking = await toastNumber(page, t.booked, t);
      await page.getByTestId('movement-head-form').waitFor();

      // the saved booking keeps the link
      await page.goto(`${base}/movements/expenses/${booking}`);
      await page.getByTestId(`reservation-mark-${chapter}`).waitFor();

      // ---- the reservation again: used 400,00, unused 1.100,00; the chapter reserves only the unused part
      await page.goto(`${base}/reservations/edit`);
      await waitFocused(page, 'reservation-record-date');
      await typeInto(page, 'reservation-open', String(nr));
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.searchParams.get('nr') === String(nr));
      await waitCents(page, 'reservation-amount-used', 40000);
      assert.equal(await amountOf(page, 'reservation-amount-unused'), 110000);
      await page.getByText(t.byBookings).waitFor();
      await waitCents(page, 'chapter-budget-reservations', reservedBefore + 110000);
      await shot(page, `reservations-used-${language}`);

      // ---- the print: open reservations of the chapter
      await page.goto(`${base}/reservations/print`);
      await page.getByTestId('export-form').waitFor();
      await page.getByTestId('print-chapter-year').click();
      await page.getByRole('option', { name: String(year), exact: true }).click();
      await typeInto(page, 'print-chapter-from-code', chapter);
      await page.getByTestId('print-chapter-from-description').getByText(/\S/).waitFor();
      await shot(page, `reservations-print-${language}`);
      const download = page.waitForEvent('download');
      await page.getByTestId('export-download').click();
      const file = join(tmpdir(), `reservations-${language}-${Date.now()}.pdf`);
      await (await download).saveAs(file);
      const text = pdfFileText(file);
      assert.match(text, t.print);
      const line = text.split('\n').find((l) => l.includes(`Atemschutz ${language}`)) ?? '';
      assert.match(line, new RegExp(`^\\s*${nr}\\s+10\\.04\\.${year}\\s+${year}\\s+2-2-002\\b`), `row of ${nr}: ${line}`);
      assert.match(line, new RegExp(`1\\.500,00 €\\s+400,00 €\\s+1\\.100,00 €\\s+${t.open}`), `amounts of ${nr}: ${line}`);
      assert.match(text, new RegExp(`${t.total} \\(\\d+\\)\\s+[\\d.]+,\\d{2} €\\s+[\\d.]+,\\d{2} €\\s+[\\d.]+,\\d{2} €`), 'totals row');

      // ---- Delete: the latest is deleted (its number given again), an earlier one cancelled
      const earlier = await reserve(page, t, '10,00', `Probe ${language} 1`);
      const latest = await reserve(page, t, '5,00', `Probe ${language} 2`);
      assert.equal(latest, earlier + 1);
      await remove(page, earlier, t.cancelAsk, t.cancelButton, t.cancelled, t.keep);
      await page.goto(`${base}/reservations/edit?nr=${earlier}`);
      await page.getByTestId('reservation-cancelled').waitFor();
      assert.equal(await inputAmount(page, 'reservation-amount-booked'), 0, 'a cancelled reservation keeps its number, amounts 0');
      // beside the badge the amount it was booked at, struck through (it counts 0)
      const original = page.getByTestId('reservation-original-amount');
      assert.equal(await amountOf(page, 'reservation-original-amount'), 1000, 'the amount booked before the cancel');
      assert.equal(await original.evaluate((n) => n.ownerDocument.defaultView.getComputedStyle(n).textDecorationLine), 'line-through');
      await shot(page, `reservation-cancelled-${language}`);
      assert.equal(await page.getByTestId('editor-save').count(), 0, 'a cancelled reservation is read-only');
      await remove(page, latest, t.deleteAsk, t.deleteButton, t.deleted, t.keep);
      await page.getByTestId('reservation-record').getByText(String(latest)).waitFor();

      // leaving a new reservation by the menu: "save and leave" saves it and goes where the menu led
      await waitFocused(page, 'reservation-record-date');
      await typeInto(page, 'reservation-chapter-code', chapter);
      await page.getByTestId('reservation-chapter-description').getByText(/\S/).waitFor();
      await typeInto(page, 'reservation-amount-booked', '7,00');
      await (await menuEntry(page, 'management', 'management.reservations', 'management.reservations.print')).click();
      await page.getByTestId('unsaved-dialog').getByTestId('unsaved-save').click();
      const left = await toastNumber(page, t.saved, t);
      assert.equal(left, latest, 'saved with the next number');
      await page.waitForURL((url) => url.pathname.endsWith('/reservations/print'));
      await remove(page, left, t.deleteAsk, t.deleteButton, t.deleted, t.keep);

      if (language === 'it') await backToGerman(page);
      assertNoErrors(errors);
      await page.context().close();
    });
  });
}
