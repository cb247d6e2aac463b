/**
 * Questions that write something irreversible default to the safe answer (issue 25 item 1), in
 * German and Italian: zwei on 102 in the previous year (approved forecast) types a paid expense of
 * 418,10 € more than chapter 2-1-002 has available and saves with Ctrl+Enter from the amount.
 * - the question names the line (2-1-002 and its description) and the excess (418,10 €), and
 *   "Abbrechen" has the focus: a reflex Enter books nothing (REST finds no record with its document
 *   number);
 * - the record is booked on "Fortfahren" (reached with Tab, Enter), then deleted: Enter on the delete
 *   question keeps it (REST still finds it), the red "Löschen" clicked deletes it.
 * Screenshot of the question in both languages.
 */
import { describe, test } from 'node:test';
import {
  amountOf,
  answerFocused,
  assert,
  assertNoErrors,
  baseUrl,
  currentYear,
  departmentIdOf,
  openAs,
  rest,
  shot,
  typeInto,
  useBrowser,
  waitFocused,
} from '../lib.mjs';

const browser = useBrowser();
const dept = '102';
const year = currentYear - 1;
const yy = String(year).slice(2);
const base = `${baseUrl}/dept/${dept}/year/${year}`;
const excess = 41810;

const texts = {
  de: {
    paid: 'Bezahlte Ausgabe',
    exceeded: 'Verfügbarer Betrag überschritten',
    line: 'Kapitel 2-1-002 Post-, Telefon- und Internetgebühren: 418,10 € über dem verfügbaren Betrag.',
    ask: 'Trotzdem fortfahren?',
    cancel: 'Abbrechen',
    goOn: 'Fortfahren',
    saved: /Buchung Nr\. (\d+) gespeichert/,
    deleteAsk: (n) => `Buchung Nr. ${n} ist die letzte und wird gelöscht`,
    deleteButton: 'Löschen',
    deleted: (n) => `Buchung Nr. ${n} gelöscht`,
  },
  it: {
    paid: 'Pagamento effettuato',
    exceeded: 'Importo disponibile superato',
    line: "Capitolo 2-1-002 Spese postali, telefoniche e internet: 418,10 € oltre l'importo disponibile.",
    ask: 'Continuare comunque?',
    cancel: 'Annulla',
    goOn: 'Continua',
    saved: /Registrazione n\. (\d+) salvata/,
    deleteAsk: (n) => `La registrazione n. ${n} è l'ultima e viene eliminata`,
    deleteButton: 'Elimina',
    deleted: (n) => `Registrazione n. ${n} eliminata`,
  },
};

/** Cents as the app types them (`1.234,56`). */
function typedEuros(c) {
  return (c / 100)
    .toFixed(2)
    .replace('.', ',')
    .replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

/** The expenses of the scope with this document number (REST, as zwei). */
async function expensesWith(departmentId, documentNumber) {
  const list = await rest('zwei', 'GET', `Movements/Expenses?departmentId=${departmentId}&year=${year}&search=${encodeURIComponent(documentNumber)}`);
  assert.equal(list.status, 200, JSON.stringify(list.json));
  return list.json.entities;
}

for (const language of ['de', 'it']) {
  const t = texts[language];
  describe(`safe confirmations (${language})`, () => {
    test('Enter on the overbooking question books nothing; the question names the line and the excess; Enter on delete keeps the record', async () => {
      const departmentId = await departmentIdOf(dept);
      const documentNumber = `SAFE-${language}-${Date.now() % 100000}`;
      const { page, errors } = await openAs(browser(), 'zwei', `${base}/movements/expenses`, { ready: 'movement-head-form', language });
      await page.getByTestId('movement-type').click();
      await page.getByRole('option', { name: t.paid, exact: true }).click();
      await typeInto(page, 'movement-record-date', `23.03.${yy}`);
      await typeInto(page, 'movement-document-number', documentNumber);
      await typeInto(page, 'movement-document-date', `23.03.${yy}`);
      await page.getByTestId('movement-next').click();
      await page.waitForURL((url) => /\/movements\/expenses\/new$/.test(url.pathname));
      await typeInto(page, 'add-chapter-code', '21002');
      await waitFocused(page, 'amount-21002');
      await page.getByTestId('available-before-21002').waitFor();
      const before = await amountOf(page, 'available-before-21002');
      await page.keyboard.type(typedEuros(Math.max(before, 0) + excess), { delay: 15 });
      const expectedExcess = Math.max(before, 0) + excess - before;
      await page.keyboard.press('Control+Enter');

      // ---- the question: the line, the excess, the safe answer focused
      const question = page.getByRole('dialog').filter({ hasText: t.exceeded });
      await question.getByText(t.exceeded).waitFor();
      const text = await question.innerText();
      const line = before >= 0 ? t.line : t.line.replace('418,10 €', `${typedEuros(expectedExcess)} €`);
      assert.ok(text.includes(line), `the question names the line and the excess: ${text}`);
      assert.ok(text.includes(t.ask), text);
      await answerFocused(page, t.cancel);
      await shot(page, `70-safe-confirm-exceeded-${language}`);

      // a reflex Enter answers "Abbrechen": nothing is booked
      await page.keyboard.press('Enter');
      await question.waitFor({ state: 'detached' });
      await page.waitForTimeout(500);
      assert.deepEqual(await expensesWith(departmentId, documentNumber), [], 'Enter on the question books nothing');
      assert.match(new URL(page.url()).pathname, /\/movements\/expenses\/new$/, 'still on the unsaved record');

      // ---- "Fortfahren" reached with Tab, then Enter: booked
      await page.getByTestId('amount-21002').click({ delay: 80 });
      await page.keyboard.press('Control+Enter');
      await question.getByText(t.exceeded).waitFor();
      await answerFocused(page, t.cancel);
      await page.keyboard.press('Tab');
      await answerFocused(page, t.goOn);
      await page.keyboard.press('Enter');
      const toast = page.getByText(t.saved).first();
      await toast.waitFor();
      const recordNumber = Number(t.saved.exec(await toast.innerText())?.[1]);
      const booked = await expensesWith(departmentId, documentNumber);
      assert.equal(booked.length, 1, 'booked once');
      assert.equal(booked[0].recordNumber, recordNumber);

      // ---- the delete question: Enter keeps the record, the red button deletes it
      await page.getByTestId('movement-head-form').waitFor();
      await page.getByTestId('movement-delete').click();
      const ask = page.getByRole('dialog').getByText(t.deleteAsk(recordNumber));
      await ask.waitFor();
      await answerFocused(page, t.cancel);
      await page.keyboard.press('Enter');
      await ask.waitFor({ state: 'detached' });
      await page.waitForTimeout(500);
      assert.equal((await expensesWith(departmentId, documentNumber)).length, 1, 'Enter on the delete question keeps the record');
      await page.getByTestId('movement-delete').click();
      await ask.waitFor();
      await page.getByRole('dialog').getByRole('button', { name: t.deleteButton, exact: true }).click();
      await page.getByText(t.deleted(recordNumber)).first().waitFor();
      assert.deepEqual(await expensesWith(departmentId, documentNumber), [], 'deleted');
      assertNoErrors(errors);
      await page.context().close();
    });
  });
}
