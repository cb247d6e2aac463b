/**
 * The chapter picker shows each chapter's availability (issue 25 item 8), in German and in Italian:
 * zwei on 102 in the previous year. Nothing is saved.
 * - on an expense's positions, "2-1" and Enter in the add-chapter field open the picker: every
 *   listed chapter shows what REST's Budget/Chapters has as available (final budget − paid − open −
 *   reserved), formatted as on screen, or "kein Ansatz" without a budget line; the amounts stand
 *   right-aligned, none cut; the chapter picked shows the same figure in "Verfügbar vorher";
 * - on a revenue's positions the picker shows what is still to collect; on a transfer's side (either
 *   part) each its own, and under each side every term of its availability (FiguresLine);
 * - a reservation's chapter picker shows the expense chapters' availabilities too.
 * Screenshots of both pickers in both languages.
 */
import { describe, test } from 'node:test';
import { assert, assertNoErrors, baseUrl, cents, currentYear, departmentIdOf, openAs, rest, shot, typeInto, useBrowser } from '../lib.mjs';

const browser = useBrowser();
/** FF Eppan in the previous year: the demo bookings and reservations. */
const year = currentYear - 1;
const base = `${baseUrl}/dept/102/year/${year}`;
const yy = String(year).slice(2);

const texts = {
  de: {
    paid: 'Bezahlte Ausgabe',
    transfer: 'Umbuchung (Ausgabe)',
    available: 'Verfügbar',
    toReceive: 'Noch einzunehmen',
    either: 'Verfügbar / noch einzunehmen',
    noLine: 'kein Ansatz',
    terms: { revenue: /^Endansatz .* − eingenommen .* = noch einzunehmen /, expense: /^Endansatz .* − bezahlt .* − offen .* − vorgemerkt .* = verfügbar / },
  },
  it: {
    paid: 'Pagamento effettuato',
    transfer: 'Giroconto (uscita)',
    available: 'Disponibile',
    toReceive: 'Da incassare',
    either: 'Disponibile / da incassare',
    noLine: 'non stanziato',
    terms: { revenue: / − incassato .* = da incassare /, expense: / − prenotato .* = disponibile / },
  },
};

/** REST euros → the screen's `1.234,56 €`. */
function onScreen(euros) {
  const c = Math.round(euros * 100);
  const abs = Math.abs(c);
  const grouped = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${c < 0 ? '-' : ''}${grouped},${String(abs % 100).padStart(2, '0')} €`;
}

async function toPositions(page, kind, type, { documentDate = true } = {}) {
  await page.goto(`${base}/movements/${kind}`);
  await page.getByTestId('movement-head-form').waitFor();
  if (type) {
    await page.getByTestId('movement-type').click();
    await page.getByRole('option', { name: type, exact: true }).click();
    if (documentDate) await typeInto(page, 'movement-document-date', `12.04.${yy}`);
  }
  await typeInto(page, 'movement-record-date', `12.04.${yy}`);
  await page.getByTestId('movement-next').click();
  await page.waitForURL((url) => /\/movements\/(expenses|revenues)\/new$/.test(url.pathname));
}

/** "1.234,56 € … = x 9,99 €" → cents of each amount. */
const amountsIn = (text) => [...text.matchAll(/-?[\d.]+,\d{2}/g)].map((m) => cents(m[0]));

/**
 * Types a code prefix into the add-chapter field and Enter (the picker opens with it as filter);
 * checks every listed chapter's figure (the first page of 20) against REST's Budget/Chapters of that
 * prefix. Answers the REST chapters.
 */
async function pickerMatchesRest(page, { deptId, prefix, part, figure, header, noLine, field = 'add-chapter-code' }) {
  await typeInto(page, field, prefix);
  await page.keyboard.press('Enter');
  const table = page.getByTestId('chapter-picker-table');
  await table.waitFor();
  assert.equal((await page.getByTestId('chapter-picker-available-header').innerText()).trim(), header);
  const list = (await rest('zwei', 'GET', `Budget/Chapters?departmentId=${deptId}&year=${year}&part=${part}&chapter=${prefix.replace(/-/g, '')}&pageSize=20`))
    .json;
  assert.ok(list.entities.length >= 2, JSON.stringify(list));
  // the figures come with their own query: wait until every row shows one
  await page.waitForFunction(
    (n) => globalThis.document.querySelectorAll('[data-testid^="chapter-picker-available-"]:not([data-testid$="header"])').length === n,
    list.entities.length,
  );
  let amounts = 0;
  for (const e of list.entities) {
    const cell = page.getByTestId(`chapter-picker-available-${e.chapter}`);
    const shown = (await cell.innerText()).trim();
    if (e.lineId === null) {
      assert.equal(shown, noLine, e.chapter);
      continue;
    }
    amounts += 1;
    assert.equal(shown, onScreen(e[figure]), `${e.chapter}: ${JSON.stringify(e)}`);
    // negative: red like every amount below zero
    const color = await cell.evaluate((el) => globalThis.getComputedStyle(el).color);
    if (e[figure] < 0) assert.match(color, /rgb\((2[0-9]{2}), [0-9]{1,2}, [0-9]{1,2}\)/, `${e.chapter} red`);
    else assert.doesNotMatch(color, /rgb\((2[0-9]{2}), [0-9]{1,2}, [0-9]{1,2}\)/, `${e.chapter} not red`);
  }
  assert.ok(amounts >= 2, `at least two chapters with a budget line under ${prefix}`);
  // dense and aligned: every figure ends at the same right edge, none cut
  const edges = await table.evaluate((el) =>
    Array.from(el.querySelectorAll('[data-testid^="chapter-picker-available-"]:not([data-testid$="header"])')).map((a) => {
      const td = a.closest('td');
      const style = globalThis.getComputedStyle(td);
      const room = td.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return { right: Math.round(a.getBoundingClientRect().right), cut: a.getBoundingClientRect().width > room + 0.5, text: a.textContent };
    }),
  );
  assert.equal(new Set(edges.map((x) => x.right)).size, 1, JSON.stringify(edges));
  assert.deepEqual(
    edges.filter((x) => x.cut),
    [],
  );
  return list.entities;
}

for (const language of ['de', 'it']) {
  const t = texts[language];
  describe(`chapter picker availability (${language})`, () => {
    test('the picker shows each chapter availability as REST has it; the chapter picked shows the same before', async () => {
      const deptId = await departmentIdOf('102');
      const { context, page, errors } = await openAs(browser(), 'zwei', `${base}/movements/expenses`, { ready: 'movement-head-form', language });
      try {
        // ---- expenses 2-1: available = final budget − paid − open − reserved
        await toPositions(page, 'expenses', t.paid);
        const expenses = await pickerMatchesRest(page, {
          deptId,
          prefix: '2-1',
          part: 2,
          figure: 'availableAfterPlannedExpenses',
          header: t.available,
          noLine: t.noLine,
        });
        const reserved = expenses.find((e) => e.lineId !== null && e.reservations > 0);
        assert.ok(reserved, 'a chapter with a demo reservation is among them');
        await shot(page, `chapter-picker-expenses-${language}`);
        // picked: the position's "before" column shows the picker's figure
        const code = reserved.chapter;
        const shown = await page.getByTestId(`chapter-picker-available-${code}`).innerText();
        await page
          .getByTestId('chapter-picker-table')
          .getByText(`${code[0]}-${code[1]}-${code.slice(2)}`, { exact: true })
          .click();
        await page.getByTestId(`position-${code}`).waitFor();
        assert.equal(cents(await page.getByTestId(`available-before-${code}`).innerText()), cents(shown));

        // ---- revenues 1-1: still to collect = final budget − collected
        await toPositions(page, 'revenues');
        await pickerMatchesRest(page, { deptId, prefix: '1-1', part: 1, figure: 'toReceive', header: t.toReceive, noLine: t.noLine });
        await shot(page, `chapter-picker-revenues-${language}`);
        await page.keyboard.press('Escape');

        // ---- a transfer: the side's picker (either part) and every term under each side
        await toPositions(page, 'expenses', t.transfer, { documentDate: false });
        await page.getByTestId('transfer-add').click();
        const revenues = await pickerMatchesRest(page, {
          deptId,
          prefix: '1-1',
          part: 1,
          figure: 'toReceive',
          header: t.either,
          noLine: t.noLine,
          field: 'from-0-code',
        });
        const from = revenues.find((e) => e.lineId !== null && e.toReceive > 0);
        await page
          .getByTestId('chapter-picker-table')
          .getByText(`1-1-${from.chapter.slice(2)}`, { exact: true })
          .click();
        await typeInto(page, 'to-0-code', '21003');
        await typeInto(page, 'transfer-amount-0', '40,00');
        const to = (await rest('zwei', 'GET', `Budget/Chapter?departmentId=${deptId}&year=${year}&chapter=21003`)).json;
        for (const [side, rule, want] of [
          ['from-0', t.terms.revenue, from.toReceive],
          ['to-0', t.terms.expense, to.availableAfterPlannedExpenses],
        ]) {
          const text = await page.getByTestId(`${side}-terms`).innerText();
          assert.match(text, rule);
          const terms = amountsIn(text);
          assert.equal(terms.at(-1), Math.round(want * 100), text);
          assert.equal(
            terms.slice(1, -1).reduce((left, term) => left - term, terms[0]),
            terms.at(-1),
            `${text}: the terms add up`,
          );
        }
        assert.equal(amountsIn(await page.getByTestId('to-0-figure').innerText())[0], Math.round(to.availableAfterPlannedExpenses * 100) - 4000);
        await shot(page, `chapter-picker-transfer-${language}`);

        // ---- a reservation: its chapter's picker shows the availabilities too
        await page.goto(`${base}/reservations/edit`);
        await page.getByTestId('reservation-form').waitFor();
        await pickerMatchesRest(page, {
          deptId,
          prefix: '2-1',
          part: 2,
          figure: 'availableAfterPlannedExpenses',
          header: t.available,
          noLine: t.noLine,
          field: 'reservation-chapter-code',
        });
        await page.keyboard.press('Escape');
        assertNoErrors(errors);
      } finally {
        await context.close();
      }
    });
  });
}
