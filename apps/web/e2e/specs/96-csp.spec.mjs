/* global document, window */
/**
 * The built client under the server's Content-Security-Policy: sign-in, the shell, an editor screen
 * and a PDF print raise no CSP violation (the inline colour-scheme script is allowed by its hash,
 * Mantine's style tags by style-src), while an injected inline script is refused.
 */
import { describe, test } from 'node:test';
import { assert, assertNoErrors, baseUrl, currentYear, newPage, shot, signInAndWait, useBrowser } from '../lib.mjs';

const browser = useBrowser();

describe('content security policy', () => {
  test('the app runs without violations; an injected inline script is blocked', async () => {
    const { context, page, errors } = await newPage(browser(), { acceptDownloads: true });
    await context.addInitScript(() => {
      window.__csp = [];
      document.addEventListener('securitypolicyviolation', (e) => window.__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
    const response = await page.goto(`${baseUrl}/`);
    const csp = response?.headers()['content-security-policy'] ?? '';
    assert.match(csp, /frame-ancestors 'none'/);
    assert.match(csp, /script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
    assert.equal(response?.headers()['x-content-type-options'], 'nosniff');
    // the inline script of index.html ran (allowed by its hash)
    assert.equal(await page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme')), 'light');

    await signInAndWait(page, 'kassier');
    await page.goto(`${baseUrl}/dept/101/year/${currentYear}/budget/forecast/details`);
    await page.getByTestId('forecast-summary').waitFor();
    await page.getByTestId('language-switch').getByText('IT').click();
    await page.getByTestId('language-switch').getByText('DE').click();
    await page.goto(`${baseUrl}/dept/101/year/${currentYear}/budget/forecast/print`);
    await page.getByTestId('export-form').waitFor();
    const download = page.waitForEvent('download');
    await page.getByTestId('export-download').click();
    assert.match((await download).suggestedFilename(), /\.pdf$/);
    await shot(page, 'csp-forecast-print');
    // "PDF anzeigen": the tab opened on the click shows the blob: PDF under the inherited policy
    const popupErrors = [];
    const popup = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'PDF anzeigen' }).click();
    const tab = await popup;
    tab.on('console', (m) => m.type() === 'error' && popupErrors.push(m.text()));
    await tab.waitForURL(/^blob:/);
    await tab.waitForLoadState();
    assert.deepEqual(popupErrors, [], 'the PDF tab reports nothing');
    await tab.close();
    assert.deepEqual(await page.evaluate(() => window.__csp), [], 'no CSP violations');
    assertNoErrors(errors);

    // the policy is active: an inline script added at run time does not run
    const ran = await page.evaluate(async () => {
      const s = document.createElement('script');
      s.textContent = 'window.__injected = true;';
      document.body.appendChild(s);
      await new Promise((resolve) => setTimeout(resolve, 100));
      return window.__injected === true;
    });
    assert.equal(ran, false);
    assert.ok(
      (await page.evaluate(() => window.__csp)).some((v) => v.startsWith('script-src')),
      'the injected script is reported',
    );
    await context.close();
  });
});
