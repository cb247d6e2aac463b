/* global document */
/**
 * The year unlock per area (issue 9) on the screens, in German (kassier, 101) and Italian (zwei, 102):
 * a year older than the previous one is locked for budget writes (`YearLocked`); the budget screens
 * show it read-only with the closed-budget style warning, which names the year lock, until the union unlocks the department area on the
 * years screen ("Freigaben speichern"); then the cashier types a forecast amount; the unlock is taken
 * back and the screen is read-only again.
 *
 * Setup over REST as supervisor (the demo data has only the current and the previous year):
 * - `POST FinancialYears?year=<currentYear-2>` (an existing year answers `created: false`, so a
 *   second run or another spec having created it is fine);
 * - a minimal department chart (area 3) for that year, unless it already has titles: title 1 and
 *   category `01` in part 1 and in part 2 (`POST ChartOfAccounts/Titles|Categories?departmentId=<101>&year=`),
 *   and chapters 11001 (revenue) and 21001 (expense) (`POST ChartOfAccounts/Chapters`).
 * The German run books expense chapter 21001 for 101, the Italian run revenue chapter 11001 for 102:
 * each run starts from the locked year and ends with the year locked again, so they do not depend on
 * each other. Every run leaves the unlock flags as it found them (all off for that year) and the
 * users' language German.
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
  setLanguage,
  shot,
  signInAndWait,
  useBrowser,
  rest,
} from '../lib.mjs';

const browser = useBrowser();
const oldYear = currentYear - 2;

async function departmentId(code) {
  const scopes = await rest('supervisor', 'GET', 'Scopes');
  const dept = scopes.json.departments.find((d) => d.code === code);
  assert.ok(dept, `department ${code}`);
  return dept.id;
}

/** The unlock flags of the old year as found (restored after the spec, also when a step failed). */
let foundFlags = null;
after(async () => {
  if (foundFlags) await rest('supervisor', 'PUT', 'FinancialYears/Status', { years: [{ year: oldYear, areaUnlocked: foundFlags }] });
});

/** The old year and its minimal department chart (idempotent). */
async function setupOldYear() {
  const year = await rest('supervisor', 'POST', `FinancialYears?year=${oldYear}`);
  assert.equal(year.status, 200, JSON.stringify(year.json));
  assert.ok(year.json.years.includes(oldYear));
  const flags = (await rest('supervisor', 'GET', 'FinancialYears/Status')).json.years.find((y) => y.year === oldYear).areaUnlocked;
  foundFlags ??= flags;
  assert.deepEqual(flags, { 1: false, 2: false, 3: false }, 'the old year starts locked for every area');
  await ensureYearChart(await departmentId('101'), oldYear);
}

/** The years screen: ticks (or unticks) the department area of the old year with the mouse and saves. */
async function setUnlock(page, unlocked) {
  await page.goto(`${baseUrl}/dept/101/year/${currentYear}/years`);
  const box = page.getByTestId(`unlock-${oldYear}-3`);
  await box.waitFor();
  assert.equal(await box.isChecked(), !unlocked, 'starts from the other state');
  await box.click();
  assert.equal(await box.isChecked(), unlocked);
  await page.getByTestId('unlock-save').click();
  await page.waitForFunction(() => document.querySelector('[data-testid="unlock-save"]')?.hasAttribute('disabled'));
  // a reload shows the stored flag
  await page.reload();
  await page.getByTestId(`unlock-${oldYear}-3`).waitFor();
  assert.equal(await page.getByTestId(`unlock-${oldYear}-3`).isChecked(), unlocked, 'stored');
  assert.equal(await page.getByTestId(`unlock-${oldYear}-1`).isChecked(), false, 'the union area stays locked');
  assert.equal(await page.getByTestId(`unlock-${oldYear}-2`).isChecked(), false, 'the district area stays locked');
}

const runs = [
  {
    language: 'de',
    user: 'kassier',
    dept: '101',
    part: 'expenses',
    chapter: '21001',
    texts: {
      locked:
        'Haushaltsjahr gesperrt: Jahre vor dem Vorjahr sind abgeschlossen. Änderungen sind erst möglich, wenn der Landesverband das Jahr für den Bereich freigibt (Haushaltsjahre).',
    },
  },
  {
    language: 'it',
    user: 'zwei',
    dept: '102',
    part: 'revenues',
    chapter: '11001',
    texts: {
      locked:
        "Esercizio bloccato: gli esercizi anteriori all'anno precedente sono chiusi. Le modifiche sono possibili solo quando l'Unione sblocca l'esercizio per l'area (Esercizi finanziari).",
    },
  },
];

for (const { language, user, dept, part, chapter, texts } of runs) {
  describe(`year unlock in ${language} (${user}, ${dept}, ${oldYear})`, () => {
    test(`a past year is read-only until its area is unlocked (${language})`, async () => {
      await setupOldYear();
      const deptId = await departmentId(dept);
      const cashier = await newPage(browser());
      const union = await newPage(browser());
      const page = cashier.page;
      const admin = union.page;
      const name = (screen) => `year-lock-${screen}-${language}`;
      const base = `${baseUrl}/dept/${dept}/year/${oldYear}/budget/forecast/details`;
      const closedWarning = page.getByTestId('budget-closed-warning');

      // the scope status says the year is locked
      const status = await rest(user, 'GET', `Scopes/Status?departmentId=${deptId}&year=${oldYear}`);
      assert.equal(status.json.isYearLocked, true, JSON.stringify(status.json));

      await signInAndWait(page, user);
      await page.goto(base);
      await setLanguage(page, language);
      await closedWarning.waitFor();
      // the warning names the year lock (not a closed budget) and who lifts it
      assert.equal((await closedWarning.innerText()).trim(), texts.locked);
      assert.equal(await closedWarning.getAttribute('data-reason'), 'yearLocked');
      // the editors of both parts: the warning, no chapter to add, no amount field, no save
      for (const p of ['revenues', 'expenses']) {
        await page.goto(`${base}/${p}`);
        await page.getByTestId('forecast-positions').waitFor();
        await closedWarning.waitFor();
        assert.equal(await page.getByTestId('add-chapter-code').count(), 0, `${p}: no chapter to add`);
        assert.equal(await page.locator('[data-testid="forecast-positions"] input').count(), 0, `${p}: no input`);
        assert.equal(await page.getByTestId('editor-save').count(), 0, `${p}: no save button`);
        assert.equal(await page.getByTestId('editor-keys').count(), 0, `${p}: no keyboard hints on a read-only editor`);
        assert.equal((await closedWarning.innerText()).trim(), texts.locked);
      }
      await page.goto(`${base}/${part}`);
      await closedWarning.waitFor();
      await shot(page, name('forecast-locked'));
      // and the server refuses the write
      const refused = await rest(user, 'PUT', 'Budget/Forecast', {
        departmentId: deptId,
        year: oldYear,
        part: part === 'revenues' ? 1 : 2,
        positions: [{ chapter, amountCurrYear: 1 }],
      });
      assert.equal(refused.json.details?.Message, 'YearLocked', JSON.stringify(refused.json));

      // the union unlocks the department area of that year on the years screen
      await signInAndWait(admin, 'supervisor');
      await admin.goto(`${baseUrl}/dept/101/year/${currentYear}/years`);
      await setLanguage(admin, language);
      await setUnlock(admin, true);
      await shot(admin, name('years-unlocked'));

      // the cashier's editor is editable now: a chapter, an amount typed, Ctrl+Enter in the field
      await page.reload();
      await page.getByTestId('forecast-positions').waitFor();
      assert.equal(await closedWarning.count(), 0, 'no warning');
      await page.getByTestId('editor-keys').waitFor();
      await page.getByTestId('add-chapter-code').fill(chapter);
      const amount = page.getByTestId(`amount-${chapter}`);
      await amount.waitFor();
      await amount.click();
      await page.keyboard.press('Control+A');
      await page.keyboard.type('1.234,56');
      await page.keyboard.press('Control+Enter');
      await page.waitForURL((url) => url.pathname.endsWith('/budget/forecast/details'));
      await page.goto(`${base}/${part}`);
      await page.getByTestId('forecast-positions').waitFor();
      await page.locator(`input[data-testid="amount-${chapter}"]`).waitFor();
      // (the editor opens in its first field: a focused amount shows no grouping and no euro sign)
      assert.match(await amount.inputValue(), /^1\.?234,56( €)?$/);
      assert.equal((await page.getByTestId('total-current').innerText()).trim(), '1.234,56 €');

      // the unlock taken back: read-only again, the amount shown as a figure
      await setUnlock(admin, false);
      await page.reload();
      await closedWarning.waitFor();
      await page.getByTestId(`amount-${chapter}`).waitFor();
      assert.equal(await page.locator(`input[data-testid="amount-${chapter}"]`).count(), 0, 'no amount field');
      assert.equal((await amount.innerText()).trim(), '1.234,56 €');
      assert.equal(await page.getByTestId('add-chapter-code').count(), 0);
      assert.equal((await rest(user, 'GET', `Scopes/Status?departmentId=${deptId}&year=${oldYear}`)).json.isYearLocked, true);
      await shot(page, name('forecast-locked-again'));

      // leave both users German
      if (language !== 'de') {
        await backToGerman(page);
        await backToGerman(admin);
      }
      assertNoErrors(cashier.errors);
      assertNoErrors(union.errors);
      await cashier.context.close();
      await union.context.close();
    });
  });
}
