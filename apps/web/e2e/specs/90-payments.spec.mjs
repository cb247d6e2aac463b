/**
 * Payments (issue 13) as a cashier of 102 (open payments allowed) in German and Italian: zwei prints
 * the open payments of the previous demo year (DD.MM.YYYY.pdf); in the current year (after 31.12 the
 * previous year takes no new order, issue 25; its bills of 1006 and 1007 booked in before()) builds a new domestic homebanking order
 * of the bank account B1: the supplier without an IBAN (1007) is listed as not payable with the reason,
 * two bills of this language are ticked (the running total follows), the XML is exported (valid CBI,
 * both amounts, the MsgId) and the order stored; a foreign order of B1 pays the Austrian supplier's
 * (1006) instalment (valid pain.001.001.03 with the creditor's BIC and IBAN), is stored and exported
 * again as a previous order (the same MsgId); the domestic order is registered in the current year with
 * today's date typed (Ctrl+Enter): the protocol opens as a PDF in a new tab, and the figures move on
 * screen (home: paid up and open down by the order; the positions form of the first bill: its chapter's
 * paid and open by the second bill) and over REST. Screenshots of every step.
 */
import { before, describe, test } from 'node:test';
import { assertValid, chooseAccount, exportXml, keepBlobs, pdfTextOf, rowOf, storedNumber } from '../homebanking.mjs';
import {
  amountOf,
  approveForecast,
  assert,
  assertNoErrors,
  backToGerman,
  baseUrl,
  bookOpenBills,
  cents,
  currentYear,
  departmentIdOf,
  isoToday,
  openAs,
  rest,
  setCbiCuc,
  shot,
  typeInto,
  useBrowser,
} from '../lib.mjs';

const browser = useBrowser();
const dept = '102';

const texts = {
  de: {
    openPdf: 'offene-zahlungen',
    decline: 'Nicht speichern',
    notStored: 'die Datei darf NICHT bei der Bank hochgeladen werden',
    store: 'Speichern',
    stored: /Zahlungsauftrag Nr\. (\d+)\/\d+ gespeichert/,
    registered: /Zahlungsauftrag Nr\. \d+\/\d+ registriert/,
    reexported: /Datei des Zahlungsauftrags Nr\. (\d+) erneut exportiert/,
    noIban: 'Der Lieferant hat keine gültige IBAN',
    protocol: ['Registrierte Zahlungen', 'Zahlungsauftrag'],
    range: (today) => `Vom ${today} bis ${today} (nicht vor der Erstellung des Auftrags am ${today})`,
    outside: 'Außerhalb des Zeitraums',
    // the two bills of this language (cents), booked in before()
    bills: [1234, 678],
  },
  it: {
    openPdf: 'pagamenti-aperti',
    decline: 'Non salvare',
    notStored: 'il file NON deve essere caricato in banca',
    store: 'Salva',
    stored: /Ordine di pagamento n\. (\d+)\/\d+ salvato/,
    registered: /Ordine di pagamento n\. \d+\/\d+ registrato/,
    reexported: /File dell'ordine di pagamento n\. (\d+) esportato di nuovo/,
    noIban: 'Il fornitore non ha un IBAN valido',
    protocol: ['Pagamenti registrati', 'Ordine di pagamento'],
    range: (today) => `Dal ${today} al ${today} (non prima della creazione dell'ordine il ${today})`,
    outside: 'Fuori dal periodo',
    bills: [987, 543],
  },
};
/** language -> the record numbers of its two bills */
const billNumbers = {};

const year = currentYear - 1;
const base = `${baseUrl}/dept/${dept}/year/${year}`;
const current = `${baseUrl}/dept/${dept}/year/${currentYear}`;

const departmentId = () => departmentIdOf(dept);

// the domestic bank file needs the department's CBI CUC (the demo data has none); registering happens in
// the current year (the date paid is today): a small forecast approved opens its menu
before(async () => {
  const id = await departmentId();
  await setCbiCuc(id);
  await approveForecast(id, currentYear);
  // per language two open bills of supplier 1001 on 2-1-003 of the current year, paid from B1: each
  // language orders and registers its own two in the year they belong to (the chapter figures move there)
  for (const [language, t] of Object.entries(texts)) {
    const bills = await bookOpenBills(
      id,
      currentYear,
      t.bills.map((c) => ({ amount: c / 100, documentNumber: `RE-${c}/${currentYear}` })),
    );
    billNumbers[language] = bills.map((b) => b.recordNumber);
    // a bill of the Austrian supplier (a foreign order) and one of the supplier without an IBAN (not payable)
    await bookOpenBills(id, currentYear, [
      { amount: t.bills[0] / 100 + 1, documentNumber: `RB-${language}/${currentYear}`, supplier: 1006 },
      { amount: t.bills[1] / 100 + 1, documentNumber: `TH-${language}/${currentYear}`, supplier: 1007 },
    ]);
  }
});

/** The open instalments of 102 in a year (REST): count and total in cents, and the expense chapters' open payments. */
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

/** The home screen's figures of the year: expenses paid and open payments (cents). */
async function homeFigures(page) {
  await page.goto(current);
  await page
    .getByTestId('home-open-payments')
    .waitFor()
    .catch(async (error) => {
      await shot(page, 'payments-home-failed');
      throw error;
    });
  return { paid: await amountOf(page, 'home-expenses-paid'), open: await amountOf(page, 'home-open-payments') };
}

/** The positions form of an expense: its chapter's figures line (final budget · paid · open, without this bill) in cents. */
async function chapterFigures(page, recordNumber, chapter) {
  await page.goto(`${current}/movements/expenses/${recordNumber}`);
  const line = page.getByTestId(`figures-${chapter}`);
  await line.waitFor();
  // `Endansatz X − bezahlt Y − offen Z − vorgemerkt R = verfügbar A` (U+2212 between the terms; an amount's sign is '-')
  const [final, paid, open] = (await line.innerText()).split(/[−=]/).map(cents);
  return { final, paid, open };
}

for (const language of ['de', 'it']) {
  const t = texts[language];
  describe(`payments (${language})`, () => {
    test('a cashier pays abroad and at home, re-exports a stored order and registers the domestic one', async () => {
      const { page, errors } = await openAs(browser(), 'zwei', `${base}/payments/open`, { ready: 'export-form', language, acceptDownloads: true });

      // ---- open payments print of the previous year
      await shot(page, `payments-open-${language}`);
      const [openPdf] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-download').click()]);
      assert.equal(openPdf.suggestedFilename(), `${t.openPdf}-${dept}-${year}-${isoToday()}.pdf`);

      // ---- homebanking of the current year, domestic, B1: the supplier without an IBAN is listed, not payable, with the reason
      await page.goto(`${current}/payments/homebanking`);
      await page.getByTestId('homebanking-filter').waitFor();
      await shot(page, `payments-homebanking-criteria-${language}`);
      await chooseAccount(page);
      await page.getByTestId('homebanking-next').click();
      const table = page.getByTestId('homebanking-payables');
      await table.waitFor();
      let thaler = table.locator('[data-testid="homebanking-payables-row"]', { hasText: 'Schlosserei Thaler' });
      assert.ok((await thaler.count()) >= 1, 'the bill of the supplier without an IBAN is listed');
      thaler = thaler.first();
      assert.equal(await thaler.getAttribute('data-payable'), 'false');
      assert.equal(await thaler.getByTestId('homebanking-payables-tick').count(), 0, 'it has no tick');
      assert.equal(await thaler.getByTestId('homebanking-payables-reason').innerText(), t.noIban);
      // the foreign supplier's instalments belong to a foreign order
      assert.equal(await table.getByText('Rosenbauer').count(), 0);
      await thaler.scrollIntoViewIfNeeded();
      await shot(page, `payments-homebanking-payables-${language}`);
      await page.getByTestId('homebanking-back').click();

      // ---- a foreign order of B1: the Austrian supplier's next instalment (IBAN AT, BIC)
      await page
        .getByTestId('homebanking-range')
        .getByText(language === 'de' ? 'Ausland' : 'Estero')
        .click();
      await chooseAccount(page);
      await page.getByTestId('homebanking-next').click();
      await table.waitFor();
      const foreign = table.locator('[data-testid="homebanking-payables-row"][data-payable="true"]', { hasText: 'Rosenbauer' });
      assert.ok((await foreign.count()) >= 1, 'an open instalment of the foreign supplier');
      assert.equal(await table.getByText('Pichler').count(), 0, 'domestic suppliers are not in a foreign order');
      await thaler.getByTestId('homebanking-payables-reason').getByText(t.noIban).waitFor();
      await page.getByTestId('homebanking-payables-none').click();
      await foreign.first().getByTestId('homebanking-payables-tick').click();
      const foreignAmount = cents(await foreign.first().locator('td').last().innerText());
      const totalText = await page.getByTestId('homebanking-payables-total').innerText();
      assert.equal(cents(totalText.split('·').pop()), foreignAmount, totalText);
      await shot(page, `payments-homebanking-foreign-${language}`);
      await page.getByTestId('homebanking-next').click();

      // ---- issue: declining to store warns that the file must not be uploaded; Print gives <filename>.pdf; Export, store
      await page.getByTestId('homebanking-filename').waitFor();
      assert.equal(cents((await page.getByTestId('homebanking-summary').innerText()).split('·').pop()), foreignAmount);
      await exportXml(page, language, t.decline);
      await page.getByTestId('homebanking-unstored').getByText(t.notStored).waitFor();
      await shot(page, `payments-homebanking-not-stored-${language}`);
      await typeInto(page, 'homebanking-filename', `e2e-foreign-${language}`);
      const [orderPdf] = await Promise.all([page.waitForEvent('download'), page.getByTestId('homebanking-print').click()]);
      assert.equal(orderPdf.suggestedFilename(), `e2e-foreign-${language}.pdf`);
      await shot(page, `payments-homebanking-issue-${language}`);
      const abroad = await exportXml(page, language, t.store, `payments-homebanking-store-${language}`);
      assert.equal(abroad.name, `e2e-foreign-${language}.xml`);
      assertValid(abroad.content, `foreign-${language}.xml`, 'pain.001.001.03.xsd');
      assert.ok(abroad.content.includes('xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.03"'), 'pain.001.001.03');
      assert.ok(abroad.content.includes('<BIC>RZOOAT2L</BIC>'), "the creditor's BIC");
      assert.ok(abroad.content.includes('<IBAN>AT533400000000471122</IBAN>'), "the creditor's IBAN");
      assert.ok(abroad.content.includes(`<CtrlSum>${(foreignAmount / 100).toFixed(2)}</CtrlSum>`), 'the control sum');
      assert.ok(!abroad.content.includes('Thaler'), 'the supplier without an IBAN is not in the file');
      const foreignMsgId = /<MsgId>([^<]+)<\/MsgId>/.exec(abroad.content)?.[1];
      assert.ok(foreignMsgId, 'the file names its MsgId');
      const foreignNumber = await storedNumber(page, t);

      // ---- the stored foreign order again as a previous order: the same file (MsgId), nothing stored twice
      await page
        .getByTestId('homebanking-kind')
        .getByText(language === 'de' ? 'Früherer Auftrag' : 'Ordine precedente')
        .click();
      await page.getByTestId('homebanking-order').click();
      await page.getByRole('option', { name: new RegExp(`^${foreignNumber}/${currentYear} `) }).click();
      await shot(page, `payments-homebanking-previous-${language}`);
      await page.getByTestId('homebanking-next').click();
      await table.waitFor();
      assert.equal(await table.locator('[data-testid="homebanking-payables-row"][data-payable="true"]').count(), 1);
      await page.getByTestId('homebanking-next').click();
      const again = await exportXml(page, language);
      await page.getByText(t.reexported).first().waitFor();
      assert.equal(/<MsgId>([^<]+)<\/MsgId>/.exec(again.content)?.[1], foreignMsgId, 'the stored MsgId again');
      assertValid(again.content, `foreign-again-${language}.xml`, 'pain.001.001.03.xsd');
      assert.equal(await page.getByRole('dialog').count(), 0, 'a stored order is not stored again');

      // ---- the current year: the figures before, over REST and on screen (home; the first bill's positions form)
      const before = await openPayments(currentYear);
      const homeBefore = await homeFigures(page);
      const [firstBill] = billNumbers[language];
      const chapterBefore = await chapterFigures(page, firstBill, '21003');

      // ---- a new domestic order of B1 with this language's two bills; the total follows the ticks
      await page.goto(`${current}/payments/homebanking`);
      await page.getByTestId('homebanking-filter').waitFor();
      await chooseAccount(page);
      await page.getByTestId('homebanking-next').click();
      await table.waitFor();
      await page.getByTestId('homebanking-payables-none').click();
      for (const c of t.bills) await rowOf(table, c).getByTestId('homebanking-payables-tick').click();
      const [a, b] = t.bills;
      assert.equal(cents((await page.getByTestId('homebanking-payables-total').innerText()).split('·').pop()), a + b);
      await shot(page, `payments-homebanking-domestic-${language}`);
      await page.getByTestId('homebanking-next').click();
      await typeInto(page, 'homebanking-filename', `e2e-${language}`);
      const domestic = await exportXml(page, language, t.store);
      assert.equal(domestic.name, `e2e-${language}.xml`);
      assertValid(domestic.content, `domestic-${language}.xml`, 'CBIPaymentRequest.00.04.00.xsd');
      for (const c of t.bills) assert.ok(domestic.content.includes(`>${(c / 100).toFixed(2)}<`), `amount ${c} in the file`);
      const orderNumber = await storedNumber(page, t);

      // ---- register it with today's date (Ctrl+Enter): the protocol opens as a PDF in a new tab
      await page.goto(`${current}/payments/register`);
      await page
        .getByTestId('register-order')
        .click({ timeout: 5000 })
        .catch(async (error) => {
          await shot(page, `payments-register-failed-${language}`);
          throw error;
        });
      await page.getByRole('option', { name: new RegExp(`^${orderNumber}/${currentYear} `) }).click();
      const rows = page.getByTestId('register-payments-row');
      await rows.first().waitFor();
      assert.equal(await rows.count(), 2);
      assert.equal(cents((await page.getByTestId('register-payments-total').innerText()).split('·').pop()), a + b);
      // the field says which dates the bank may have paid on: the order was stored today, so only today;
      // yesterday is refused on the field and on Ctrl+Enter, nothing is registered
      const todayText = ddmmyy().replace(/\.(\d\d)$/, `.${currentYear}`);
      assert.equal(await page.getByTestId('register-date-range').innerText(), t.range(todayText));
      await typeInto(page, 'register-date', ddmmyy(new Date(Date.now() - 86_400_000)));
      await page.keyboard.press('Control+Enter');
      await page.getByText(t.outside).first().waitFor();
      await shot(page, `payments-register-outside-${language}`);
      assert.equal((await openPayments(currentYear)).count, before.count, 'nothing registered');
      await typeInto(page, 'register-date', ddmmyy());
      await shot(page, `payments-register-${language}`);
      await keepBlobs(page);
      // the success toast stays 1,5 s: watched from the save on, while the protocol opens and is read
      const registeredToast = page.getByText(t.registered).first().waitFor();
      const [tab] = await Promise.all([page.waitForEvent('popup'), page.keyboard.press('Control+Enter')]);
      await tab.waitForURL(/^blob:/);
      await tab.close();
      const protocol = await pdfTextOf(page, `protocol-${language}.pdf`);
      for (const text of [...t.protocol, `${orderNumber}/${currentYear}`]) assert.ok(protocol.includes(text), `the protocol says ${text}`);
      await registeredToast;
      await shot(page, `payments-registered-${language}`);

      // ---- the figures moved: over REST and on screen
      const after = await openPayments(currentYear);
      assert.equal(after.count, before.count - 2);
      assert.equal(after.total, before.total - a - b);
      assert.equal(after.chapterOpen, before.chapterOpen - a - b, "the chapters' open payments drop by the order");
      const homeAfter = await homeFigures(page);
      await shot(page, `payments-home-after-${language}`);
      assert.deepEqual([homeAfter.paid - homeBefore.paid, homeBefore.open - homeAfter.open], [a + b, a + b], 'home: paid up, open down by the order');
      // the first bill's form shows its chapter without the bill itself: the second bill moved from open to paid
      const chapterAfter = await chapterFigures(page, firstBill, '21003');
      await shot(page, `payments-chapter-after-${language}`);
      assert.deepEqual(
        [chapterAfter.final, chapterAfter.paid - chapterBefore.paid, chapterBefore.open - chapterAfter.open],
        [chapterBefore.final, b, b],
        'chapter 2-1-003: paid up, open down by the second bill',
      );
      if (language === 'it') await backToGerman(page);
      assertNoErrors(errors);
    });
  });
}
