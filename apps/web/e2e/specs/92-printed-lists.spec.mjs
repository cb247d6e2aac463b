/**
 * The printed lists (issue 14), in German and in Italian: kassier on 101 (Leifers) in the previous
 * demo year opens printedLists/cashJournal from the menu (Verwaltung → Drucklisten → Kassajournal),
 * - prints the bank account's whole year (the form proposes the cash account first): its final balance is the account's final balance of
 *   Accounts/Balance, start + revenues − expenses = final, the last row's running balance the final;
 * - picks March from the period list (the dates follow: 01.03.–31.03.) and prints the month: every row
 *   is dated in March; the month starts with the running balance of the year's last row before March
 *   and ends with that of its last March row; its revenues and expenses are the March rows' sums.
 * The other three criteria forms open from the menu and print a PDF with their title; the chapter digest
 * of 21003 (typed in both range fields) shows the line's figures of Budget/Chapter in its box; the
 * supplier digest of 1001 (typed into "von" alone) lists that supplier only. Screenshots of
 * every form and of the month's PDF page (pdftoppm) in both languages.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import {
  assert,
  assertNoErrors,
  backToGerman,
  baseUrl,
  cents,
  currentYear,
  menuEntry,
  newPage,
  rest,
  setLanguage,
  shot,
  signInAndWait,
  useBrowser,
  pdfFileText,
} from '../lib.mjs';
import { e2eEnv } from '../env.mjs';

const browser = useBrowser();
const year = currentYear - 1;
const base = `${baseUrl}/dept/101/year/${year}`;
const dir = mkdtempSync(join(tmpdir(), 'e2e-printed-lists-'));

const texts = {
  de: {
    journal: 'Kassajournal',
    title: `Kassajournal ${year} drucken`,
    march: `März ${year}`,
    total: 'Summe',
    opening: 'Anfangsbestand',
    account: 'Konto B1',
    lists: { chapterDigest: `Kapitelauszug ${year}`, supplierDigest: `Lieferantenauszug ${year}`, availabilities: `Verfügbarkeiten ${year}` },
  },
  it: {
    journal: 'Giornale di cassa',
    title: `Stampa giornale di cassa ${year}`,
    march: `marzo ${year}`,
    total: 'Totale',
    opening: 'Saldo iniziale',
    account: 'Conto B1',
    lists: { chapterDigest: `Estratto capitolo ${year}`, supplierDigest: `Estratto fornitore ${year}`, availabilities: `Disponibilità ${year}` },
  },
};

/** Downloads the form's PDF; its text (pdftotext -layout) and the file. */
async function printPdf(page, name) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-download').click()]);
  assert.match(download.suggestedFilename(), /\.pdf$/);
  const file = join(dir, `${name}.pdf`);
  await download.saveAs(file);
  return { file, text: pdfFileText(file) };
}

const money = '-?[\\d.]+,\\d{2} €';

/** The journal rows of a PDF's text: date, and the last amount on the line (the running balance). */
function journalRows(text) {
  return text
    .split('\n')
    .map((l) => new RegExp(`^\\s*(\\d{2})\\.(\\d{2})\\.(\\d{4})\\s.*?(${money})\\s*$`).exec(l))
    .filter(Boolean)
    .map((m) => ({ month: Number(m[2]), year: Number(m[3]), line: m[0], balance: cents(m[4]) }));
}

/** The amounts of the line starting with `label` (the box's head line is followed by its figures). */
function amountsOf(line) {
  return [...line.matchAll(new RegExp(money, 'g'))].map((m) => cents(m[0]));
}

/** The balance box: the first line of six amounts (start, revenues, expenses, movements, final, not yet paid). */
function box(text) {
  const line = text.split('\n').find((l) => amountsOf(l).length === 6) ?? '';
  const [start, revenues, expenses, movements, final] = amountsOf(line);
  return { start, revenues, expenses, movements, final };
}

async function choosePeriod(page, label) {
  await page.getByTestId('journal-period').click();
  await page.getByRole('option', { name: label, exact: true }).click();
}

describe('printed lists (kassier, 101, previous year)', () => {
  for (const language of ['de', 'it']) {
    test(`cash journal of the year and of March, the other lists (${language})`, async () => {
      const tx = texts[language];
      const { context, page, errors } = await newPage(browser());
      await signInAndWait(page, 'kassier');
      await page.goto(base);
      if (language === 'it') await setLanguage(page, 'it');
      await (await menuEntry(page, 'management', 'management.printedLists', 'management.printedLists.cashJournal')).click();
      await page.waitForURL(`${base}/printedLists/cashJournal`);
      await page.getByTestId('journal-filter').waitFor();
      assert.equal((await page.getByTestId('screen-title').innerText()).trim(), tx.title);
      assert.match(await page.getByTestId('journal-account').inputValue(), /^K1 – /, 'the cash account first');
      // the bank account: the demo books most on it (the cash has no March rows)
      await page.getByTestId('journal-account').click();
      await page.getByRole('option', { name: /^B1 – / }).click();

      // ---- the whole year: the final balance of Accounts/Balance
      const scopes = await rest('kassier', 'GET', 'Scopes');
      const deptId = scopes.json.departments.find((d) => d.code === '101').id;
      const balances = await rest('kassier', 'GET', `Accounts/Balance?departmentId=${deptId}&year=${year}`);
      const b1 = balances.json.accounts.find((a) => a.accountCode === 'B1');
      const whole = await printPdf(page, `journal-year-${language}`);
      assert.ok(whole.text.includes(`${tx.journal} ${year}`));
      const yearBox = box(whole.text);
      assert.equal(yearBox.final, Math.round(b1.finalBalance * 100), 'the year ends with the account balance');
      assert.equal(yearBox.start, Math.round(b1.initialBalance * 100), 'the year starts with the initial balance');
      assert.equal(yearBox.start + yearBox.revenues - yearBox.expenses, yearBox.final);
      assert.equal(yearBox.revenues - yearBox.expenses, yearBox.movements);
      const yearRows = journalRows(whole.text).filter((r) => r.year === year);
      assert.ok(yearRows.length > 20, `rows of the year: ${yearRows.length}`);
      assert.equal(yearRows.at(-1).balance, yearBox.final, 'the newest row carries the final balance');
      const beforeMarch = yearRows.filter((r) => r.month < 3).at(-1);
      const lastOfMarch = yearRows.filter((r) => r.month === 3).at(-1);
      assert.ok(beforeMarch && lastOfMarch, 'the demo year has rows before and in March');

      // ---- March: the dates follow the period, the month's figures follow the year's rows
      await choosePeriod(page, tx.march);
      assert.equal(await page.getByTestId('journal-date-from').inputValue(), `01.03.${year}`);
      assert.equal(await page.getByTestId('journal-date-to').inputValue(), `31.03.${year}`);
      await shot(page, `92-printed-cash-journal-${language}`);
      const march = await printPdf(page, `journal-march-${language}`);
      assert.ok(march.text.includes(`${tx.account} – `) && march.text.includes(`01.03.${year} – 31.03.${year}`), 'account and period under the title');
      const monthBox = box(march.text);
      const rows = journalRows(march.text);
      assert.ok(rows.length > 0 && rows.every((r) => r.month === 3 && r.year === year), 'only March rows');
      assert.equal(rows.length, yearRows.filter((r) => r.month === 3).length, 'the year print has the same March rows');
      assert.equal(monthBox.start, beforeMarch.balance, 'March starts where February ended');
      assert.equal(monthBox.final, lastOfMarch.balance, 'March ends with its last row');
      assert.equal(rows.at(-1).balance, monthBox.final);
      assert.equal(monthBox.start + monthBox.revenues - monthBox.expenses, monthBox.final);
      const opening = march.text.split('\n').find((l) => l.trim().startsWith(tx.opening) && amountsOf(l).length === 1) ?? '';
      assert.equal(amountsOf(opening)[0], monthBox.start, 'the table opens with the balance at the start');
      const totals = march.text.split('\n').find((l) => new RegExp(`^\\s*${tx.total} \\(${rows.length}\\)`).test(l)) ?? '';
      assert.deepEqual(amountsOf(totals), [monthBox.revenues, monthBox.expenses, monthBox.final], `totals row: ${totals}`);
      // the PDF's first page beside the screenshots, to look at
      execFileSync('pdftoppm', [
        '-r',
        '70',
        '-png',
        '-singlefile',
        '-f',
        '1',
        '-l',
        '1',
        march.file,
        join(e2eEnv.screenshotDir, `92-printed-cash-journal-pdf-${language}`),
      ]);

      // ---- the other three forms from the menu, each prints its PDF
      for (const list of ['chapterDigest', 'supplierDigest', 'availabilities']) {
        await (await menuEntry(page, 'management', 'management.printedLists', `management.printedLists.${list}`)).click();
        await page.waitForURL(`${base}/printedLists/${list}`);
        await page.getByTestId('export-form').waitFor();
        if (list === 'supplierDigest') {
          // one supplier: its code typed into "von" alone
          const picker = page.getByTestId('supplier-picker').first();
          await picker.fill('1001');
          // the exact code is taken at once: the field then shows code, search key and name
          for (let i = 0; i < 50 && !/ – /.test(await picker.inputValue()); i++) await page.waitForTimeout(100);
          assert.match(await picker.inputValue(), /^1001 .+ – /);
        }
        if (list === 'chapterDigest') {
          // one chapter typed in both fields: its box is the line's figures of Budget/Chapter
          for (const end of ['from', 'to']) {
            await page.getByTestId(`print-chapter-${end}-code`).fill('21003');
            await page.getByTestId(`print-chapter-${end}-description`).getByText(/\p{L}/u).waitFor();
          }
        }
        await shot(page, `92-printed-${list}-${language}`);
        const printed = await printPdf(page, `${list}-${language}`);
        assert.ok(printed.text.includes(tx.lists[list]), `${list}: ${printed.text.slice(0, 200)}`);
        if (list === 'supplierDigest') {
          assert.match(printed.text, /^\s*1001 \S.*$/m, 'the supplier 1001 with its movements');
          assert.doesNotMatch(printed.text, /^\s*1002 /m, 'no other supplier');
        }
        if (list === 'chapterDigest') {
          const line = (await rest('kassier', 'GET', `Budget/Chapter?departmentId=${deptId}&year=${year}&chapter=21003`)).json;
          const figures = ['budgetInitial', 'budgetChanges', 'budgetFinal', 'payments', 'openPayments', 'reservations', 'availableAfterPlannedExpenses'];
          const boxLine = printed.text.split('\n').find((l) => amountsOf(l).length === 7) ?? '';
          assert.deepEqual(
            amountsOf(boxLine),
            figures.map((f) => Math.round(line[f] * 100)),
            `box of 2-1-003: ${boxLine}`,
          );
          assert.ok(printed.text.includes('2-1-003') && !printed.text.includes('2-1-004'), 'only the chosen chapter');
        }
      }

      if (language === 'it') await backToGerman(page);
      assertNoErrors(errors);
      await context.close();
    });
  }
});
