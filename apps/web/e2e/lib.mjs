/* global document */
/** Shared helpers for the e2e specs (playwright-core driving Debian's chromium). */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before } from 'node:test';
import { chromium } from 'playwright-core';
import { e2eEnv } from './env.mjs';
import { rest } from './rest.mjs';

export { rest, restAt } from './rest.mjs';
export { answerFocused, enterOnQuestion, saveRecordPassingQuestion } from './questions.mjs';
export { assertPrintHolds, printedChapter } from './prints.mjs';

export const baseUrl = e2eEnv.baseUrl;
const screenshotDir = e2eEnv.screenshotDir;
export const currentYear = new Date().getFullYear();
export const PASSWORD = 'demo';

/** The demo users who sign in to the specs (gesperrt is locked). */
const DEMO_USERS = ['supervisor', 'admin', 'kassier', 'zwei', 'revisor'];

/**
 * Every demo user back to German (the language is kept per user on the server): each spec file starts
 * from the same state whichever spec ran before it on its server (run.mjs runs the specs in shards).
 * A user whose password a spec changed and did not change back is left as is.
 */
export async function resetLanguages() {
  for (const username of DEMO_USERS) {
    const login = await fetch(`${baseUrl}/trpc/auth.login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password: PASSWORD, remember: false }),
    });
    if (!login.ok) continue;
    const token = (await login.json()).result.data.token;
    const set = await fetch(`${baseUrl}/trpc/auth.setLanguage`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ language: 'de' }),
    });
    assert.ok(set.ok, `language of ${username} reset: ${set.status}`);
    await fetch(`${baseUrl}/trpc/auth.logout`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
  }
}

/** One browser per spec file (every demo user in German at its start); call at the top level of a spec. Returns a getter. */
export function useBrowser() {
  let browser;
  before(async () => {
    await resetLanguages();
    browser = await chromium.launch({
      executablePath: e2eEnv.chromiumPath,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic'],
    });
  });
  after(async () => {
    await browser?.close();
  });
  return () => browser;
}

/** A fresh context (own storage) and page; console errors are collected (favicon 404 ignored). */
export async function newPage(browser, options = {}) {
  // reduced motion: Mantine's transitions off (theme respectReducedMotion), no waiting for fades
  const context = await browser.newContext({ viewport: { width: 1366, height: 820 }, locale: 'de-DE', reducedMotion: 'reduce', ...options });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const text = message.text();
    if (/favicon|Failed to load resource/i.test(text)) return;
    errors.push(text);
  });
  page.setDefaultTimeout(15_000);
  return { context, page, errors };
}

export async function openSignIn(page, base = baseUrl) {
  await page.goto(`${base}/`);
  await page.locator('input[name="username"]').waitFor();
}

/** Fills and submits the sign-in form (Enter in the password field) of the runner's server or of `base`. */
export async function signIn(page, username, { password = PASSWORD, remember = false, base = baseUrl } = {}) {
  await openSignIn(page, base);
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(password);
  if (remember) await page.getByRole('checkbox').check();
  await page.locator('input[name="password"]').press('Enter');
}

/** Signs in and waits until the app leaves `/`. */
export async function signInAndWait(page, username, options) {
  await signIn(page, username, options);
  await page.waitForURL((url) => url.pathname !== '/');
}

export function pathOf(page) {
  return new URL(page.url()).pathname;
}

export async function shot(page, name, { fullPage = false } = {}) {
  // finished CSS transitions and animations instead of a fixed pause (256 screenshots a run)
  await page.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage, animations: 'disabled' });
}

/** Opens the menu groups on the way to an entry (by keys) and returns the entry's locator. */
export async function menuEntry(page, ...keys) {
  for (const key of keys.slice(0, -1)) {
    const group = page.locator(`[data-menu-key="${key}"]`).first();
    await group.waitFor();
    // after a language switch or a scope change the menu's status reloads: a group is briefly disabled
    await page
      .waitForFunction((k) => document.querySelector(`[data-menu-key="${k}"]`)?.getAttribute('data-enabled') === 'true', key, { timeout: 5_000 })
      .catch(() => undefined);
    const expanded = await group.getAttribute('data-expanded');
    if (expanded === null && (await group.getAttribute('data-enabled')) === 'true') {
      await group.click();
      await page
        .waitForFunction((k) => document.querySelector(`[data-menu-key="${k}"]`)?.hasAttribute('data-expanded'), key, { timeout: 5_000 })
        .catch(() => undefined);
    }
  }
  const entry = page.locator(`[data-menu-key="${keys.at(-1)}"]`).first();
  await entry.waitFor();
  return entry;
}

export async function isEnabled(locator) {
  return (await locator.getAttribute('data-enabled')) === 'true';
}

/** The options shown by a Mantine Select (opens and closes it). */
export async function selectOptions(page, testId) {
  await page.getByTestId(testId).click();
  const listbox = page.getByRole('listbox');
  await listbox.waitFor();
  const options = await listbox.getByRole('option').allInnerTexts();
  await page.keyboard.press('Escape');
  return options.map((s) => s.trim());
}

export async function chooseOption(page, testId, text) {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: text }).first().click();
}

export function assertNoErrors(errors) {
  assert.deepEqual(errors, [], `console errors: ${errors.join('\n')}`);
}

export { assert };

/** Waits until a DataTable shows `count` rows (the previous page stays while the next loads). */
export async function waitForRows(page, count, testId) {
  const scope = testId ? page.getByTestId(testId) : page;
  const deadline = Date.now() + 10_000;
  let n = -1;
  while (Date.now() < deadline) {
    n = await scope.getByTestId('data-row').count();
    if (n === count) return;
    await page.waitForTimeout(100);
  }
  assert.equal(n, count, `rows shown`);
}

/** `1.234,56 €` -> 123456 */
export function cents(text) {
  const clean = text.replace(/[^\d,-]/g, '');
  const [int, dec = '0'] = clean.split(',');
  const sign = int.startsWith('-') ? -1 : 1;
  return sign * (Math.abs(Number(int)) * 100 + Number(dec.padEnd(2, '0')));
}

/** Waits until the element (text or input) shows `want` cents, e.g. `1.234,56 €` (figures refetch after a save). */
export async function waitCents(page, testId, want) {
  await page.waitForFunction(
    ([id, text]) => {
      const el = globalThis.document.querySelector(`[data-testid="${id}"]`);
      const shown = el?.tagName === 'INPUT' ? el.value : el?.textContent;
      return shown?.replace(/[^\d,-]/g, '') === text;
    },
    [testId, (want / 100).toFixed(2).replace('.', ',')],
  );
}

/** 123456 -> `1234,56` (what a cashier types) */
export function typed(c) {
  return `${Math.floor(c / 100)},${String(c % 100).padStart(2, '0')}`;
}

/** Clicks the screen's download button; the CSV's file name and lines (without BOM). */
export async function downloadCsv(page) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-download').click()]);
  const text = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '').trim();
  return { name: download.suggestedFilename(), lines: text.split('\r\n') };
}

/** Switches the language in the top bar and waits until the switch shows it. */
export async function setLanguage(page, language) {
  await page.getByTestId('language-switch').getByText(language.toUpperCase()).click();
  await page.waitForFunction(
    (lang) => globalThis.document.querySelector('[data-testid="language-switch"] input:checked')?.getAttribute('value') === lang,
    language,
  );
}

/**
 * The page in `language`: the language is kept per user and an earlier spec may have left it in the
 * other one, so it is switched only when needed, and the spec goes on once the server stored it.
 */
export async function useLanguage(page, language) {
  if ((await page.getByTestId('language-switch').locator('input:checked').getAttribute('value')) === language) return;
  const stored = page.waitForResponse((res) => res.url().includes('auth.setLanguage'));
  await setLanguage(page, language);
  assert.ok((await stored).ok(), `language ${language} stored`);
}

/**
 * A fresh page signed in as `user` on `url`, once the element `ready` (a test id) shows, in `language`
 * (useLanguage). `base`: a spec's own server to sign in to; `clock`: the browser's day starts at this
 * Date and runs on (Playwright's clock), for a server under faketime. The other `options` go to the browser
 * context (e.g. `acceptDownloads`). Answers newPage's `{ context, page, errors }`.
 */
export async function openAs(browser, user, url, { ready, language = 'de', base = baseUrl, clock, ...options }) {
  const opened = await newPage(browser, options);
  if (clock) await opened.context.clock.install({ time: clock });
  await signInAndWait(opened.page, user, { base });
  await opened.page.goto(url);
  await opened.page.getByTestId(ready).waitFor();
  await useLanguage(opened.page, language);
  return opened;
}

/** Back to German for the other specs: the language is kept per user, so wait until the server stored it. */
export async function backToGerman(page) {
  const stored = page.waitForResponse((res) => res.url().includes('auth.setLanguage') && res.ok());
  await page.getByTestId('language-switch').getByText('DE').click();
  await stored;
  await page.getByRole('button', { name: 'Abmelden' }).waitFor();
}

/** Switches to the light or dark theme and moves the mouse away (no tooltip of the toggle in screenshots). */
export async function setTheme(page, scheme) {
  const current = await page.evaluate(() => globalThis.document.documentElement.getAttribute('data-mantine-color-scheme'));
  if (current !== scheme) await page.getByTestId('theme-toggle').click();
  await page.waitForFunction((s) => globalThis.document.documentElement.getAttribute('data-mantine-color-scheme') === s, scheme);
  await page.mouse.move(700, 700);
  await page.getByRole('tooltip').waitFor({ state: 'hidden' });
}

/** The cells' texts of a table's rows (DataTable's data-row), row by row. */
export async function tableRows(page, testId) {
  return page
    .getByTestId(testId)
    .getByTestId('data-row')
    .evaluateAll((rows) => rows.map((r) => Array.from(r.querySelectorAll('td')).map((td) => td.textContent.trim())));
}

/** Waits until the field with the test id has the focus (15 s like the other waits: a page that loads on a busy machine focuses late). */
export async function waitFocused(page, testId) {
  await page.waitForFunction((id) => document.activeElement?.getAttribute('data-testid') === id, testId, { timeout: 15000 });
}

/** A person's click into a field (the button held a moment), then the typing (replacing what it held). */
export async function typeInto(page, testId, text) {
  await page.getByTestId(testId).click({ delay: 80 });
  await waitFocused(page, testId);
  await page.keyboard.press('Control+A');
  await page.keyboard.type(text, { delay: 15 });
}

/** The amount an element shows, in cents. */
export async function amountOf(page, testId) {
  return cents(await page.getByTestId(testId).innerText());
}

/** The amount an input holds, in cents. */
export async function inputAmount(page, testId) {
  return cents(await page.getByTestId(testId).inputValue());
}

/** The id of a department by its code (as the supervisor sees the scopes). */
export async function departmentIdOf(code) {
  const scopes = await rest('supervisor', 'GET', 'Scopes');
  return scopes.json.departments.find((d) => d.code === code).id;
}

/** The text of a PDF file (poppler's pdftotext, layout kept); any message of pdftotext fails. */
export function pdfFileText(file) {
  const run = spawnSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  if (run.error) throw run.error;
  const complaints = run.stderr.split('\n').filter((l) => l.trim() !== '');
  if (run.status !== 0 || complaints.length > 0) throw new Error(`pdftotext ${file}: ${complaints.join('; ') || `exit ${run.status}`}`);
  return run.stdout;
}

/** The text of a downloaded PDF (pdfFileText). */
export async function pdfText(download, name) {
  const file = join(tmpdir(), `${name}-${Date.now()}.pdf`);
  await download.saveAs(file);
  return pdfFileText(file);
}

/**
 * A minimal department chart (area 3) for `year` over REST as supervisor, unless the year already has
 * titles: title 1 and category `01` in part 1 and in part 2, chapters 11001 (revenue) and 21001 (expense).
 * `departmentId` is any department of area 3 (the scope of the calls).
 */
export async function ensureYearChart(departmentId, year) {
  const scope = `departmentId=${departmentId}&year=${year}`;
  const titles = await rest('supervisor', 'GET', `ChartOfAccounts/Titles?${scope}`);
  if (titles.json.total > 0) return;
  for (const part of [1, 2]) {
    const title = await rest('supervisor', 'POST', `ChartOfAccounts/Titles?${scope}`, {
      part,
      title: 1,
      descriptionDeu: part === 1 ? 'Laufende Einnahmen' : 'Laufende Ausgaben',
      descriptionIta: part === 1 ? 'Entrate correnti' : 'Spese correnti',
    });
    assert.equal(title.status, 200, JSON.stringify(title.json));
    const category = await rest('supervisor', 'POST', `ChartOfAccounts/Categories?${scope}`, {
      part,
      category: '01',
      descriptionDeu: part === 1 ? 'Beiträge' : 'Ausrüstung',
      descriptionIta: part === 1 ? 'Contributi' : 'Attrezzatura',
    });
    assert.equal(category.status, 200, JSON.stringify(category.json));
    const chapter = await rest('supervisor', 'POST', `ChartOfAccounts/Chapters?${scope}`, {
      part,
      title: 1,
      chapterShort: '1',
      categoryId: category.json.id,
      searchKeyDeu: part === 1 ? 'GEMEINDE' : 'GERAETE',
      searchKeyIta: part === 1 ? 'COMUNE' : 'ATTREZZI',
      descriptionDeu: part === 1 ? 'Beitrag der Gemeinde' : 'Geräte und Werkzeug',
      descriptionIta: part === 1 ? 'Contributo del comune' : 'Attrezzi e utensili',
    });
    assert.equal(chapter.status, 200, JSON.stringify(chapter.json));
    assert.equal(chapter.json.chapter, `${part}1001`);
  }
}

/** Today as `YYYY-MM-DD` (local date). */
export function isoToday() {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/**
 * A forecast of `year` approved today for the department, as `user` (the year's booking, payment and
 * carry-over screens need an approved budget): `revenues` and `expenses` are the positions of parts 1
 * and 2 (`{ chapter, amountCurrYear }`, euros; they replace what an earlier spec typed), by default
 * 100,00 on 11002 and on 21003. An earlier spec may have approved the year already: left as it is.
 */
export async function approveForecast(departmentId, year, { user = 'supervisor', revenues, expenses } = {}) {
  const scope = `departmentId=${departmentId}&year=${year}`;
  const parts = [
    [1, revenues ?? [{ chapter: '11002', amountCurrYear: 100 }]],
    [2, expenses ?? [{ chapter: '21003', amountCurrYear: 100 }]],
  ];
  for (const [part, positions] of parts) await rest(user, 'PUT', `Budget/Forecast?${scope}&part=${part}`, { positions });
  const approved = await rest(user, 'GET', `Budget/Forecast/Approve?${scope}&approval=${isoToday()}`);
  assert.ok(approved.status === 200 || approved.json.details?.Message === 'BudgetAlreadyApproved', JSON.stringify(approved.json));
}

/** A domestic bank order needs the department's CBI CUC (the demo data carries one, `demoCbiCuc`): set over REST as the supervisor, to a value the spec knows. */
export async function setCbiCuc(departmentId, cbiCuc = 'C1D2E3F4') {
  const patched = await rest('supervisor', 'PATCH', `Departments/${departmentId}?departmentId=${departmentId}`, { cbiCuc });
  assert.equal(patched.status, 200, JSON.stringify(patched.json));
}

/**
 * Open bills (type 2, one instalment) of a supplier (default 1001) on chapter 2-1-003, paid from the bank
 * account B1, dated today in `year`, booked over REST as zwei even where the year's small forecast doesn't
 * cover them: `bills` are `{ amount (euros), documentNumber, supplier? (code) }`. Answers each saved
 * movement (recordNumber, id, payments) in order.
 */
export async function bookOpenBills(departmentId, year, bills) {
  const accounts = await rest('zwei', 'GET', `Accounts/briefs?departmentId=${departmentId}`);
  const supplierIds = new Map();
  const supplierId = async (code) => {
    if (!supplierIds.has(code)) {
      const found = await rest('zwei', 'GET', `Suppliers?departmentId=${departmentId}&search=${code}`);
      supplierIds.set(code, found.json.entities?.find((e) => e.code === code)?.id ?? found.json.entities?.[0]?.id);
    }
    return supplierIds.get(code);
  };
  const saved = [];
  for (const { amount, documentNumber, supplier = 1001 } of bills) {
    const bill = await rest('zwei', 'POST', 'Movements', {
      departmentId,
      year,
      type: 2,
      recordDate: isoToday(),
      documentDate: isoToday(),
      documentNumber,
      accountId: accounts.json.find((a) => a.code === 'B1')?.id,
      supplierId: await supplierId(supplier),
      positions: [{ chapter: '21003', amount }],
      confirmAvailableExceeded: true,
    });
    assert.equal(bill.status, 200, JSON.stringify(bill.json));
    saved.push(bill.json);
  }
  return saved;
}

/** The unlock flags of `year` (as the supervisor): `set(unlocked)` for the departments (area 3), the other areas as found; `restore()` puts back those found. */
export function yearUnlock(year) {
  let found = null;
  const put = async (areaUnlocked) => assert.equal((await rest('supervisor', 'PUT', 'FinancialYears/Status', { years: [{ year, areaUnlocked }] })).status, 200);
  return {
    set: async (unlocked) => {
      found ??= (await rest('supervisor', 'GET', 'FinancialYears/Status')).json.years.find((y) => y.year === year).areaUnlocked;
      await put({ ...found, 3: unlocked });
    },
    restore: async () => found && put(found),
  };
}
