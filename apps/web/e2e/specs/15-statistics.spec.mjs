import { describe, test } from 'node:test';
import { assert, assertNoErrors, baseUrl, currentYear, downloadCsv, newPage, shot, signInAndWait, useBrowser } from '../lib.mjs';

const browser = useBrowser();
const prev = currentYear - 1;
const screen = `${baseUrl}/dept/101/year/${currentYear}/statistics/export`;

describe('statistics export (supervisor)', () => {
  test('downloads the CSV of the previous year with its fixed name; Italian labels', async () => {
    const { context, page, errors } = await newPage(browser());
    await signInAndWait(page, 'supervisor');
    await page.goto(screen);
    await page.getByTestId('export-form').waitFor();
    // the language is kept per user and other specs may have left the supervisor in Italian
    await page.getByTestId('language-switch').getByText('DE').click();
    await page.getByText('detailliert (mit Kapiteln)').waitFor();
    assert.equal(await page.getByTestId('year-from').inputValue(), String(currentYear), 'the scope year is the default');
    await page.getByTestId('dept-from').fill('101');
    await page.getByTestId('dept-to').fill('101');
    await page.getByTestId('year-from').fill(String(prev));
    await page.getByTestId('year-to').fill(String(prev));
    await shot(page, 'statistics-export-de');

    const totals = await downloadCsv(page);
    assert.equal(totals.name, 'statistik.csv');
    assert.match(totals.lines[0], /^Code;Feuerwehr;Jahr;Bereich;Einnahmen Voranschlag/);
    // the actual figures follow the budget columns (existing spreadsheets keep theirs)
    assert.match(totals.lines[0], /;Ausgaben Zahlungen;Einnahmen Rückstände Vorjahre;.*;Ausgaben offene Zahlungen;.*;Ausgaben Rückstände Jahresende$/);
    assert.equal(totals.lines.length, 2);
    // payments: the demo bookings of Leifers (hand-checked in packages/api/src/services/statistics.test.ts)
    assert.equal(
      totals.lines[1],
      `101;Freiwillige Feuerwehr Leifers;${prev};3;88856,25;0,00;88856,25;88084,15;95051,25;0,00;95051,25;88498,72;0,00;0,00;0,00;0,00;0,00;0,00;0,00`,
    );

    await page.getByText('detailliert (mit Kapiteln)').click();
    const detailed = await downloadCsv(page);
    assert.ok(detailed.lines.length > 3, 'one line per chapter');
    assert.ok(detailed.lines.slice(1).every((l) => l.startsWith(`101;Freiwillige Feuerwehr Leifers;${prev};3;`)));
    assert.match(detailed.lines[1], /;1-\d-\w+;/);

    await page.getByTestId('language-switch').getByText('IT').click();
    await page.getByText('dettagliato (con capitoli)').waitFor();
    await page.getByText('Corpo da').waitFor();
    assert.equal((await page.getByTestId('screen-title').innerText()).trim(), 'Esporta statistica');
    const italian = await downloadCsv(page);
    assert.equal(italian.name, 'statistica.csv');
    assert.match(italian.lines[0], /^Codice;Corpo;Anno;Ambito;Capitolo;Descrizione;Entrate previsione/);
    await shot(page, 'statistics-export-it');
    await page.getByTestId('language-switch').getByText('DE').click();
    assertNoErrors(errors);
    await context.close();
  });
});
