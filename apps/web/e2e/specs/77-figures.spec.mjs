/**
 * Figures that hide a part (issue 25 item 8), in German and in Italian: zwei on 102 in the previous
 * year. Nothing is saved.
 * - an expense position's sub-line shows every term of the availability (final budget − paid − open
 *   − reserved = available) with the reserved amount of REST's Budget/Chapter, and the terms add up
 *   to the availability shown in "Verfügbar vorher";
 * - the revenue screen's two figure columns carry their full titles ("… vorher" and "… nachher"),
 *   not cut with an ellipsis.
 * Screenshots of both screens in both languages.
 */
import { describe, test } from 'node:test';
import { assert, assertNoErrors, baseUrl, currentYear, departmentIdOf, openAs, rest, shot, typeInto, useBrowser, waitFocused } from '../lib.mjs';

const browser = useBrowser();
const dept = '102';
const year = currentYear - 1;
const yy = String(year).slice(2);
const base = `${baseUrl}/dept/${dept}/year/${year}`;

const texts = {
  de: { paid: 'Bezahlte Ausgabe', reserved: 'vorgemerkt', available: 'verfügbar', before: 'Noch einzunehmen vorher', after: 'Noch einzunehmen nachher' },
  it: { paid: 'Pagamento effettuato', reserved: 'prenotato', available: 'disponibile', before: 'Da incassare prima', after: 'Da incassare dopo' },
};

/** "1.234,56" → cents. */
const cents = (text) => Math.round(Number(text.replace(/\./g, '').replace(',', '.')) * 100);
const amounts = (text) => [...text.matchAll(/-?[\d.]+,\d{2}/g)].map((m) => cents(m[0]));

async function toPositions(page, kind, code, paid) {
  await page.goto(`${base}/movements/${kind}`);
  await page.getByTestId('movement-head-form').waitFor();
  if (paid) {
    await page.getByTestId('movement-type').click();
    await page.getByRole('option', { name: paid, exact: true }).click();
    await typeInto(page, 'movement-document-date', `12.04.${yy}`);
  }
  await typeInto(page, 'movement-record-date', `12.04.${yy}`);
  await page.getByTestId('movement-next').click();
  await page.waitForURL((url) => /\/movements\/(expenses|revenues)\/new$/.test(url.pathname));
  await typeInto(page, 'add-chapter-code', code);
  await page.getByTestId(`position-${code}`).waitFor();
  await waitFocused(page, `amount-${code}`);
}

for (const language of ['de', 'it']) {
  const t = texts[language];
  describe(`figures (${language})`, () => {
    test('the sub-line shows every term of the availability and the revenue columns their full titles', async () => {
      const deptId = await departmentIdOf(dept);
      const { context, page, errors } = await openAs(browser(), 'zwei', `${base}/movements/expenses`, { ready: 'movement-head-form', language });
      try {
        // ---- expense 2-2-002: final budget − paid − open − reserved = available
        await toPositions(page, 'expenses', '22002', t.paid);
        const line = page.getByTestId('figures-22002');
        await line.getByText(t.reserved).waitFor();
        const text = await line.innerText();
        assert.match(text, new RegExp(`${t.reserved} .* = ${t.available} `));
        const [budgetFinal, paid, open, reserved, available] = amounts(text);
        assert.equal(budgetFinal - paid - open - reserved, available, text);
        assert.equal(amounts(await page.getByTestId('available-before-22002').innerText())[0], available);
        const rest102 = (await rest('zwei', 'GET', `Budget/Chapter?departmentId=${deptId}&year=${year}&chapter=22002`)).json;
        assert.equal(reserved, Math.round(rest102.reservations * 100), JSON.stringify(rest102));
        assert.equal(available, Math.round(rest102.availableAfterPlannedExpenses * 100), JSON.stringify(rest102));
        await shot(page, `figures-expense-${language}`);

        // ---- revenue 1-1-002: both figure columns read in full
        await toPositions(page, 'revenues', '11002');
        for (const [id, title] of [
          ['figure-header-before', t.before],
          ['figure-header-after', t.after],
        ]) {
          const header = page.getByTestId(id);
          assert.equal((await header.innerText()).replace(/\s+/g, ' ').trim(), title);
          const cut = await header.evaluate((el) => {
            const th = el.closest('th');
            return th.scrollWidth > th.clientWidth || el.scrollWidth > el.clientWidth;
          });
          assert.equal(cut, false, `${title} is cut`);
        }
        await shot(page, `figures-revenue-${language}`);
        assertNoErrors(errors);
      } finally {
        await context.close();
      }
    });
  });
}
