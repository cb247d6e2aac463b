/**
 * Payments (issue 13) as a cashier of 102 (open payments allowed) in German and Italian: zwei prints
 * the open payments of the previous demo year (DD.MM.YYYY.pdf), builds a new domestic homebanking order
 * of the bank account B1 from two ticked invoices (the running total follows the ticks), exports the
 * XML (it holds both amounts and the MsgId), stores the order, and registers it in the current year
 * with today's date typed (Ctrl+Enter): the protocol PDF comes, the order leaves the register list and
 * the two instalments leave the open payments (their total drops by the order's). Screenshots of every step.
 */
import { readFile } from 'node:fs/promises';
import { before, describe, test } from 'node:test';
import {
  assert,
  assertNoErrors,
  backToGerman,
  baseUrl,
  cents,
  currentYear,
  newPage,
  rest,
  setLanguage,
  shot,
  signInAndWait,
  typeInto,
  useBrowser,
} from '../lib.mjs';

const browser = useBrowser();
const dept = '102';

const texts = {
  de: {
    decline: 'Nicht speichern',
    notStored: 'die Datei darf NICHT bei der Bank hochgeladen werden',
    store: 'Speichern',
    stored: /Zahlungsauftrag Nr\. (\d+)\/\d+ gespeichert/,
    registered: /Zahlungsauftrag Nr\. \d+\/\d+ registriert/,
  },
  it: {
    decline: 'Non salvare',
    notStored: 'il file NON deve essere caricato in banca',
    store: 'Salva',
    stored: /Ordine di pagamento n\. (\d+)\/\d+ salvato/,
    registered: /Ordine di pagamento n\. \d+\/\d+ registrato/,
  },
};

const year = currentYear - 1;
const base = `${baseUrl}/dept/${dept}/year/${year}`;

async function departmentId() {
  const scopes = await rest('supervisor', 'GET', 'Scopes');
  return scopes.json.departments.find((d) => d.code === dept).id;
}

// the domestic bank file needs the department's CBI CUC (the demo data has none)
before(async () => {
  const id = await departmentId();
  const patched = await rest('supervisor', 'PATCH', `Departments/${id}?departmentId=${id}`, { cbiCuc: 'C1D2E3F4' });
  assert.equal(patched.status, 200, JSON.stringify(patched.json));
  // registering happens in the current year (the date paid is today): a small forecast approved opens its menu
  const today = new Date().toISOString().slice(0, 10);
  for (const [part, chapter] of [
    [1, '11002'],
    [2, '21003'],
  ])
    await rest('supervisor', 'PUT', `Budget/Forecast?departmentId=${id}&year=${currentYear}&part=${part}`, { positions: [{ chapter, amountCurrYear: 100 }] });
  const approved = await rest('supervisor', 'GET', `Budget/Forecast/Approve?departmentId=${id}&year=${currentYear}&approval=${today}`);
  // two more open bills of supplier 1001 paid from B1, so that each language orders two
  const accounts = await rest('zwei', 'GET', `Accounts/briefs?departmentId=${id}`);
  const suppliers = await rest('zwei', 'GET', `Suppliers?departmentId=${id}&search=1001`);
  const supplierId = suppliers.json.entities?.[0]?.id;
  for (const amount of [123.45, 67.8]) {
    const bill = await rest('zwei', 'POST', 'Movements', {
      departmentId: id,
      year,
      type: 2,
      recordDate: `${year}-12-15`,
      documentDate: `${year}-12-12`,
      accountId: accounts.json.find((a) => a.code === 'B1')?.id,
      supplierId,
      positions: [{ chapter: '22002', amount }],
      // earlier specs may have used up the chapter (reservations on 2-2-002): book it anyway
      confirmAvailableExceeded: true,
    });
    assert.equal(bill.status, 200, JSON.stringify(bill.json));
  }
  assert.ok(approved.status === 200 || approved.json.details?.Message === 'BudgetAlreadyApproved', JSON.stringify(approved.json));
});

/** The open instalments of 102 in the previous year (REST): count and total in cents. */
async function openPayments(year) {
  const id = await departmentId();
  const open = await rest('zwei', 'POST', 'Payments/Open', { departmentId: id, year });
  assert.equal(open.status, 200, JSON.stringify(open.json));
  // the chapter figures: the open payments of the expense chapters
  const chapters = await rest('zwei', 'GET', `Budget/Chapters?departmentId=${id}&year=${year}&part=2&pageSize=500`);
  assert.equal(chapters.status, 200, JSON.stringify(chapters.json));
  const chapterOpen = Math.round(chapters.json.entities.reduce((sum, c) => sum + c.openPayments, 0) * 100);
  return { count: open.json.count, total: Math.round(open.json.total * 100), chapterOpen };
}

function ddmmyy(d = new Date()) {
  return `${String(d.getDate()).padStart(2, '0')}.${String(d.getMonth() + 1).padStart(2, '0')}.${String(d.getFullYear()).slice(2)}`;
}

for (const language of ['de', 'it']) {
  const t = texts[language];
  describe(`payments (${language})`, () => {
    test('a cashier exports two invoices to the bank, stores the order and registers it', async () => {
      const { page, errors } = await newPage(browser(), { acceptDownloads: true });
      await signInAndWait(page, 'zwei');
      await page.goto(`${base}/payments/open`);
      await page.getByTestId('export-form').waitFor();
      if (language === 'it') {
        const stored = page.waitForResponse((res) => res.url().includes('auth.setLanguage'));
        await setLanguage(page, 'it');
        assert.ok((await stored).ok());
      }

      // ---- open payments print
      await shot(page, `payments-open-${language}`);
      const [openPdf] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-download').click()]);
      assert.match(openPdf.suggestedFilename(), /^\d{2}\.\d{2}\.\d{4}\.pdf$/);
      const before = await openPayments(year);
      assert.ok(before.count >= 2, `open instalments: ${before.count}`);

      // ---- homebanking: criteria, a new domestic order of B1
      await page.goto(`${base}/payments/homebanking`);
      await page.getByTestId('homebanking-filter').waitFor();
      await shot(page, `payments-homebanking-criteria-${language}`);
      await typeInto(page, 'homebanking-filter-account', 'B1');
      await page.getByRole('option', { name: /^B1 – / }).waitFor();
      await page.keyboard.press('Enter');
      await page.getByTestId('homebanking-next').click();

      // ---- the payables: none, then two ticked; the total follows
      const table = page.getByTestId('homebanking-payables');
      await table.waitFor();
      await page.getByTestId('homebanking-payables-none').click();
      const payable = table.locator('[data-testid="homebanking-payables-row"][data-payable="true"]');
      assert.ok((await payable.count()) >= 2, 'two payable invoices');
      const amounts = [];
      for (const i of [0, 1]) {
        await payable.nth(i).getByTestId('homebanking-payables-tick').click();
        amounts.push(cents(await payable.nth(i).locator('td').last().innerText()));
      }
      const totalText = await page.getByTestId('homebanking-payables-total').innerText();
      assert.equal(cents(totalText.split('·').pop()), amounts[0] + amounts[1], totalText);
      await shot(page, `payments-homebanking-payables-${language}`, { fullPage: true });
      await page.getByTestId('homebanking-next').click();

      // ---- issue: the file name proposed, Export downloads <filename>.xml, then store
      await page.getByTestId('homebanking-filename').waitFor();
      assert.equal(cents((await page.getByTestId('homebanking-summary').innerText()).split('·').pop()), amounts[0] + amounts[1]);
      // declining to store warns that the file must not be uploaded
      await Promise.all([page.waitForEvent('download'), page.getByTestId('homebanking-export').click()]);
      await page.getByRole('dialog').getByRole('button', { name: t.decline, exact: true }).click();
      await page.getByTestId('homebanking-unstored').getByText(t.notStored).waitFor();
      await shot(page, `payments-homebanking-not-stored-${language}`);
      await typeInto(page, 'homebanking-filename', `e2e-${language}`);
      const [orderPdf] = await Promise.all([page.waitForEvent('download'), page.getByTestId('homebanking-print').click()]);
      assert.equal(orderPdf.suggestedFilename(), `e2e-${language}.pdf`);
      await shot(page, `payments-homebanking-issue-${language}`);
      const [xml] = await Promise.all([
        page.waitForEvent('download').catch(async (error) => {
          await shot(page, `payments-homebanking-export-failed-${language}`);
          throw error;
        }),
        page.getByTestId('homebanking-export').click(),
      ]);
      assert.equal(xml.suggestedFilename(), `e2e-${language}.xml`);
      const content = await readFile(await xml.path(), 'utf8');
      const msgId = /<MsgId>([^<]+)<\/MsgId>/.exec(content)?.[1];
      assert.ok(msgId, 'the file names its MsgId');
      for (const c of amounts) assert.ok(content.includes((c / 100).toFixed(2)), `amount ${c} in the file`);
      await page.getByRole('dialog').waitFor();
      await shot(page, `payments-homebanking-store-${language}`);
      await page.getByRole('dialog').getByRole('button', { name: t.store, exact: true }).click();
      const storedToast = page.getByText(t.stored).first();
      await storedToast.waitFor();
      const orderNumber = Number(t.stored.exec(await storedToast.innerText())?.[1]);
      assert.ok(orderNumber > 0);

      // ---- register in the current year with today's date
      await page.goto(`${baseUrl}/dept/${dept}/year/${currentYear}/payments/register`);
      await page
        .getByTestId('register-order')
        .click({ timeout: 5000 })
        .catch(async (error) => {
          await shot(page, `payments-register-failed-${language}`);
          throw error;
        });
      await page.getByRole('option', { name: new RegExp(`^${orderNumber}/${year} `) }).click();
      const rows = page.getByTestId('register-payments-row');
      await rows.first().waitFor();
      assert.equal(await rows.count(), 2);
      assert.equal(cents((await page.getByTestId('register-payments-total').innerText()).split('·').pop()), amounts[0] + amounts[1]);
      await typeInto(page, 'register-date', ddmmyy());
      await shot(page, `payments-register-${language}`, { fullPage: true });
      const [protocol] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Control+Enter')]);
      assert.match(protocol.suggestedFilename(), new RegExp(`-${orderNumber}-${year}\\.pdf$`));
      await page.getByText(t.registered).first().waitFor();
      const after = await openPayments(year);
      assert.equal(after.count, before.count - 2);
      assert.equal(after.total, before.total - amounts[0] - amounts[1]);
      assert.equal(after.chapterOpen, before.chapterOpen - amounts[0] - amounts[1], "the chapters' open payments drop by the order");
      await shot(page, `payments-registered-${language}`);
      if (language === 'it') await backToGerman(page);
      assertNoErrors(errors);
    });
  });
}
