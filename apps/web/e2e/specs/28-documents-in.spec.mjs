/**
 * Documents in (issue 28, "Done when"), on a living demo server of its own (today is the demo's today): zwei, the
 * cashier of FF Eppan (102).
 * - German: the week's e-invoice of Feuerwehrtechnik Pichler (two instalments to its IBAN) is dropped onto the
 *   expense screen; the invoice shows rendered beside the proposed expense (supplier 1001 found, its chapter
 *   2-1-003, 427,00 in two open instalments); a click into the record date and Ctrl+Enter book it — no figure
 *   typed. The saved record carries the XML as its receipt. Then the bank's statement of the month is dropped
 *   onto "Kontoauszug einlesen": the order's transfers are proposed for registration, the two credits as
 *   revenues whose chapter the cashier types; Ctrl+Enter books them, and bank and book balance agree.
 * - Italian: Textil Oberhofer's invoice with split payment VAT is dropped together with a hostile file (billion
 *   laughs): the hostile one is listed refused, the invoice proposed with the VAT's transfer to title 3; the
 *   jackets' chapter typed (2-1-004 instead of the supplier's 2-1-003), booked with Ctrl+Enter. The statement dropped again is recognised: its lines are already booked, and the balances
 *   still agree.
 * Every figure is checked over REST; screenshots in both languages.
 */
import { readFile } from 'node:fs/promises';
import { after, before, describe, test } from 'node:test';
import { assert, assertNoErrors, currentYear, openAs, PASSWORD, restAt, shot, useBrowser } from '../lib.mjs';
import { startServer } from '../server.mjs';
import { dropFiles } from '../drop.mjs';

const browser = useBrowser();
const Y = currentYear;
let server;
/** The statement the German walk booked (the Italian one drops it again). */
let statement;

before(async () => {
  server = await startServer({ name: 'documents-in', env: { SEED_DEMO: 'always', DEMO_DATA: 'living', LOG_LEVEL: 'warn' } });
});
after(async () => {
  await server?.stop();
});

/** A tRPC query of zwei (the demo's files are offered there, not over REST). */
async function trpcQuery(path, input) {
  const login = await fetch(`${server.base}/trpc/auth.login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'zwei', password: PASSWORD, remember: false }),
  });
  const token = (await login.json()).result.data.token;
  const res = await fetch(`${server.base}/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`, { headers: { authorization: `Bearer ${token}` } });
  assert.equal(res.status, 200, await res.clone().text());
  return (await res.json()).result.data;
}

const texts = {
  de: {
    booked: /E-Rechnung .* als Ausgabe Nr\. (\d+) gebucht/,
    record: (n) => `Buchung Nr. ${n}`,
    statementBooked: 'Kontoauszug verbucht',
    agree: 'Bank und Bücher stimmen überein.',
  },
  it: {
    booked: /Fattura elettronica .* registrata come uscita n\. (\d+)/,
    record: (n) => `Registrazione n. ${n}`,
    refused: 'respinta',
    duplicate: 'già stato importato',
    agree: 'Banca e contabilità coincidono.',
  },
};

/** Books the invoice the dialog shows: a click into its record date, then Ctrl+Enter; answers the record number. */
async function bookShown(page, t) {
  await page.getByTestId('invoice-record-date').click();
  await page.keyboard.press('Control+Enter');
  const toast = page.getByText(t.booked).first();
  await toast.waitFor({ timeout: 30_000 }).catch(async (error) => {
    await shot(page, '28-invoice-book-failed');
    throw error;
  });
  return Number(t.booked.exec(await toast.innerText())[1]);
}

describe('documents in: e-invoices and the bank statement on the living demo', () => {
  test('an e-invoice dropped onto the expense screen and booked without a figure typed; the statement registers the order and books two revenues (de)', async () => {
    const t = texts.de;
    const rest = restAt(server.base);
    const departmentId = (await rest('zwei', 'GET', 'Scopes')).json.departments.find((d) => d.code === '102').id;
    const scope = { departmentId, year: Y };
    const [masks] = await trpcQuery('invoices.demoFiles', scope);
    const { page, errors, context } = await openAs(browser(), 'zwei', `${server.base}/dept/102/year/${Y}/movements/expenses`, {
      ready: 'movement-head-form',
      base: server.base,
      language: 'de',
    });
    await dropFiles(page, 'movement-screen', [{ name: masks.fileName, type: 'application/xml', content: masks.content }]);
    await page.getByTestId('invoice-view').waitFor();
    assert.match(await page.getByTestId('invoice-view').innerText(), /Feuerwehrtechnik Pichler KG[\s\S]*Freiwillige Feuerwehr Eppan[\s\S]*Atemschutzmaske/);
    const draft = await page.getByTestId('invoice-draft').innerText();
    assert.match(draft, /1001 Feuerwehrtechnik Pichler KG/);
    assert.match(draft, /427,00/);
    assert.equal(await page.getByTestId('invoice-instalments').locator('tbody tr').count(), 2);
    await shot(page, '28-invoice-draft-de');
    const recordNumber = await bookShown(page, t);
    await page.getByTestId('invoice-dialog').waitFor({ state: 'hidden' });
    await page.getByText(t.record(recordNumber)).first().waitFor();
    await page.getByTestId('receipts-row').filter({ hasText: masks.fileName }).waitFor();
    // the receipt is the XML: its name shows the invoice rendered, never the raw XML
    await page.getByTestId('receipts-row').filter({ hasText: masks.fileName }).getByTestId('receipts-open').click();
    await page.getByTestId('receipt-preview').getByTestId('invoice-view').getByText('Feuerwehrtechnik Pichler KG').waitFor();
    await shot(page, '28-invoice-receipt-de');
    await page.keyboard.press('Escape');
    await page.getByTestId('receipt-preview').getByTestId('invoice-view').waitFor({ state: 'detached' });
    const saved = (await rest('zwei', 'GET', `Movements/Expenses?departmentId=${departmentId}&year=${Y}&recordNumber=${recordNumber}`)).json;
    assert.equal(saved.type, 2);
    assert.equal(saved.documentNumber, `${Y}/0417`);
    assert.deepEqual(
      saved.payments.map((p) => p.amount),
      [213.5, 213.5],
    );
    assert.deepEqual(
      saved.positions.map((p) => [p.chapter, p.amount]),
      [['21003', 427]],
    );
    await shot(page, '28-invoice-booked-de');

    // ---- the bank's statement of the month, dropped onto its screen
    statement = await trpcQuery('statements.demoFile', scope);
    assert.ok(statement, 'the demo offers a statement');
    await page.goto(`${server.base}/dept/102/year/${Y}/accounts/statement`);
    await page.getByTestId('statement-screen').waitFor();
    await dropFiles(page, 'statement-screen', [{ name: statement.fileName, type: 'application/xml', content: statement.content }]);
    await page.getByTestId('statement-lines').waitFor();
    const lines = page.getByTestId('statement-line');
    const kinds = await page.getByTestId('statement-proposal').evaluateAll((els) => els.map((e) => e.getAttribute('data-kind')));
    assert.deepEqual(kinds.slice(0, 2), ['movement', 'movement']);
    assert.ok(kinds.length > 2 && kinds.slice(2).every((k) => k === 'registerOrder'), kinds.join());
    // the credits need their chapter: a revenue chapter of 102's budget, typed into each line
    const chapters = (await rest('zwei', 'GET', `Budget/Chapters?departmentId=${departmentId}&year=${Y}&pageSize=500`)).json.entities;
    const revenue = chapters.find((c) => c.part === 1 && c.budgetFinal > 0 && !c.emptyChapter);
    assert.ok(revenue, 'a revenue chapter with a budget');
    for (const i of [0, 1]) {
      const field = lines.nth(i).locator(`input[name="chapter-${i}"]`);
      await field.click();
      await page.keyboard.type(revenue.chapter);
      await page.keyboard.press('Enter');
      await lines.nth(i).locator('[data-testid="statement-take"]:checked').waitFor();
    }
    assert.match(await page.getByTestId('statement-summary').innerText(), new RegExp(`${kinds.length} von ${kinds.length}`));
    await shot(page, '28-statement-proposals-de');
    await lines.nth(0).locator(`input[name="chapter-0"]`).click();
    await page.keyboard.press('Control+Enter');
    await page.getByText(t.statementBooked).first().waitFor({ timeout: 30_000 });
    await page.getByTestId('reconciliation-agree').getByText(t.agree).waitFor();
    const accounts = (await rest('zwei', 'GET', `Accounts?departmentId=${departmentId}&year=${Y}`)).json.entities;
    const b1 = accounts.find((a) => a.code === 'B1');
    const rec = (await rest('zwei', 'GET', `Statements/Reconciliation?departmentId=${departmentId}&year=${Y}&accountId=${b1.id}`)).json;
    assert.equal(rec.difference, 0);
    assert.equal(rec.bankBalance, rec.bookBalance);
    const order = (await rest('zwei', 'GET', `Payments/Orders?departmentId=${departmentId}&year=${Y}&unregisteredOnly=true`)).json;
    assert.deepEqual(order, [], 'the order is registered');
    await shot(page, '28-statement-reconciled-de');
    assertNoErrors(errors);
    await context.close();
  });

  test('a split payment invoice beside a hostile file; the statement dropped again is recognised (it)', async () => {
    const t = texts.it;
    const rest = restAt(server.base);
    const departmentId = (await rest('zwei', 'GET', 'Scopes')).json.departments.find((d) => d.code === '102').id;
    const [, jackets] = await trpcQuery('invoices.demoFiles', { departmentId, year: Y });
    const hostile = await readFile(new URL('../../../../packages/api/test-fixtures/fatturapa/malicious/billion_laughs.xml', import.meta.url), 'utf8');
    const { page, errors, context } = await openAs(browser(), 'zwei', `${server.base}/dept/102/year/${Y}/movements/expenses`, {
      ready: 'movement-head-form',
      base: server.base,
      language: 'it',
    });
    await dropFiles(page, 'movement-screen', [
      { name: 'billion_laughs.xml', type: 'application/xml', content: hostile },
      { name: jackets.fileName, type: 'application/xml', content: jackets.content },
    ]);
    await page.getByTestId('invoice-view').waitFor();
    const list = page.getByTestId('invoice-list-item');
    assert.equal(await list.count(), 2);
    assert.match(await list.nth(0).innerText(), new RegExp(`billion_laughs\\.xml[\\s\\S]*${t.refused}`, 'i'));
    const draft = await page.getByTestId('invoice-draft').innerText();
    assert.match(draft, /1005 Textil Oberhofer/);
    assert.match(draft, /461,16[\s\S]*83,16[\s\S]*378,00/);
    assert.match(await page.getByTestId('invoice-companion').innerText(), /83,16 € da 2-1-003 a 1-3-001/);
    // the jackets belong on 2-1-004 (Dienstkleidung), not on the supplier's 2-1-003: the chapter typed, the VAT's transfer follows
    await page.locator('input[name="invoice-chapter"]').click();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('21004');
    await page.keyboard.press('Enter');
    await page
      .getByTestId('invoice-companion')
      .getByText(/da 2-1-004 a 1-3-001/)
      .waitFor();
    await shot(page, '28-invoice-split-it');
    await list.nth(0).click();
    await page.getByTestId('invoice-refused').waitFor();
    await shot(page, '28-invoice-refused-it');
    await list.nth(1).click();
    const recordNumber = await bookShown(page, t);
    await page.getByText(t.record(recordNumber)).first().waitFor();
    const saved = (await rest('zwei', 'GET', `Movements/Expenses?departmentId=${departmentId}&year=${Y}&recordNumber=${recordNumber}`)).json;
    assert.deepEqual(
      // the expense carries what the supplier is paid; the VAT reaches the chapter by its transfer (DOMAIN decision 28)
      saved.positions.map((p) => [p.chapter, p.amount]),
      [['21004', 378]],
    );
    assert.deepEqual(
      saved.payments.map((p) => p.amount),
      [378],
    );
    const transfer = (await rest('zwei', 'GET', `Movements/Expenses?departmentId=${departmentId}&year=${Y}&recordNumber=${recordNumber + 1}`)).json;
    assert.deepEqual(
      transfer.transferPositions.map((p) => [p.from.chapter, p.to.chapter, p.amount]),
      [['21004', '13001', 83.16]],
    );

    // ---- the statement of the German walk dropped again: recognised, nothing to book, the balances agree
    await page.goto(`${server.base}/dept/102/year/${Y}/accounts/statement`);
    await page.getByTestId('statement-screen').waitFor();
    await dropFiles(page, 'statement-screen', [{ name: statement.fileName, type: 'application/xml', content: statement.content }]);
    await page.getByTestId('statement-duplicate').getByText(t.duplicate, { exact: false }).waitFor();
    const kinds = await page.getByTestId('statement-proposal').evaluateAll((els) => els.map((e) => e.getAttribute('data-kind')));
    assert.ok(
      kinds.every((k) => k === 'alreadyBooked'),
      kinds.join(),
    );
    assert.equal(await page.getByTestId('statement-book').isDisabled(), true);
    await page.getByTestId('reconciliation-agree').getByText(t.agree).waitFor();
    await shot(page, '28-statement-again-it');
    // the hostile file's refusal is the server's answer 422 (the console names it)
    assertNoErrors(errors.filter((e) => !/422|Unprocessable/i.test(e)));
    await context.close();
  });
});
