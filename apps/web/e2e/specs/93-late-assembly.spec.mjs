/**
 * The year's frame of the final account (issue 24 items 10 and 11, DOMAIN decision 26) in German and
 * Italian, each on its own new brigade (1L1 German, 1L2 Italian) with a small forecast in two years:
 * Y = the year before the previous one (locked: older than the previous year) and Y+1 = the previous
 * demo year. Every line is determined, so every criterion passes and only the frame decides.
 * - A late assembly: Y's approval screen is read-only while Y is locked; once a Supervisor has unlocked
 *   Y, the screen says a date after 31.10. of Y+1 is accepted, the typed date (20.11. of Y+1) warns
 *   "late" and Ctrl+Enter in the field saves it; after a reload the date is there.
 * - Reopening guarded: once Y+1's final account is approved (over REST), Y's screen says why it can't
 *   be reopened, and clearing the date and saving is refused with that reason; the date stays.
 * Setup over REST as supervisor: the year Y (`POST FinancialYears`), its minimal chart (lib
 * ensureYearChart), the brigades, their forecasts approved and residues determined (Y unlocked for that
 * and locked again). The unlock flags of Y are restored at the end, as 86-year-lock expects them.
 */
import { after, describe, test } from 'node:test';
import {
  assert,
  assertNoErrors,
  backToGerman,
  baseUrl,
  currentYear,
  ensureYearChart,
  newPage,
  rest,
  setLanguage,
  shot,
  signInAndWait,
  typeInto,
  useBrowser,
} from '../lib.mjs';

const browser = useBrowser();
const Y = currentYear - 2;
const NEXT = Y + 1;

/** The unlock flags of Y as found (restored after the spec, also when a step failed). */
let foundFlags = null;
const setUnlocked = async (unlocked) => {
  const saved = await rest('supervisor', 'PUT', 'FinancialYears/Status', { years: [{ year: Y, areaUnlocked: { ...foundFlags, 3: unlocked } }] });
  assert.equal(saved.status, 200, JSON.stringify(saved.json));
};
after(async () => {
  if (foundFlags) await rest('supervisor', 'PUT', 'FinancialYears/Status', { years: [{ year: Y, areaUnlocked: foundFlags }] });
});

async function ok(method, path, body) {
  const res = await rest('supervisor', method, path, body);
  assert.equal(res.status, 200, `${method} ${path}: ${JSON.stringify(res.json)}`);
  return res.json;
}

/** The brigade with a balanced forecast approved and every line determined in Y and Y+1; its id. */
async function setupBrigade(code, name) {
  await ok('POST', `FinancialYears?year=${Y}`);
  foundFlags ??= (await ok('GET', 'FinancialYears/Status')).years.find((y) => y.year === Y).areaUnlocked;
  const union = (await ok('GET', 'Scopes')).departments.find((d) => d.code === '000').id;
  const dept = await ok('POST', `Departments?departmentId=${union}`, {
    code,
    name1Deu: 'Freiwillige Feuerwehr',
    name2Deu: name,
    name1Ita: 'Vigili del Fuoco Volontari',
    name2Ita: name,
  });
  await setUnlocked(true);
  await ensureYearChart(dept.id, Y);
  for (const year of [Y, NEXT]) {
    const scope = `departmentId=${dept.id}&year=${year}`;
    await ok('PUT', `Budget/Forecast?${scope}&part=1`, { positions: [{ chapter: '11001', amountCurrYear: 100 }] });
    await ok('PUT', `Budget/Forecast?${scope}&part=2`, { positions: [{ chapter: '21001', amountCurrYear: 100 }] });
    await ok('GET', `Budget/Forecast/Approve?${scope}&approval=${year}-01-15`);
    const final = await ok('GET', `Budget/Residues/Final?${scope}&source=1`);
    const positions = final.positions.map((p) => ({ budgetId: p.budget.budgetId, amount: 0 }));
    await ok('PUT', `Budget/Residues/Final?${scope}`, { budgetType: 1, positions });
  }
  await setUnlocked(false);
  return dept.id;
}

const runs = [
  {
    language: 'de',
    code: '1L1',
    name: 'Spätbach',
    unlockedHint: `das Jahr ${Y} ist freigegeben`,
    approved: `Rechnungsabschluss ${Y} genehmigt`,
    refused: 'Der Rechnungsabschluss des Folgejahres ist genehmigt',
  },
  {
    language: 'it',
    code: '1L2',
    name: 'Rivatarda',
    unlockedHint: `l'esercizio ${Y} è sbloccato`,
    approved: `Rendiconto ${Y} approvato`,
    refused: "Il rendiconto dell'esercizio successivo è approvato",
  },
];

for (const t of runs) {
  describe(`final account frame in ${t.language} (${t.code}, ${Y})`, () => {
    test(`a late assembly once Y is unlocked; no reopening under an approved Y+1 (${t.language})`, async () => {
      const deptId = await setupBrigade(t.code, t.name);
      const { page, errors } = await newPage(browser());
      await signInAndWait(page, 'supervisor');
      const url = `${baseUrl}/dept/${t.code}/year/${Y}/budget/final/approve`;
      await page.goto(url);
      await setLanguage(page, t.language);
      const date = page.getByTestId('final-approval-date');

      // ---- Y is locked: read-only, whatever the date
      await page.getByTestId('final-criteria').waitFor();
      assert.equal(await date.isDisabled(), true, 'the date is read-only in a locked year');
      assert.equal(await page.getByTestId('budget-closed-warning').getAttribute('data-reason'), 'yearLocked', 'the screen says why');
      await shot(page, `late-assembly-locked-${t.language}`);

      // ---- unlocked by the Supervisor: a date after 31.10. of Y+1 is accepted, as late
      await setUnlocked(true);
      await page.reload();
      await page.getByText(t.unlockedHint).waitFor();
      await typeInto(page, 'final-approval-date', `20.11.${NEXT}`);
      await page.getByTestId('final-late-warning').waitFor();
      assert.equal(await page.getByTestId('final-refused').count(), 0, 'no refusal');
      await shot(page, `late-assembly-typed-${t.language}`);
      await page.keyboard.press('Control+Enter');
      await page.getByText(t.approved).first().waitFor();
      await page.getByTestId('final-approved-warning').waitFor();
      await page.reload();
      await page.getByTestId('final-approved-warning').waitFor();
      assert.equal(await date.inputValue(), `20.11.${NEXT}`);
      const balance = await ok('GET', `FinalBalance?departmentId=${deptId}&year=${Y}`);
      assert.deepEqual([balance.approval, balance.isLateApproval, balance.isYearUnlocked], [`${NEXT}-11-20`, true, true]);
      await shot(page, `late-assembly-approved-${t.language}`);

      // ---- Y+1's final account approved: Y can't be reopened, the screen says why before and on Save
      await ok('PUT', `FinalBalance/Approve?departmentId=${deptId}&year=${NEXT}`, { approval: `${currentYear}-01-01` });
      await page.reload();
      const reason = page.getByTestId('final-reopen-refused');
      await reason.waitFor();
      assert.ok((await reason.innerText()).startsWith(t.refused), await reason.innerText());
      await date.click({ delay: 80 });
      await page.keyboard.press('Control+A');
      await page.keyboard.press('Backspace');
      await page.keyboard.press('Control+Enter');
      const refused = page.getByTestId('final-refused');
      await refused.waitFor();
      assert.ok((await refused.innerText()).startsWith(t.refused), await refused.innerText());
      await shot(page, `late-assembly-reopen-refused-${t.language}`);
      // nothing changed: still approved after a reload, also over REST
      await page.reload();
      await page.getByTestId('final-approved-warning').waitFor();
      assert.equal((await ok('GET', `FinalBalance?departmentId=${deptId}&year=${Y}`)).approval, `${NEXT}-11-20`);
      const refusedRest = await rest('supervisor', 'PUT', `FinalBalance/Approve?departmentId=${deptId}&year=${Y}`, { approval: null });
      assert.equal(refusedRest.json.details?.Message, 'NextYearApproved');
      await setUnlocked(false);
      if (t.language !== 'de') await backToGerman(page);
      assertNoErrors(errors);
      await page.context().close();
    });
  });
}
