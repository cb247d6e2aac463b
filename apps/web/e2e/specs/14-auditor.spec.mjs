/**
 * The auditor (Revisor / Revisore, issue 27), in German and Italian: `revisor` (linked to 101 and 102)
 * opens expense record 1 of 101 in the previous demo year (approved and open: a Standard user could
 * change it) by its address:
 * - the read-only note stands above the screen, the record's fields are disabled and there is no
 *   "Als neue Buchung";
 * - Ctrl+Enter on the page and in the record's form sends no save and writes nothing (the audit
 *   trail as the supervisor reads it keeps its length);
 * - the menu shows no entry that writes (users, years, chart copy, the forecast approval, bank
 *   import, templates, payment runs) while its lists and prints (the audit pack too) are there;
 * - the availabilities print opens from the menu and downloads its PDF;
 * - reservations and account transfers opened without a record show the latest one (its number in the address),
 *   with no "new" button; budget changes (none in the demo) show the note instead of the form for a new one.
 * Screenshots of the record and of the menu.
 */
import { describe, test } from 'node:test';
import { assert, assertNoErrors, baseUrl, currentYear, menuEntry, openAs, pdfText, rest, shot, useBrowser } from '../lib.mjs';

const browser = useBrowser();
const year = currentYear - 1;
const base = `${baseUrl}/dept/101/year/${year}`;

const texts = {
  de: {
    note: 'Nur Lesezugriff (Revisor): Sie können alles lesen und drucken, aber nichts speichern.',
    availabilities: `Verfügbarkeiten ${year}`,
    reservation: 'Vormerkung Nr.',
    transfer: 'Kontoübertrag Nr.',
    noChanges: `Noch keine Haushaltsänderungen in ${year}.`,
  },
  it: {
    note: 'Sola lettura (revisore): può leggere e stampare tutto, ma non salvare nulla.',
    availabilities: `Disponibilità ${year}`,
    reservation: 'Prenotazione n.',
    transfer: 'Trasferimento tra conti n.',
    noChanges: `Ancora nessuna variazione di bilancio nel ${year}.`,
  },
};

/** The record screen opened without a record: the address gets the latest record's number, the screen shows it. */
async function opensLatest(page, path, recordTestId, title) {
  await page.goto(`${base}/${path}`);
  await page.waitForURL((url) => url.pathname.endsWith(path) && /^\?nr=\d+$/.test(url.search));
  const nr = new URL(page.url()).searchParams.get('nr');
  await page.getByTestId(recordTestId).getByText(`${title} ${nr}`).waitFor();
  return Number(nr);
}

/** The menu entries that write: none of them is shown to the auditor (domain menuTree `writes`). */
const writeEntries = [
  'utilities.users',
  'utilities.userDepartments',
  'utilities.years',
  'utilities.chartCopy',
  'utilities.chartUnlock',
  'utilities.movementTemplates',
  'budgetForecast.approval',
  'budgetFinal.approve',
  'residues.carryOver',
  'baseData.banks.import',
  'baseData.departments.edit',
  'baseData.chartOfAccounts.titles',
];

/** The length of the audit trail (every save appends a row). */
async function trailLength() {
  const trail = await rest('supervisor', 'GET', 'Audit?pageSize=1');
  assert.equal(trail.status, 200, JSON.stringify(trail.json));
  return trail.json.total;
}

for (const language of ['de', 'it']) {
  const t = texts[language];
  describe(`the auditor reads only (${language})`, () => {
    test('a record opens read-only with the note, Ctrl+Enter saves nothing, the menu has no write entry, a printed list gives its PDF', async () => {
      const { page, errors } = await openAs(browser(), 'revisor', `${base}/movements/expenses?nr=1`, {
        ready: 'movement-head-form',
        language,
        acceptDownloads: true,
      });
      await page.getByTestId('read-only-note').getByText(t.note).waitFor();
      const documentNumber = page.getByTestId('movement-document-number');
      await documentNumber.waitFor();
      assert.ok(await documentNumber.isDisabled(), 'the record’s fields are disabled');
      assert.equal(await page.getByTestId('movement-as-new').count(), 0, 'no "as new record"');
      assert.equal(await page.getByTestId('movement-new').count(), 0, 'no "new record"');

      // Ctrl+Enter in a field and on the page: no save is sent, nothing is written
      const saves = [];
      page.on('request', (request) => {
        if (/\/trpc\/movements\.(save|delete)/.test(request.url())) saves.push(request.url());
      });
      const before = await trailLength();
      await page.getByTestId('movement-record').click();
      await page.keyboard.press('Control+Enter');
      await page.getByTestId('movement-head-form').click({ position: { x: 5, y: 5 } });
      await page.keyboard.press('Control+Enter');
      await page.waitForTimeout(300);
      assert.deepEqual(saves, [], 'no save sent');
      assert.equal(await trailLength(), before, 'nothing written');
      await shot(page, `14-auditor-record-${language}`);

      // the menu: lists and prints, no entry that writes
      await menuEntry(page, 'utilities', 'utilities.departmentUsers');
      await menuEntry(page, 'budgetForecast', 'budgetForecast.print');
      await menuEntry(page, 'budgetFinal', 'budgetFinal.print');
      // the audit pack reads only: his to print
      await menuEntry(page, 'budgetFinal', 'budgetFinal.auditPack');
      await menuEntry(page, 'residues', 'residues.print');
      await menuEntry(page, 'baseData', 'baseData.banks', 'baseData.banks.edit');
      await menuEntry(page, 'baseData', 'baseData.chartOfAccounts', 'baseData.chartOfAccounts.print');
      await menuEntry(page, 'baseData', 'baseData.departments', 'baseData.departments.print');
      for (const key of writeEntries) assert.equal(await page.locator(`[data-menu-key="${key}"]`).count(), 0, `${key} is not shown`);
      await shot(page, `14-auditor-menu-${language}`);

      // a printed list from the menu, with its PDF
      await (await menuEntry(page, 'management', 'management.printedLists', 'management.printedLists.availabilities')).click();
      await page.waitForURL(`${base}/printedLists/availabilities`);
      await page.getByTestId('export-form').waitFor();
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-download').click()]);
      assert.match(download.suggestedFilename(), /\.pdf$/);
      const text = await pdfText(download, `14-auditor-availabilities-${language}`);
      assert.ok(text.includes(t.availabilities), text.slice(0, 200));
      assertNoErrors(errors);
      await page.context().close();
    });

    test('reservations, account transfers and budget changes open the latest record or say there is none, with no "new" button', async () => {
      const { page, errors } = await openAs(browser(), 'revisor', `${base}/reservations/edit`, { ready: 'read-only-note', language });
      // the demo's reservations and transfers of the previous year: the latest opens instead of an empty new form
      const reservation = await opensLatest(page, 'reservations/edit', 'reservation-record', t.reservation);
      assert.ok(reservation >= 1);
      await page.getByTestId('reservation-form').waitFor();
      assert.equal(await page.getByTestId('reservation-new').count(), 0, 'no "new reservation"');
      assert.equal(await page.getByTestId('editor-save').count(), 0, 'no save');
      await shot(page, `14-auditor-reservation-${language}`);
      await opensLatest(page, 'accounts/transfer', 'transfer-record', t.transfer);
      assert.equal(await page.getByTestId('transfer-new').count(), 0, 'no "new transfer"');
      await page.getByTestId('transfer-form').waitFor();
      // no budget change in the demo: the note, no head form to create one
      await page.goto(`${base}/budget/changes/edit`);
      await page.getByTestId('no-records-note').getByText(t.noChanges).waitFor();
      assert.equal(await page.getByTestId('change-head-form').count(), 0, 'no form for a new change');
      await shot(page, `14-auditor-changes-${language}`);
      assertNoErrors(errors);
      await page.context().close();
    });
  });
}
