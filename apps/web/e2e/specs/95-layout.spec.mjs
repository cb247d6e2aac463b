/* global document, window, getComputedStyle, PopStateEvent */
/**
 * Layout walker: every screen of the side menu (taken from the domain menu tree, so a new screen is
 * walked without touching this file), in German and Italian, at 1280 and 1440 pixels width. Fails on
 * clipped text — a header, button, label, table cell or menu entry (or a box inside one) whose content is wider
 * than the box (scrollWidth > clientWidth: cut, ellipsized or spilling over) — and on header cells of
 * one table whose contents overlap. Besides the lists it opens cheap editor states: the first row of a
 * master list and the forecast editors.
 */
import { describe, test } from 'node:test';
import { menuTree } from '../../../../packages/domain/src/menu.ts';
import { e2eEnv } from '../env.mjs';
import { assert, baseUrl, currentYear, newPage, shot, signInAndWait, useBrowser } from '../lib.mjs';

const browser = useBrowser();
const prev = currentYear - 1;
const widths = [1280, 1440];
const languages = ['de', 'it'];
/** E2E_LAYOUT_SHOTS=<regex of paths>: screenshots (1440 wide) of the matching screens and their first rows. */
const shots = e2eEnv.layoutShots ? new RegExp(e2eEnv.layoutShots) : null;
const shotName = (user, path, language, suffix = '') => `layout-${user}-${path.replace(/\//g, '-')}${suffix}-${language}`;

/** Leaf screens with a route: [key, path, year]; entries needing an approved budget open the approved previous year. */
function screens(entries = menuTree, approved = false) {
  return entries.flatMap((entry) => {
    const needsApproved = approved || (entry.needs ?? []).includes('approvedBudget');
    const own = entry.path ? [{ key: entry.key, path: entry.path, year: needsApproved ? prev : currentYear }] : [];
    return [...own, ...screens(entry.children ?? [], needsApproved)];
  });
}

/** Extra states reached from a screen (routes below a menu entry that the menu does not list). */
const subScreens = {
  'budgetForecast.details': ['budget/forecast/details/revenues', 'budget/forecast/details/expenses'],
};

/**
 * Client-side navigation (no reload: fast): a history entry plus popstate, which the router follows
 * like a forward step. Waits until the previous screen's title is gone.
 */
async function go(page, inflight, url) {
  const path = new URL(url).pathname;
  if (new URL(page.url()).pathname === path) return;
  const previous = await page.evaluate(() => {
    const el = document.querySelector('[data-testid="screen-title"], [data-testid="scope-title"]');
    window.__layoutPrevTitle = el;
    return el?.textContent ?? null;
  });
  await page.evaluate((to) => {
    const index = (window.history.state?.__TSR_index ?? 0) + 1;
    window.history.pushState({ __TSR_index: index, key: `layout${index}`, __TSR_key: `layout${index}` }, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, path);
  if (previous !== null) {
    await page
      .waitForFunction(
        (text) => {
          const el = document.querySelector('[data-testid="screen-title"], [data-testid="scope-title"], [data-testid="not-found"]');
          return el !== null && (el !== window.__layoutPrevTitle || el.textContent !== text);
        },
        previous,
        { timeout: 2_000, polling: 30 },
      )
      .catch(() => undefined);
  }
  await settle(page, inflight);
}

/** Waits until the screen has its title and no request or loader is pending. */
async function settle(page, inflight, { title = true } = {}) {
  if (title) await page.getByTestId('screen-title').or(page.getByTestId('scope-title')).or(page.getByTestId('not-found')).first().waitFor();
  const deadline = Date.now() + 8_000;
  let quietSince = Date.now();
  while (Date.now() < deadline) {
    const busy = inflight.size > 0 || (await page.locator('.mantine-Loader-root:visible, [data-loading="true"]:visible').count()) > 0;
    if (busy) quietSince = Date.now();
    else if (Date.now() - quietSince > 120) break;
    await page.waitForTimeout(40);
  }
  await page.evaluate(() => document.fonts.ready);
}

/** Clipped boxes and overlapping header cells of the page as it is shown now. */
function findFaults() {
  const faults = [];
  const visible = (el) => {
    if (el.closest('[data-layout-ignore], .mantine-Popover-dropdown, .mantine-Combobox-dropdown, [aria-hidden="true"]')) return false;
    const rects = el.getClientRects();
    if (rects.length === 0) return false;
    const style = getComputedStyle(el);
    return style.visibility !== 'hidden' && style.display !== 'none';
  };
  const textOf = (el) =>
    (el.innerText || el.getAttribute('aria-label') || el.getAttribute('title') || el.querySelector('input')?.value || '')
      .trim()
      .replace(/\s+/g, ' ')
      .slice(0, 60);
  // headers, buttons, labels and cells, and the entries of the side menu (labels and their badges)
  const roots = [...document.querySelectorAll('th, td, button, label, [role="columnheader"], .mantine-NavLink-root')];
  const seen = new Set();
  for (const root of roots) {
    if (!visible(root)) continue;
    // the cell/button itself and the boxes inside it that hide their overflow (button labels, ellipsis spans)
    const boxes = [root, ...root.querySelectorAll('*')].filter((el) => {
      if (el === root) return true;
      const style = getComputedStyle(el);
      return style.overflowX !== 'visible' || style.textOverflow === 'ellipsis';
    });
    for (const el of boxes) {
      if (seen.has(el) || el.clientWidth <= 2 || !visible(el)) continue;
      // inputs and scroll areas scroll by design; only text that is cut counts
      if (el.matches('input, textarea, select, .mantine-ScrollArea-viewport, [data-scroll]')) continue;
      if (el.scrollWidth > el.clientWidth + 1) {
        seen.add(el);
        faults.push(`clipped <${root.tagName.toLowerCase()}> "${textOf(root) || textOf(el)}" (${el.scrollWidth} > ${el.clientWidth})`);
      }
    }
  }
  // header cells of one table (or grid) must not overlap: compare the boxes of their contents
  const headerRows = [...document.querySelectorAll('thead tr, [role="row"]')].filter((row) => row.querySelector('th, [role="columnheader"]'));
  for (const row of headerRows) {
    if (!visible(row)) continue;
    const cells = [...row.querySelectorAll(':scope > th, :scope > [role="columnheader"]')].filter(visible);
    const boxes = cells.map((cell) => {
      const range = document.createRange();
      range.selectNodeContents(cell);
      const content = range.getBoundingClientRect();
      const own = cell.getBoundingClientRect();
      // the cell and whatever of its content spills out of it
      return {
        cell,
        left: Math.min(own.left, content.width > 0 ? content.left : own.left),
        right: Math.max(own.right, content.width > 0 ? content.right : own.right),
        top: own.top,
        bottom: own.bottom,
        contentLeft: content.left,
        contentRight: content.right,
        hasContent: content.width > 0,
      };
    });
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i];
        const b = boxes[j];
        if (!a.hasContent || !b.hasContent) continue;
        const horizontal = Math.min(a.contentRight, b.contentRight) - Math.max(a.contentLeft, b.contentLeft);
        const vertical = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
        if (horizontal > 0.5 && vertical > 0.5) faults.push(`overlapping header cells "${textOf(a.cell)}" / "${textOf(b.cell)}"`);
      }
    }
  }
  return [...new Set(faults)];
}

/**
 * Checks the page at both widths; `faults` collects each distinct fault once (`seen` keys it by
 * width and text, so the side menu or a repeated column is named at its first screen only).
 */
async function check(page, where, faults) {
  faults.seen ??= new Set();
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(30);
    const found = await page.evaluate(findFaults);
    for (const fault of found) {
      const key = `${where.split(' ')[0]} ${/\[\w+\]/.exec(where)?.[0]} @${width}: ${fault}`;
      if (faults.seen.has(key)) continue;
      faults.seen.add(key);
      faults.push(`${where} @${width}: ${fault}`);
    }
  }
}

async function setLanguage(page, language) {
  // a row's detail opened by openFirstRow (the Änderungsprotokoll's is a dialog, not an editor) lies over the top bar
  const dialog = page.getByRole('dialog');
  if (await dialog.count()) {
    await page.keyboard.press('Escape');
    await dialog.first().waitFor({ state: 'detached' });
  }
  const current = await page.getByTestId('language-switch').locator('input:checked').getAttribute('value');
  if (current === language) return;
  await Promise.all([
    page.waitForResponse((r) => r.url().includes('auth.setLanguage')),
    page.getByTestId('language-switch').getByText(language.toUpperCase()).click(),
  ]);
}

/** Opens the first row of a master list (its editor) when the screen has one. */
async function openFirstRow(page, inflight) {
  const row = page.locator('[data-testid="data-row"]:visible').first();
  if ((await row.count()) === 0) return false;
  const before = page.url();
  await row.click();
  const opened = await page
    .getByTestId('editor')
    .first()
    .waitFor({ timeout: 1_500 })
    .then(() => true)
    .catch(() => page.url() !== before);
  if (opened) await settle(page, inflight, { title: false });
  return opened;
}

async function walk(user, dept, { only } = {}) {
  const { context, page } = await newPage(browser(), { viewport: { width: 1280, height: 900 } });
  const inflight = new Set();
  page.on('request', (r) => inflight.add(r));
  page.on('requestfinished', (r) => inflight.delete(r));
  page.on('requestfailed', (r) => inflight.delete(r));
  const faults = [];
  await signInAndWait(page, user);
  const list = screens().filter((s) => !only || only(s));
  for (const language of languages) {
    await page.goto(`${baseUrl}/dept/${dept}/year/${currentYear}`);
    await page.getByTestId('language-switch').waitFor();
    await setLanguage(page, language);
    for (const year of [currentYear, prev]) {
      await go(page, inflight, `${baseUrl}/dept/${dept}/year/${year}`);
      await check(page, `${user} home ${year} [${language}]`, faults);
    }
    for (const screen of list) {
      const base = `${baseUrl}/dept/${dept}/year/${screen.year}`;
      await go(page, inflight, `${base}/${screen.path}`);
      if ((await page.getByTestId('screen-disabled').count()) > 0 || (await page.getByTestId('screen-not-available').count()) > 0) continue;
      const where = `${user} ${screen.path} ${screen.year} [${language}]`;
      // the walk really shows this screen: its menu entry is the current one
      const current = page.locator(`[data-menu-key="${screen.key}"]:is([aria-current="page"], [data-active])`);
      if ((await current.count()) === 0) faults.push(`${where}: did not open (its menu entry is not the current one)`);
      if (e2eEnv.layoutTrace) console.log(where);
      const wanted = shots?.test(screen.path) ?? false;
      await check(page, where, faults);
      if (wanted) await shot(page, shotName(user, screen.path, language));
      if (await openFirstRow(page, inflight)) {
        await check(page, `${where} first row`, faults);
        if (wanted) await shot(page, shotName(user, screen.path, language, '-row'), { fullPage: true });
      }
      for (const sub of subScreens[screen.key] ?? []) {
        await go(page, inflight, `${base}/${sub}`);
        await check(page, `${user} ${sub} ${screen.year} [${language}]`, faults);
        if (shots?.test(sub)) await shot(page, shotName(user, sub, language));
      }
    }
  }
  // leave the user in German (the language is stored per user; other specs expect German)
  await setLanguage(page, 'de');
  await context.close();
  return faults;
}

describe('layout: no clipped text, no overlapping headers', { concurrency: 2 }, () => {
  test('the check finds clipped text and overlapping header cells', async () => {
    const { context, page } = await newPage(browser(), { viewport: { width: 1280, height: 900 } });
    await page.setContent(`
      <table style="table-layout: fixed; width: 300px"><thead><tr>
        <th style="width: 60px; white-space: nowrap">Erinnerung</th><th style="width: 60px; white-space: nowrap">Anmerkungen</th><th>Fine</th>
      </tr></thead><tbody><tr>
        <td style="white-space: nowrap; overflow: hidden; text-overflow: ellipsis; max-width: 60px">05856 116010000</td><td>ok</td><td>ok</td>
      </tr></tbody></table>
      <button style="width: 80px; white-space: nowrap; overflow: hidden">Weiter zu den Positionen</button>
      <button>OK</button>`);
    const found = await page.evaluate(findFaults);
    assert.ok(
      found.some((f) => f.startsWith('overlapping header cells "Erinnerung" / "Anmerkungen"')),
      found.join('\n'),
    );
    assert.ok(
      found.some((f) => f.startsWith('clipped <td> "05856 116010000"')),
      found.join('\n'),
    );
    assert.ok(
      found.some((f) => f.startsWith('clipped <button> "Weiter zu den Positionen"')),
      found.join('\n'),
    );
    assert.ok(!found.some((f) => f.includes('"OK"') || f.includes('"Fine"') || f.includes('"ok"')), found.join('\n'));
    await context.close();
  });

  test('supervisor: every screen, de/it, 1280/1440', async () => {
    const faults = await walk('supervisor', '101');
    assert.deepEqual([...faults], [], `\n${faults.join('\n')}`);
  });

  // the kassier's own views: the scope home of a one-department user and the screens of his scope
  // that differ from the supervisor's (forecast with its editors, changes, department users)
  test('kassier: scope home and scope screens, de/it, 1280/1440', async () => {
    const faults = await walk('kassier', '101', { only: (s) => /^budget\/(forecast\/details|changes\/edit)$|^departmentUsers$/.test(s.path) });
    assert.deepEqual([...faults], [], `\n${faults.join('\n')}`);
  });
});
