/**
 * DOMAIN decision 18 (issue 15): the approved final account of the previous year pre-fills the actual
 * surplus of the current year's adjustment and is shown beside the presumed one, in German and Italian.
 * FF Lana (201): after 93-year-end its previous year is approved and its current forecast too; run alone,
 * the spec does the same over REST (every line determined at its proposal, the approval, a small forecast).
 * It only reads the screen (no adjustment is created), so the later specs see 201 as 93 left it.
 */
import { before, describe, test } from 'node:test';
import {
  assert,
  assertNoErrors,
  backToGerman,
  baseUrl,
  currentYear,
  inputAmount,
  newPage,
  rest,
  setLanguage,
  isoToday,
  shot,
  signInAndWait,
  useBrowser,
} from '../lib.mjs';

const browser = useBrowser();
const previous = currentYear - 1;
let finalSurplus = 0;

/** Euros of the REST answer as the cents the screen shows. */
const toCents = (euros) => Math.round(euros * 100);

before(async () => {
  const scopes = await rest('supervisor', 'GET', 'Scopes');
  const id = scopes.json.departments.find((d) => d.code === '201').id;
  const last = `departmentId=${id}&year=${previous}`;
  const balance = await rest('supervisor', 'GET', `FinalBalance?${last}`);
  if (balance.json.approval === null) {
    for (const source of [1, 2]) {
      const lines = await rest('supervisor', 'GET', `Budget/Residues/Final?${last}&source=${source}`);
      const positions = lines.json.positions.map((p) => ({ budgetId: p.budget.budgetId, amount: p.amount }));
      if (positions.length > 0) await rest('supervisor', 'PUT', `Budget/Residues/Final?${last}`, { budgetType: source, positions });
    }
    const approved = await rest('supervisor', 'PUT', `FinalBalance/Approve?${last}`, { approval: `${currentYear}-01-31` });
    assert.equal(approved.json, true, JSON.stringify(approved.json));
  }
  const now = `departmentId=${id}&year=${currentYear}`;
  const forecast = await rest('supervisor', 'GET', `Budget/Forecast/Summary?${now}`);
  if (!forecast.json.approval) {
    await rest('supervisor', 'PUT', `Budget/Forecast?${now}&part=1`, { positions: [{ chapter: '11001', amountCurrYear: 100 }] });
    await rest('supervisor', 'PUT', `Budget/Forecast?${now}&part=2`, { positions: [{ chapter: '21001', amountCurrYear: 100 }] });
    await rest('supervisor', 'GET', `Budget/Forecast/Approve?${now}&approval=${isoToday()}`);
  }
  const report = await rest('supervisor', 'POST', `FinalBalance/Report?${last}`, {
    currentManagement: false,
    residues: false,
    summary: false,
    protocol: false,
  });
  finalSurplus = toCents(report.json.results.finalSurplus);
  const adjustment = await rest('supervisor', 'GET', `Budget/Adjust?${now}`);
  assert.equal(toCents(adjustment.json.surplusActual), finalSurplus, 'the empty adjustment head carries the final surplus');
});

for (const language of ['de', 'it']) {
  describe(`actual surplus of the adjustment (${language})`, () => {
    test('the previous final surplus beside the presumed one, pre-filled as the actual surplus', async () => {
      const { page, errors } = await newPage(browser());
      await signInAndWait(page, 'zwei');
      await page.goto(`${baseUrl}/dept/201/year/${currentYear}/budget/adjustment/edit`);
      if (language === 'it') {
        await setLanguage(page, 'it');
        await page.reload();
      }
      const note = page.getByTestId('adjustment-final-surplus');
      await note.waitFor();
      const label =
        language === 'de' ? `Verwaltungsüberschuss laut Rechnungsabschluss ${previous}` : `Avanzo di amministrazione secondo il rendiconto ${previous}`;
      assert.match(await note.innerText(), new RegExp(label));
      const field = page.getByTestId('adjustment-surplus-actual');
      await field.waitFor();
      // the form fills in once the previous year's surplus has loaded
      for (let i = 0; i < 50 && (await field.inputValue()) === ''; i++) await page.waitForTimeout(100);
      assert.equal(await inputAmount(page, 'adjustment-surplus-actual'), finalSurplus);
      await shot(page, `adjustment-final-surplus-${language}`);
      if (language === 'it') await backToGerman(page);
      assertNoErrors(errors);
    });
  });
}
