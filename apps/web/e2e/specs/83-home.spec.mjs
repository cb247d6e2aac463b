/* global document, window */
/**
 * Home pages. The cashier's home (admin on the district 100, a scope no other spec writes in the current year):
 * the next step follows the forecast from "Voranschlag erfassen" over "Voranschlag ausgleichen" to
 * "Genehmigung fehlt", the totals equal the forecast summary, the buttons open the editor. kassier
 * (one department) on the approved previous year, which is over: hand-computed totals, "Rückstände feststellen"
 * (its year end, not the adjustment) leading to the determination, no link to the union list. The union's list as supervisor: status filter "not approved", district filter,
 * sort by revenues, CSV checked by content, a row opens that department's forecast; admin sees all.
 * Screenshots of both pages in German and Italian, light and dark.
 */
import { describe, test } from 'node:test';
import {
  assert,
  assertNoErrors,
  baseUrl,
  cents,
  chooseOption,
  currentYear,
  downloadCsv,
  newPage,
  pathOf,
  setLanguage,
  setTheme,
  shot,
  signInAndWait,
  typed,
  useBrowser,
  waitForRows,
  rest,
} from '../lib.mjs';

const browser = useBrowser();
const prev = currentYear - 1;

/** How many departments exist now (earlier specs add some): the supervisor's REST list with one per page. */
async function departmentCount() {
  const { json } = await rest('supervisor', 'GET', 'Departments?pageSize=1');
  const { totalPages } = json;
  assert.ok(totalPages >= 7, `the demo's 7 departments at least: ${totalPages}`);
  return totalPages;
}

async function amountOf(page, testId) {
  return cents(await page.getByTestId(testId).innerText());
}

async function homeFigures(page) {
  return {
    revenues: await amountOf(page, 'home-revenues'),
    surplusUsed: await amountOf(page, 'home-surplus-used'),
    expenses: await amountOf(page, 'home-expenses'),
    balance: await amountOf(page, 'home-balance'),
  };
}

async function waitForStep(page, step) {
  await page.waitForFunction((s) => document.querySelector('[data-testid="home-next-step"]')?.getAttribute('data-step') === s, step);
}

/** Waits for search parameters (the list keeps filters and sort in the address, replaced in place). */
async function waitForSearch(page, expected) {
  await page.waitForFunction((e) => {
    const params = new URLSearchParams(window.location.search);
    return Object.entries(e).every(([k, v]) => params.get(k)?.replace(/^"|"$/g, '') === v);
  }, expected);
}

describe('home pages', () => {
  test('cashier home: next step along the forecast, totals equal the forecast summary (admin, 100)', async () => {
    const { context, page, errors } = await newPage(browser());
    const home = `${baseUrl}/dept/100/year/${currentYear}`;
    await signInAndWait(page, 'admin');
    await page.goto(home);
    await setLanguage(page, 'de');
    await page.getByTestId('home-forecast').waitFor();
    await waitForStep(page, 'enterForecast');
    assert.equal((await page.getByTestId('home-next-step').innerText()).trim(), 'Voranschlag erfassen');
    assert.equal(await page.getByTestId('home-forecast-state').getAttribute('data-state'), 'noForecast');
    assert.match(await page.getByTestId('home-bookings-pending').innerText(), /noch keine Buchungen/);
    assert.ok(await page.getByTestId('home-overview-link').isVisible(), 'admin sees two departments: the union list is linked');

    // "Weiter" opens the forecast; copy last year's amounts into both parts
    await page.getByTestId('home-step-action').click();
    await page.waitForURL((url) => url.pathname.endsWith('/dept/100/year/' + currentYear + '/budget/forecast/details'));
    for (const part of ['revenues', 'expenses']) {
      await page.getByTestId(`open-${part}`).click();
      await page.getByTestId('forecast-positions').waitFor();
      await page.getByTestId('copy-all-prev').click();
      await page.getByTestId('editor-save').click();
      await page.waitForURL((url) => url.pathname.endsWith('/budget/forecast/details'));
      await page.getByTestId('forecast-summary').waitFor();
    }

    // the home: not balanced, the failing checks listed; last year's 100 (110 % of the district plan): 42.174,00 / 46.574,00
    await page.goto(home);
    await waitForStep(page, 'balanceForecast');
    assert.equal((await page.getByTestId('home-next-step').innerText()).trim(), 'Voranschlag ausgleichen');
    assert.deepEqual(await homeFigures(page), { revenues: 4_217_400, surplusUsed: 0, expenses: 4_657_400, balance: -440_000 });
    assert.match(await page.getByTestId('home-failed-checks').innerText(), /Gesamt/);
    await shot(page, 'home-cashier-unbalanced-de');

    // the surplus used closes the gap (typed, saved with Ctrl+Enter in the field)
    await page.goto(`${home}/budget/forecast/surplus`);
    await page.getByTestId('surplus-cashBalance').waitFor();
    await page.getByTestId('surplus-cashBalance').click();
    await page.getByTestId('surplus-cashBalance').fill(typed(440_000));
    await page.getByTestId('surplus-surplusUsed').click();
    await page.getByTestId('surplus-surplusUsed').fill(typed(440_000));
    await page.getByTestId('surplus-surplusUsed').press('Control+Enter');
    await page.waitForURL((url) => !url.pathname.endsWith('/surplus'));

    await page.goto(home);
    await waitForStep(page, 'approvalMissing');
    assert.equal((await page.getByTestId('home-next-step').innerText()).trim(), 'Genehmigung fehlt');
    assert.equal(await page.getByTestId('home-forecast-state').getAttribute('data-state'), 'balanced');
    const figures = await homeFigures(page);
    assert.deepEqual(figures, { revenues: 4_217_400, surplusUsed: 440_000, expenses: 4_657_400, balance: 0 });
    assert.match(await page.getByTestId('home-changes-empty').innerText(), /erst nach der Genehmigung/);
    await setTheme(page, 'light');
    await shot(page, 'home-cashier-de-light');
    await setTheme(page, 'dark');
    await shot(page, 'home-cashier-de-dark');
    await setLanguage(page, 'it');
    await page.getByTestId('home-next-step').filter({ hasText: 'Approvazione mancante' }).waitFor();
    await shot(page, 'home-cashier-it-dark');
    await setTheme(page, 'light');
    await shot(page, 'home-cashier-it-light');
    await setLanguage(page, 'de');

    // "Voranschlag öffnen": the summary shows the same totals (revenues there include the surplus used)
    await page.getByTestId('home-open-forecast').click();
    await page.waitForURL((url) => url.pathname.endsWith('/budget/forecast/details'));
    await page.getByTestId('forecast-summary').waitFor();
    assert.equal(await amountOf(page, 'summary-revenues'), figures.revenues + figures.surplusUsed);
    assert.equal(await amountOf(page, 'summary-expenses'), figures.expenses);
    assert.equal(await amountOf(page, 'summary-balance'), figures.balance);

    // the next step leads to the approval
    await page.goto(home);
    await waitForStep(page, 'approvalMissing');
    await page.getByTestId('home-step-action').click();
    await page.waitForURL((url) => url.pathname.endsWith('/budget/forecast/approval'));
    assertNoErrors(errors);
    await context.close();
  });

  test('kassier (one department): the approved previous year, hand-computed totals, its year end next, no union link', async () => {
    const { context, page, errors } = await newPage(browser());
    await signInAndWait(page, 'kassier');
    await page.goto(`${baseUrl}/dept/101/year/${prev}`);
    await setLanguage(page, 'de');
    // the year is over: its residues are the next step (the adjustment was proposed here before)
    await waitForStep(page, 'residuesOpen');
    assert.equal((await page.getByTestId('home-next-step').innerText()).trim(), 'Rückstände feststellen');
    // 101 Leifers (105 % of the department plan): revenues 88.856,25, expenses 95.051,25, surplus used 6.195,00
    assert.deepEqual(await homeFigures(page), { revenues: 8_885_625, surplusUsed: 619_500, expenses: 9_505_125, balance: 0 });
    assert.match(await page.getByTestId('home-approval').innerText(), new RegExp(`Genehmigt am 15\\.12\\.${prev - 1}`));
    assert.equal(await page.getByTestId('home-overview-link').count(), 0, 'one department: no union list link');
    await shot(page, 'home-kassier-previous-year-de');
    // the current year (after the budget spec: approved, a change and the adjustment) for the screenshot
    await page.goto(`${baseUrl}/dept/101/year/${currentYear}`);
    await page.getByTestId('home-forecast').waitFor();
    await shot(page, 'home-kassier-current-year-de');
    await page.goto(`${baseUrl}/dept/101/year/${prev}`);
    await waitForStep(page, 'residuesOpen');
    await setLanguage(page, 'it');
    await page.getByTestId('home-next-step').filter({ hasText: 'Accerta i residui' }).waitFor();
    await shot(page, 'home-kassier-previous-year-it');
    await page.getByTestId('home-step-action').click();
    await page.waitForURL((url) => url.pathname.endsWith(`/dept/101/year/${prev}/residues/determination`));
    await setLanguage(page, 'de');
    assertNoErrors(errors);
    await context.close();
  });

  test('union list (supervisor): not approved, district, sorted by revenues, CSV, a row opens the forecast', async () => {
    const { context, page, errors } = await newPage(browser(), { acceptDownloads: true });
    await signInAndWait(page, 'supervisor');
    await page.goto(`${baseUrl}/dept/000/year/${currentYear}`);
    await setLanguage(page, 'de');
    await page.getByTestId('home-overview-link').click();
    await page.waitForURL((url) => url.pathname.endsWith(`/dept/000/year/${currentYear}/overview/departments`));
    await waitForRows(page, Math.min(await departmentCount(), 10), 'overview-table');
    assert.equal((await page.getByTestId('screen-title').innerText()).trim(), `Übersicht der Feuerwehren ${currentYear}`);
    await shot(page, 'overview-departments-all-de');

    await chooseOption(page, 'filter-status', /^Nicht genehmigt$/);
    await waitForSearch(page, { status: 'notApproved' });
    await page.waitForFunction(() => [...document.querySelectorAll('[data-testid="row-state"]')].every((b) => b.getAttribute('data-state') !== 'approved'));
    const states = await page.getByTestId('row-state').evaluateAll((els) => els.map((e) => e.getAttribute('data-state')));
    assert.ok(states.length >= 5 && !states.includes('approved'), `not approved only: ${states}`);
    // the district 100 the cashier test balanced: approval missing
    const row100 = page.getByTestId('data-row').filter({ hasText: 'Bezirksfeuerwehrverband Bozen' });
    // revenues with the surplus used beside them (issue 25 item 9): 42.174,00 + 4.400,00 = the expenses
    assert.match(await row100.innerText(), /46\.574,00 €\s+4\.400,00 €\s+46\.574,00 €/);
    assert.equal(await row100.getByTestId('row-state').getAttribute('data-state'), 'balanced');

    // sorted by revenues, largest first (two clicks: ascending, then descending)
    await page.getByTestId('sort-revenues').click();
    await waitForSearch(page, { sort: 'revenues', dir: 'asc' });
    await page.getByTestId('sort-revenues').click();
    await waitForSearch(page, { sort: 'revenues', dir: 'desc' });
    await page.waitForFunction(() => document.querySelector('[data-testid="sort-revenues"]')?.getAttribute('data-sorted') === 'desc');
    await page.waitForTimeout(300);
    const codes = await page.getByTestId('data-row').evaluateAll((rows) => rows.map((r) => r.querySelector('td')?.textContent?.trim()));
    const revenues = await page.getByTestId('data-row').evaluateAll((rows) => rows.map((r) => r.querySelectorAll('td')[2]?.textContent ?? ''));
    const values = revenues.map(cents);
    assert.deepEqual(
      values,
      [...values].sort((a, b) => b - a),
      `revenues descending: ${revenues}`,
    );
    await setTheme(page, 'light');
    await shot(page, 'overview-departments-de-light');
    await setTheme(page, 'dark');
    await shot(page, 'overview-departments-de-dark');

    // the CSV holds the filtered list in the same order
    const csv = await downloadCsv(page);
    assert.equal(csv.name, 'feuerwehren-uebersicht.csv');
    assert.equal(
      csv.lines[0],
      'Code;Name;Bereich;Einnahmen;Ausgaben;Verwendeter Überschuss;Differenz;Status;Ausgeglichen;Genehmigt am;Letzte Änderung;Änderung vom',
    );
    assert.deepEqual(
      csv.lines.slice(1).map((l) => l.split(';')[0]),
      codes,
    );
    assert.ok(
      csv.lines.includes('100;Bezirksfeuerwehrverband Bozen;Bezirk;42174,00;46574,00;4400,00;0,00;Ausgeglichen, nicht genehmigt;ja;;;'),
      csv.lines.join('\n'),
    );

    // Italian and the district filter
    await setLanguage(page, 'it');
    await page.getByText('Panoramica dei corpi').waitFor();
    await chooseOption(page, 'filter-district', /^100 /);
    await waitForSearch(page, { district: '100' });
    await page.waitForFunction(() =>
      [...document.querySelectorAll('[data-testid="data-row"] td:first-child')].every((td) => td.textContent?.trim().startsWith('1')),
    );
    const italianCsv = await downloadCsv(page);
    assert.equal(italianCsv.name, 'panoramica-corpi.csv');
    const italianCodes = italianCsv.lines.slice(1).map((l) => l.split(';')[0]);
    assert.equal(italianCodes[0], '100', 'largest revenues first');
    assert.ok(italianCodes.length >= 1 && italianCodes.every((c) => c.startsWith('1')), `district 100 only: ${italianCodes}`);
    assert.equal(italianCsv.lines[1], '100;Unione distrettuale VV.F. Bolzano;Distretto;42174,00;46574,00;4400,00;0,00;In pareggio, non approvato;sì;;;');
    await shot(page, 'overview-departments-it-dark');
    await setTheme(page, 'light');
    await shot(page, 'overview-departments-it-light');
    await setLanguage(page, 'de');

    // a row opens that department's forecast
    await page.getByTestId('data-row').filter({ hasText: 'Bezirksfeuerwehrverband Bozen' }).click();
    await page.waitForURL((url) => url.pathname === `/dept/100/year/${currentYear}/budget/forecast/details`);
    await page.getByTestId('forecast-summary').waitFor();
    assert.equal(pathOf(page), `/dept/100/year/${currentYear}/budget/forecast/details`);
    assertNoErrors(errors);
    await context.close();
  });

  test('union list (admin in the union scope): every department', async () => {
    const { context, page, errors } = await newPage(browser());
    await signInAndWait(page, 'admin');
    await page.goto(`${baseUrl}/dept/000/year/${currentYear}`);
    await setLanguage(page, 'de');
    await page.getByTestId('home-overview-link').click();
    const count = await departmentCount();
    await waitForRows(page, Math.min(count, 10), 'overview-table');
    assert.equal((await page.getByTestId('data-count').innerText()).trim(), `1–${Math.min(count, 10)} von ${count}`);
    assertNoErrors(errors);
    await context.close();
  });
});
