/* global document */
/**
 * Honest states (issue 8): an empty forecast shows neutral checks and a disabled "Genehmigen" whose
 * tooltip says why; an unbalanced forecast says by how much (German and Italian, light and dark);
 * after the union creates a new year, a cashier on a fresh browser still lands in the latest year
 * with a chart of accounts, the new year says it is not ready with a link back, and the chosen year
 * stays remembered per browser; the menu tags screens not built yet and disabled entries say why.
 *
 * The forecast part runs as supervisor on 202 (no other spec touches its current forecast); the
 * landing part creates a year after the latest existing one (other specs may have created one).
 */
import { describe, test } from 'node:test';
import {
  assert,
  assertNoErrors,
  baseUrl,
  chooseOption,
  currentYear,
  newPage,
  pathOf,
  selectOptions,
  setLanguage,
  setTheme,
  shot,
  signInAndWait,
  useBrowser,
} from '../lib.mjs';

const browser = useBrowser();
const prev = currentYear - 1;

/** The text of the tooltip shown while hovering `locator` (a screenshot with it when `shotName` is given). */
async function tooltipOf(page, locator, shotName) {
  await page.mouse.move(0, 0);
  await locator.hover();
  const tip = page.getByRole('tooltip');
  await tip.waitFor();
  const text = (await tip.innerText()).trim();
  if (shotName) await shot(page, shotName);
  await page.mouse.move(0, 0);
  await tip.waitFor({ state: 'hidden' });
  return text;
}

async function checkState(page, key) {
  return page.getByTestId(`check-${key}`).getAttribute('data-state');
}

async function checkText(page, key) {
  return (await page.getByTestId(`check-${key}-text`).innerText()).trim();
}

/** Adds a chapter by code in an open part editor, types the amount into its row and saves with Ctrl+Enter. */
async function addAmount(page, part, chapter, typed) {
  await page.getByTestId(`open-${part}`).click();
  await page.getByTestId('forecast-positions').waitFor();
  await page.getByTestId('add-chapter-code').click();
  await page.keyboard.type(chapter);
  const amount = page.getByTestId(`amount-${chapter}`);
  await amount.waitFor();
  await page.waitForFunction((id) => document.activeElement?.getAttribute('data-testid') === id, `amount-${chapter}`);
  await page.keyboard.type(typed);
  await page.keyboard.press('Control+Enter');
  await page.waitForURL((url) => url.pathname.endsWith('/budget/forecast/details'));
  await page.getByTestId('forecast-summary').waitFor();
}

describe('honest states', () => {
  test('forecast: neutral checks while empty, disabled approval with the reason, a failed check says by how much (de/it, light/dark)', async () => {
    const { context, page, errors } = await newPage(browser());
    const base = `${baseUrl}/dept/202/year/${currentYear}`;
    await signInAndWait(page, 'supervisor');
    await page.goto(`${base}/budget/forecast/details`);
    await setLanguage(page, 'de');
    await page.getByTestId('forecast-summary').waitFor();

    // empty: three neutral checks, no green tick
    await page.getByTestId('summary-empty').waitFor();
    for (const key of ['total', 'title1', 'title3']) {
      assert.equal(await checkState(page, key), 'neutral', `${key} neutral`);
      assert.equal(await checkText(page, key), 'keine Beträge');
    }
    assert.equal(await page.locator('[data-testid^="check-"][data-state="ok"]').count(), 0, 'no check shows as met');
    await shot(page, 'honest-summary-empty-de-light');
    await setTheme(page, 'dark');
    await setLanguage(page, 'it');
    await page.getByTestId('check-total-text').getByText('nessun importo').waitFor();
    await shot(page, 'honest-summary-empty-it-dark');
    await setTheme(page, 'light');
    await setLanguage(page, 'de');

    // approval: disabled, the tooltip says why
    await page.goto(`${base}/budget/forecast/approval`);
    await page.getByTestId('approval-save').waitFor();
    assert.equal(await page.getByTestId('approval-save').isDisabled(), true, 'empty forecast: Genehmigen disabled');
    assert.equal(
      await tooltipOf(page, page.getByTestId('approval-save-wrap'), 'honest-approval-empty-tooltip-de'),
      'Der Haushaltsvoranschlag enthält noch keine Beträge.',
    );
    await page.getByTestId('approval-empty').waitFor();
    assert.equal(await checkState(page, 'total'), 'neutral');
    await shot(page, 'honest-approval-empty-de');

    // revenues only: total fails the other way round, title 1 met
    await page.goto(`${base}/budget/forecast/details`);
    await page.getByTestId('forecast-summary').waitFor();
    await addAmount(page, 'revenues', '11001', '1234,56');
    await page.waitForFunction(() => document.querySelector('[data-testid="check-total"]')?.getAttribute('data-state') === 'failed');
    assert.equal(await checkText(page, 'total'), 'Einnahmen übersteigen Ausgaben um 1.234,56 €');
    assert.equal(await checkState(page, 'title1'), 'ok');
    assert.equal(await checkText(page, 'title1'), 'erfüllt');
    assert.equal(await checkState(page, 'title3'), 'ok');
    assert.equal(await page.getByTestId('summary-empty').count(), 0);

    // expenses of twice that in title 1: expenses exceed revenues by 1.234,56 € (total and title 1)
    await addAmount(page, 'expenses', '21001', '2469,12');
    await page.waitForFunction(() => document.querySelector('[data-testid="check-title1"]')?.getAttribute('data-state') === 'failed');
    assert.equal(await checkState(page, 'total'), 'failed');
    assert.equal(await checkText(page, 'total'), 'Ausgaben übersteigen Einnahmen um 1.234,56 €');
    assert.equal(await checkText(page, 'title1'), 'Ausgaben übersteigen Einnahmen um 1.234,56 €');
    assert.equal(await checkState(page, 'title3'), 'ok');
    // the figure agrees with the table's difference
    assert.equal((await page.getByTestId('summary-balance').innerText()).trim(), '-1.234,56 €');
    await page.reload();
    await page.getByTestId('forecast-summary').waitFor();
    assert.equal(await checkText(page, 'total'), 'Ausgaben übersteigen Einnahmen um 1.234,56 €', 'after reload');
    await shot(page, 'honest-summary-unbalanced-de-light');
    await setTheme(page, 'dark');
    await shot(page, 'honest-summary-unbalanced-de-dark');
    await setLanguage(page, 'it');
    await page.getByTestId('check-total-text').getByText('Le uscite superano le entrate di 1.234,56 €').waitFor();
    await shot(page, 'honest-summary-unbalanced-it-dark');
    await setTheme(page, 'light');
    await shot(page, 'honest-summary-unbalanced-it-light');

    // approval in Italian: disabled, the tooltip names the reason
    await page.goto(`${base}/budget/forecast/approval`);
    await page.getByTestId('approval-save').waitFor();
    assert.equal(await page.getByTestId('approval-save').isDisabled(), true, 'unbalanced: Genehmigen disabled');
    assert.equal(await tooltipOf(page, page.getByTestId('approval-save-wrap')), 'Il bilancio di previsione non è in pareggio e non può essere approvato.');
    assert.equal(await checkText(page, 'title1'), 'Le uscite superano le entrate di 1.234,56 €');
    await shot(page, 'honest-approval-unbalanced-it');
    await setLanguage(page, 'de');
    assertNoErrors(errors);
    await context.close();
  });

  test('a fresh browser after the union created a new year lands in the year with a chart; the new year says not ready; the chosen year stays remembered', async () => {
    // a fresh browser before: where the cashier lands today
    const first = await newPage(browser());
    await signInAndWait(first.page, 'kassier');
    await first.page.waitForURL(/\/dept\/101\/year\/\d{4}$/);
    const landed = Number(/year\/(\d{4})$/.exec(pathOf(first.page))?.[1]);
    assert.ok(landed >= currentYear, `landed in ${landed}`);
    await first.context.close();

    // the union creates the year after the latest one (no chart of accounts yet)
    const admin = await newPage(browser());
    await signInAndWait(admin.page, 'admin');
    await admin.page.goto(`${baseUrl}/dept/000/year/${currentYear}/years`);
    await admin.page.getByTestId('year-create').waitFor();
    const years = (await selectOptions(admin.page, 'year-picker')).map(Number);
    const newYear = Math.max(...years) + 1;
    await admin.page.locator('[name="year"]').click();
    await admin.page.keyboard.type(String(newYear));
    await admin.page.getByTestId('year-save').click();
    await admin.page.getByTestId(`year-row-${newYear}`).waitFor();
    await admin.context.close();

    // a fresh browser after: the same year as before, not the new empty one
    const { context, page, errors } = await newPage(browser());
    await signInAndWait(page, 'kassier');
    await page.waitForURL(/\/dept\/101\/year\/\d{4}$/);
    assert.equal(pathOf(page), `/dept/101/year/${landed}`, 'lands in the latest year with a chart');
    await setLanguage(page, 'de');
    assert.equal(await page.locator('[data-menu-key="budgetForecast"]').first().getAttribute('data-enabled'), 'true');
    assert.equal(await page.getByTestId('year-not-ready').count(), 0);
    assert.ok((await selectOptions(page, 'year-picker')).includes(String(newYear)), 'the new year is offered');

    // picking the new year: the home says it is not ready and links back; the menu says why
    await chooseOption(page, 'year-picker', String(newYear));
    await page.waitForURL(`**/dept/101/year/${newYear}`);
    const notice = page.getByTestId('year-not-ready');
    await notice.waitFor();
    assert.match(await notice.innerText(), new RegExp(`Haushaltsjahr ${newYear} noch nicht bereit`));
    assert.equal((await page.getByTestId('year-not-ready-link').innerText()).trim(), `Zum Haushaltsjahr ${landed} wechseln`);
    const forecastGroup = page.locator('[data-menu-key="budgetForecast"]').first();
    assert.equal(await forecastGroup.getAttribute('data-enabled'), 'false');
    assert.equal(await tooltipOf(page, page.locator('[data-menu-tip="budgetForecast"]')), 'Für dieses Haushaltsjahr gibt es noch keinen Kontenplan.');
    await shot(page, 'honest-year-not-ready-de');
    // a screen reached by address says the same, with the link
    await page.goto(`${baseUrl}/dept/101/year/${newYear}/budget/forecast/details`);
    await page.getByTestId('screen-disabled').getByTestId('year-not-ready').waitFor();
    await setLanguage(page, 'it');
    await page.getByTestId('year-not-ready').getByText(`Esercizio finanziario ${newYear} non ancora pronto`).waitFor();
    assert.equal((await page.getByTestId('year-not-ready-link').innerText()).trim(), `Passa all'esercizio finanziario ${landed}`);
    await shot(page, 'honest-year-not-ready-it');
    await setLanguage(page, 'de');
    // the link keeps the screen
    await page.getByTestId('year-not-ready-link').click();
    await page.waitForURL(`**/dept/101/year/${landed}/budget/forecast/details`);
    await page.getByTestId('forecast-summary').waitFor();

    // remembered per browser: the previous year (with a chart) wins at the next sign-in ...
    await chooseOption(page, 'year-picker', String(prev));
    await page.waitForURL(`**/dept/101/year/${prev}/budget/forecast/details`);
    await page.getByTestId('sign-out').click();
    await page.waitForURL(`${baseUrl}/`);
    await signInAndWait(page, 'kassier');
    await page.waitForURL(`**/dept/101/year/${prev}`);
    // ... a remembered year without a chart does not
    await chooseOption(page, 'year-picker', String(newYear));
    await page.getByTestId('year-not-ready').waitFor();
    await page.getByTestId('sign-out').click();
    await page.waitForURL(`${baseUrl}/`);
    await signInAndWait(page, 'kassier');
    await page.waitForURL(`**/dept/101/year/${landed}`);
    assert.equal(pathOf(page), `/dept/101/year/${landed}`);
    assertNoErrors(errors);
    await context.close();
  });

  test('menu: screens not built yet carry a tag and a tooltip; disabled entries say why on hover', async () => {
    const { context, page, errors } = await newPage(browser());
    await signInAndWait(page, 'kassier');
    await page.goto(`${baseUrl}/dept/101/year/${prev}`);
    await setLanguage(page, 'de');
    await page.getByTestId('side-menu').waitFor();

    // a built screen has no tag
    const details = page.locator('[data-menu-key="budgetForecast.details"]').first();
    if ((await details.count()) === 0 || !(await details.isVisible())) await page.locator('[data-menu-key="budgetForecast"]').first().click();
    await details.waitFor();
    assert.equal(await details.getAttribute('data-built'), 'true');
    assert.equal(await details.getByTestId('menu-not-built').count(), 0);

    // a screen not built yet (an enabled one in the approved previous year): open groups until one shows
    const unbuilt = page.locator('[data-testid="side-menu"] [data-leaf="true"][data-built="false"][data-enabled="true"]:visible').first();
    for (const group of ['management', 'residues', 'budgetFinal', 'budgetChanges', 'baseData', 'utilities']) {
      if ((await unbuilt.count()) > 0) break;
      const entry = page.locator(`[data-menu-key="${group}"]`).first();
      if ((await entry.getAttribute('data-expanded')) === null && (await entry.getAttribute('data-enabled')) === 'true') await entry.click();
      await page.waitForTimeout(300);
    }
    // groups have no screen of their own: no tag on them
    assert.equal(await page.locator('[data-testid="side-menu"] [data-menu-key]:not([data-leaf]) [data-testid="menu-not-built"]').count(), 0);
    if ((await unbuilt.count()) === 0) {
      // every screen of the menu is built (the online lists are panels, built too): no entry carries the tag
      assert.equal(await page.locator('[data-testid="side-menu"] [data-testid="menu-not-built"]').count(), 0);
      assert.equal(await page.locator('[data-testid="side-menu"] [data-leaf="true"][data-built="false"]').count(), 0);
    } else {
      const key = await unbuilt.getAttribute('data-menu-key');
      assert.equal((await unbuilt.getByTestId('menu-not-built').first().innerText()).trim(), 'geplant', `tag on ${key}`);
      assert.equal(
        await tooltipOf(page, page.locator(`[data-menu-tip="${key}"]`), 'honest-menu-not-built-tooltip-de'),
        'Dieser Bildschirm ist noch in Arbeit.',
      );
    }
    await shot(page, 'honest-menu-tags-de');

    // a disabled entry: the role matrix says why (Standard user, users screen)
    const utilities = page.locator('[data-menu-key="utilities"]').first();
    if ((await utilities.getAttribute('data-expanded')) === null) await utilities.click();
    const users = page.locator('[data-menu-key="utilities.users"]').first();
    await users.waitFor();
    assert.equal(await users.getAttribute('data-enabled'), 'false');
    assert.equal(await tooltipOf(page, page.locator('[data-menu-tip="utilities.users"]')), 'Für Ihre Benutzerrolle nicht freigegeben.');
    // the refused screen reached by address names the same reason
    await page.goto(`${baseUrl}/dept/101/year/${prev}/users`);
    assert.equal((await page.getByTestId('screen-disabled-reason').innerText()).trim(), 'Für Ihre Benutzerrolle nicht freigegeben.');

    // a forecast not approved: management says so (202, nobody approves it)
    await context.close();
    const sup = await newPage(browser());
    await signInAndWait(sup.page, 'supervisor');
    await sup.page.goto(`${baseUrl}/dept/202/year/${currentYear}`);
    await sup.page.getByTestId('side-menu').waitFor();
    await setLanguage(sup.page, 'de');
    assert.equal(await sup.page.locator('[data-menu-key="management"]').first().getAttribute('data-enabled'), 'false');
    assert.equal(await tooltipOf(sup.page, sup.page.locator('[data-menu-tip="management"]')), 'Erst nach der Genehmigung des Haushaltsvoranschlags.');
    await setLanguage(sup.page, 'it');
    assert.equal(
      await tooltipOf(sup.page, sup.page.locator('[data-menu-tip="management"]'), 'honest-menu-reason-it'),
      "Solo dopo l'approvazione del bilancio di previsione.",
    );
    await setLanguage(sup.page, 'de');
    assertNoErrors(errors);
    assertNoErrors(sup.errors);
    await sup.context.close();
  });
});
