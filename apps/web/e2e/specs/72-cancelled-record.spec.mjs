/* global document, getComputedStyle */
/**
 * A cancelled record keeps what it was (issue 25 item 2, DOMAIN decision 27), in German and in
 * Italian: zwei on 102, previous year. A paid expense with two noted positions (2-1-003 123,45
 * "Schläuche", 2-1-006 67,89 "Toner") is booked over REST with a later one after it; on screen the
 * cashier opens it by its number and cancels it ("Stornieren" / "Annulla registrazione"; a reflex Enter on
 * the question first answers "Abbrechen" and cancels nothing); the later
 * one is deleted. After a reload the record still shows both positions with chapter, note and the
 * amount they had, struck through and marked "storniert" / "annullato", the total 0,00 and the
 * booked total beside it; no add bar, no amount inputs, no save. REST answers the positions with
 * their chapter, note, amount 0, cancelled and the original amount. The record picker lists it struck
 * through with its original amount. Screenshots of the positions form, the head form and the picker.
 */
import { describe, test } from 'node:test';
import {
  assert,
  assertNoErrors,
  backToGerman,
  baseUrl,
  cents,
  currentYear,
  departmentIdOf,
  enterOnQuestion,
  openAs,
  rest,
  shot,
  typeInto,
  useBrowser,
} from '../lib.mjs';

const browser = useBrowser();
const dept = '102';
const year = currentYear - 1;
const base = `${baseUrl}/dept/${dept}/year/${year}/movements/expenses`;
const texts = {
  de: {
    keep: 'Abbrechen',
    cancelButton: 'Stornieren',
    cancelled: 'storniert',
    done: (n) => `Buchung Nr. ${n} storniert`,
    alert: 'Diese Buchung ist storniert',
  },
  it: {
    keep: 'Annulla',
    cancelButton: 'Annulla registrazione',
    cancelled: 'annullata',
    done: (n) => `Registrazione n. ${n} annullata`,
    alert: 'Questa registrazione è annullata',
  },
};

/** The text content of an element by test id (struck through or not). */
const textOf = (page, testId) => page.getByTestId(testId).first().innerText();

/** Is the element (or an ancestor up to its table cell) struck through? */
const struck = (page, testId) =>
  page.getByTestId(testId).evaluate((el) => {
    for (let node = el; node && node.tagName !== 'TABLE'; node = node.parentElement)
      if (getComputedStyle(node).textDecorationLine.includes('line-through')) return true;
    return false;
  });

describe('a cancelled record keeps its positions', () => {
  for (const language of ['de', 'it']) {
    test(`shown struck through, counting 0, on screen, over REST and in the picker (${language})`, async () => {
      const t = texts[language];
      const deptId = await departmentIdOf(dept);
      const q = `departmentId=${deptId}&year=${year}`;
      const bank = (await rest('zwei', 'GET', `Accounts/briefs?departmentId=${deptId}`)).json.find((a) => a.code === 'B1').id;
      const head = {
        departmentId: deptId,
        year,
        type: 1,
        recordDate: `${year}-12-18`,
        documentDate: `${year}-12-18`,
        accountId: bank,
        confirmAvailableExceeded: true,
      };
      const bill = await rest('zwei', 'POST', 'Movements', {
        ...head,
        documentNumber: `STORNO-72-${language}`,
        positions: [
          { chapter: '21003', amount: 123.45, note: `Schläuche ${language}` },
          { chapter: '21006', amount: 67.89, note: 'Toner' },
        ],
      });
      assert.equal(bill.status, 200, JSON.stringify(bill.json));
      const later = await rest('zwei', 'POST', 'Movements', { ...head, documentNumber: `LATER-72-${language}`, positions: [{ chapter: '21003', amount: 1 }] });
      assert.equal(later.status, 200, JSON.stringify(later.json));
      const n = bill.json.recordNumber;
      const chapterBefore = (await rest('zwei', 'GET', `Budget/Chapter?${q}&chapter=21003`)).json;

      // ---- the cashier opens the record by its number and cancels it
      const { context, page, errors } = await openAs(browser(), 'zwei', base, { ready: 'movement-head-form', language });
      await typeInto(page, 'record-open', String(n));
      await page.keyboard.press('Enter');
      await page.getByTestId('movement-record').getByText(String(n)).waitFor();
      // a reflex Enter on the question answers "Abbrechen" (the safe answer has the focus): nothing cancelled
      await page.getByTestId('movement-delete').click();
      await enterOnQuestion(page, t.keep);
      await page.waitForTimeout(300);
      assert.equal((await rest('zwei', 'GET', `Movements/Expenses?${q}&recordNumber=${n}`)).json.cancelled, false, 'Enter on the question cancels nothing');
      await page.getByTestId('movement-delete').click();
      await page.getByRole('dialog').getByRole('button', { name: t.cancelButton, exact: true }).click();
      await page.getByText(t.done(n)).first().waitFor();
      const removed = await rest('zwei', 'DELETE', `Movements/Expenses?${q}&recordNumber=${later.json.recordNumber}`);
      assert.equal(removed.json.deleted, true, JSON.stringify(removed.json));

      // ---- REST: the positions with chapter, note, amount 0, cancelled and the original amount
      const kept = (await rest('zwei', 'GET', `Movements/Expenses?${q}&recordNumber=${n}`)).json;
      assert.equal(kept.cancelled, true);
      assert.equal(kept.total, 0);
      assert.deepEqual(
        kept.positions.map((p) => [p.chapter, p.note, p.amount, p.paid, p.open, p.cancelled, p.originalAmount]),
        [
          ['21003', `Schläuche ${language}`, 0, 0, 0, true, 123.45],
          ['21006', 'Toner', 0, 0, 0, true, 67.89],
        ],
      );
      // counting 0: the chapter's payments lost the 123,45 and the deleted 1,00
      const chapterAfter = (await rest('zwei', 'GET', `Budget/Chapter?${q}&chapter=21003`)).json;
      assert.equal(Math.round(chapterAfter.payments * 100), Math.round((chapterBefore.payments - 124.45) * 100));

      // ---- after a reload: the positions form shows them struck through, read-only
      await page.goto(`${base}/${n}`);
      await page.getByTestId('position-21003').waitFor();
      await page.getByTestId('movement-cancelled-alert').getByText(t.alert).waitFor();
      assert.equal(await page.getByTestId('movement-positions').getAttribute('data-cancelled'), 'true');
      assert.equal(cents(await textOf(page, 'amount-21003')), 12345, 'the amount it had');
      assert.equal(cents(await textOf(page, 'amount-21006')), 6789);
      assert.equal(await struck(page, 'amount-21003'), true, 'its amount struck through');
      assert.equal((await textOf(page, 'position-cancelled-21003')).toLowerCase(), t.cancelled);
      assert.equal(await textOf(page, 'note-21003'), `Schläuche ${language}`);
      assert.equal(await struck(page, 'note-21003'), true, 'its note struck through');
      assert.equal(cents(await textOf(page, 'movement-total')), 0, 'the total counts 0');
      assert.equal(cents(await textOf(page, 'movement-cancelled-total')), 19134, 'the booked total beside it');
      // nothing invites to add or change: no add bar, no amount input, no save
      assert.equal(await page.getByTestId('add-chapter-code').count(), 0, 'no add bar');
      assert.equal(await page.locator('[data-amount-input]').count(), 0, 'no amount inputs');
      assert.equal(await page.getByTestId('editor-save').count(), 0, 'no save');
      assert.equal(await page.getByTestId('available-after-21003').count(), 0, 'no availability after (it counts 0)');
      await shot(page, `72-cancelled-positions-${language}`);

      // ---- the head form: marked, the positions counted with the booked amount
      await page.getByTestId('editor-back').click();
      await page.getByTestId('movement-cancelled').waitFor();
      const summary = await textOf(page, 'movement-head-summary');
      assert.match(summary, new RegExp(`2 .*0,00.*${t.cancelled}.*191,34`, 'i'), summary);
      assert.equal(await page.getByTestId('movement-delete').count(), 0, 'no second cancel');
      await shot(page, `72-cancelled-head-${language}`);

      // ---- the record picker: struck through with its original amount
      await page.getByTestId('record-picker-open').click();
      await typeInto(page, 'record-dialog-search', `STORNO-72-${language}`);
      const row = page
        .getByTestId('record-list')
        .getByTestId('data-row')
        .filter({ hasText: `STORNO-72-${language}` });
      await row.waitFor();
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="record-list"] [data-testid="data-row"]').length === 1);
      const cell = row.locator('[data-cancelled="true"]');
      assert.equal(cents(await cell.innerText()), 19134);
      assert.match(await row.innerText(), new RegExp(language === 'it' ? 'annullat' : 'storniert', 'i'));
      await shot(page, `72-cancelled-picker-${language}`);
      await page.keyboard.press('Escape');

      if (language === 'it') await backToGerman(page);
      assertNoErrors(errors);
      await context.close();
    });
  }
});
