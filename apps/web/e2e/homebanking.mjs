/**
 * The homebanking steps the payment specs share (90-payments, 68-living-demo): the bank file checked against
 * the official schema (xmllint), Export with the store question, the account B1 chosen, the stored order's
 * number, the payables row of an amount, and the text of the PDF a screen opens in a new tab.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { assert, pdfFileText, shot, typeInto } from './lib.mjs';

const xsdDir = new URL('../../../packages/reports/test/xsd/', import.meta.url);
const tmp = mkdtempSync(join(tmpdir(), 'e2e-payments-'));

/** The bank file validates against the official schema (xmllint, as the bank-file unit tests). */
export function assertValid(content, name, xsd) {
  const file = join(tmp, name);
  writeFileSync(file, content);
  try {
    execFileSync('xmllint', ['--noout', '--schema', new URL(xsd, xsdDir).pathname, file], { encoding: 'utf8', stdio: 'pipe' });
  } catch (error) {
    assert.fail(`${name} is not valid against ${xsd}: ${error.stderr}`);
  }
}

/**
 * Clicks Export and, for a new order, answers the store question with the button `answer` (after a
 * screenshot `shotName`): the file comes only after the answer (issue 25). Its name and text.
 */
export async function exportXml(page, language, answer, shotName) {
  const download = page.waitForEvent('download').catch(async (error) => {
    await shot(page, `payments-homebanking-export-failed-${language}`);
    throw error;
  });
  await page.getByTestId('homebanking-export').click();
  if (answer) {
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    if (shotName) await shot(page, shotName);
    await dialog.getByRole('button', { name: answer, exact: true }).click();
  }
  const xml = await download;
  return { name: xml.suggestedFilename(), content: await readFile(await xml.path(), 'utf8') };
}

/** Picks the bank account B1 in the criteria (kept after an order is stored: choosing it again would clear it). */
export async function chooseAccount(page) {
  if ((await page.getByTestId('homebanking-filter-account').inputValue()).startsWith('B1 ')) return;
  await typeInto(page, 'homebanking-filter-account', 'B1');
  await page.getByRole('option', { name: /^B1 – / }).waitFor();
  await page.keyboard.press('Enter');
}

/** The payables row of the instalment with this amount (cents). */
export function rowOf(table, amount) {
  return table.locator('[data-testid="homebanking-payables-row"][data-payable="true"]', {
    has: table.page().locator('td:last-child', { hasText: new RegExp(`^${(amount / 100).toFixed(2).replace('.', ',')}\\s`) }),
  });
}

/** The number of the order just stored (answered "Speichern" in exportXml), from the toast. */
export async function storedNumber(page, t) {
  const toast = page.getByText(t.stored).first();
  await toast.waitFor();
  const number = Number(t.stored.exec(await toast.innerText())?.[1]);
  assert.ok(number > 0);
  await page.getByTestId('homebanking-filter').waitFor();
  return number;
}

/** Keeps the last Blob the page turns into a URL (the PDF shown in a new tab), for pdfTextOf. */
export async function keepBlobs(page) {
  await page.evaluate(() => {
    const create = URL.createObjectURL.bind(URL);
    URL.createObjectURL = (blob) => {
      globalThis.__lastBlob = blob;
      return create(blob);
    };
  });
}

/** The text (pdftotext) of the last Blob the page showed (keepBlobs): it must be a PDF. */
export async function pdfTextOf(page, name) {
  const base64 = await page.evaluate(async () => {
    const bytes = new Uint8Array(await globalThis.__lastBlob.arrayBuffer());
    let binary = '';
    for (const byte of bytes) binary += String.fromCharCode(byte);
    return btoa(binary);
  });
  const bytes = Buffer.from(base64, 'base64');
  assert.equal(bytes.subarray(0, 5).toString(), '%PDF-');
  const file = join(tmp, name);
  writeFileSync(file, bytes);
  return pdfFileText(file);
}
