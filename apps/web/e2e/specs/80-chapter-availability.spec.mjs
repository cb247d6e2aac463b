/**
 * The chapter picker shows each chapter's availability (issue 25 item 8), in German and in Italian:
 * zwei on 102 in the previous year. Nothing is saved.
 * - on an expense's positions, "2-1" and Enter in the add-chapter field open the picker: every
 *   listed chapter shows what REST's Budget/Chapters has as available (final budget − paid − open −
 *   reserved), formatted as on screen, or "kein Ansatz" without a budget line; the amounts stand
 *   right-aligned, none cut; the chapter picked shows the same figure in "Verfügbar vorher";
 * - on a revenue's positions the picker shows what is still to collect.
 * Screenshots of both pickers in both languages.
 */
import { describe, test } from 'node:test';
import { assert, assertNoErrors, baseUrl, cents, currentYear, departmentIdOf, openAs, rest, shot, typeInto, useBrowser } from '../lib.mjs';

const browser = useBrowser();
const dept = '102';
const year = currentYear - 1;
const yy = String(year).slice(2);
const base = `${baseUrl}/dept/${dept}/year/${year}`;

const texts = {
  de: { paid: 'Bezahlte Ausgabe', available: 'Verfügbar', toReceive: 'Noch einzunehmen', noLine: 'kein Ansatz' },
  it: { paid: 'Pagamento effettuato', available: 'Disponibile', toReceive: 'Da incassare', noLine: 'nessuno stanziamento' },
};

/** REST euros → the screen's `1.234,56 €`. */
function onScreen(euros) {
  const c = Math.round(euros * 100);
  const abs = Math.abs(c);
  const grouped = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${c < 0 ? '-' : ''}${grouped},${String(abs % 100).padStart(2, '0')} €`;
}

async function toPositions(page, kind, paid) {
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
  await page.getByTestId('add-chapter-code').waitFor();
}

/**
 * Types a code prefix into the add-chapter field and Enter (the picker opens with it as filter);
 * checks every listed chapter's figure (the first page of 20) against REST's Budget/Chapters of that
 * prefix. Answers the REST chapters.
 */
async function pickerMatchesRest(page, { deptId, prefix, part, figure, header, noLine }) {
  await typeInto(page, 'add-chapter-code', prefix);
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
    const color = await cell.evaluate((el) => getComputedStyle(el).color);
    if (e[figure] < 0) assert.match(color, /rgb\((2[0-9]{2}), [0-9]{1,2}, [0-9]{1,2}\)/, `${e.chapter} red`);
    else assert.doesNotMatch(color, /rgb\((2[0-9]{2}), [0-9]{1,2}, [0-9]{1,2}\)/, `${e.chapter} not red`);
  }
  assert.ok(amounts >= 2, `at least two chapters with a budget line under ${prefix}`);
  // dense and aligned: every amount ends at the same right edge, none cut
  const edges = await table.evaluate((el) =>
    Array.from(el.querySelectorAll('[data-testid^="chapter-picker-available-"]:not([data-testid$="header"])')).map((a) => {
      const td = a.closest('td');
      return { right: Math.round(a.getBoundingClientRect().right), cut: td.scrollWidth > td.clientWidth, text: a.textContent };
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
      const deptId = await departmentIdOf(dept);
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
        assertNoErrors(errors);
      } finally {
        await context.close();
      }
    });
  });
}
