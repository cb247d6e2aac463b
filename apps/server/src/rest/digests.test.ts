import { testDatabases } from '@app/db/testing';
import { describe, expect, it } from 'vitest';
import { digestRoutes } from './digests.ts';
import { restTestApp, YEAR } from './testApp.ts';

const PREV = YEAR - 1;
const cents = (euros: number) => Math.round(euros * 100);
const sumCents = (values: number[]) => values.reduce((t, v) => t + cents(v), 0);

interface Row {
  kind: string;
  figure?: string;
  amount: number;
  finalBalance: number;
}

/**
 * Spec 1 §7 and spec 3 §7: every Digests/* path over REST, euros on the wire, on the demo data of FF
 * Eppan (102) in the previous year (a year of bookings). The figures reconcile with the other paths:
 * the cash journal with Accounts/Balance, the chapter register with Budget/Chapter, the supplier digest
 * with itself (paid + not paid = sum).
 */
for (const target of testDatabases()) {
  describe(`REST digests [${target.name}]`, () => {
    const t = restTestApp(target, { ipPrefix: '10.8.31', signIn: ['zwei', 'kassier'], departments: true });
    const get = async (url: string, user = 'zwei') => t.call(user, 'GET', url);
    const ok = async (url: string) => {
      const res = await get(url);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      return res.json();
    };
    const q = () => `departmentId=${t.dept('102')}&year=${PREV}`;

    it('every Digests path of spec 1 and 3 §7 has a row', () => {
      expect(digestRoutes.map((r) => `${r.method} ${r.path}`).sort()).toEqual(
        [
          'GET Digests/Availabilities',
          'GET Digests/CashJournal',
          'GET Digests/Chapters',
          'GET Digests/Chapters/List',
          'GET Digests/Suppliers',
          'GET Digests/Suppliers/List',
        ].sort(),
      );
    });

    it('GET Digests/CashJournal: by account code or id, the final balance of Accounts/Balance, the running balance; dateFrom/dateTo; paged', async () => {
      const balances = await ok(`Accounts/Balance?${q()}`);
      const b1 = balances.accounts.find((a: { accountCode: string }) => a.accountCode === 'B1');
      const journal = await ok(`Digests/CashJournal?${q()}&accountCode=B1`);
      expect(journal).toMatchObject({ accountId: b1.accountId, accountCode: 'B1', dateFromBalance: b1.initialBalance, finalBalance: b1.finalBalance });
      expect(cents(journal.movementsBalance)).toBe(cents(journal.totalProfit) - cents(journal.totalLoss));
      let running = cents(journal.dateFromBalance);
      for (const row of journal.movements as Row[]) {
        running += cents(row.amount);
        expect(cents(row.finalBalance)).toBe(running);
      }
      expect(running).toBe(cents(b1.finalBalance));
      expect(await ok(`Digests/CashJournal?${q()}&accountId=${b1.accountId}`)).toEqual(journal);
      // March: the balance at the start is the running balance before 1.3.
      const march = await ok(`Digests/CashJournal?${q()}&accountCode=B1&dateFrom=${PREV}-03-01&dateTo=${PREV}-03-31`);
      const before = (journal.movements as (Row & { recordDate: string })[]).filter((r) => r.recordDate < `${PREV}-03-01`).at(-1);
      expect(march.dateFromBalance).toBe(before?.finalBalance ?? journal.dateFromBalance);
      const inMarch = (journal.movements as (Row & { recordDate: string })[]).filter((r) => r.recordDate.startsWith(`${PREV}-03`));
      expect(march.movements).toEqual(inMarch);
      expect(march.finalBalance).toBe(inMarch.at(-1)?.finalBalance);
      const page = await ok(`Digests/CashJournal?${q()}&accountCode=B1&page=2&pageSize=5`);
      expect(page).toMatchObject({ page: 2, pageSize: 5, total: journal.total, finalBalance: journal.finalBalance });
      expect(page.movements).toEqual(journal.movements.slice(5, 10));

      const missing = await get(`Digests/CashJournal?${q()}`);
      expect(missing.statusCode).toBe(400);
      expect(missing.json().details).toMatchObject({ Message: 'InvalidValue', Field: 'accountId' });
      const unknown = await get(`Digests/CashJournal?${q()}&accountCode=ZZ9`);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().details.Message).toBe('RecordNotFound');
    });

    it('GET Digests/Chapters: the figure box of Budget/Chapter and rows that sum to it', async () => {
      const digest = await ok(`Digests/Chapters?${q()}&chapterYear=${PREV}&chapter=2-1-001`);
      const box = await ok(`Budget/Chapter?${q()}&chapter=21001`);
      expect(digest).toMatchObject({ year: PREV, chapterYear: PREV, chapter: '21001', balance: box });
      const rows = digest.movements as Row[];
      expect(rows.length).toBeGreaterThan(3);
      for (const figure of ['budgetChanges', 'payments', 'openPayments', 'reservations'] as const) {
        expect(sumCents(rows.filter((r) => r.figure === figure).map((r) => r.amount)), figure).toBe(cents(box[figure]));
        expect(digest.totals[figure]).toBe(box[figure]);
      }
      expect(rows.at(-1)?.finalBalance).toBe(box.availableAfterPlannedExpenses);
      expect(await ok(`Digests/Chapters?${q()}&chapterId=${digest.chapterId}`)).toEqual(digest);
      const unknown = await get(`Digests/Chapters?${q()}&chapter=21999`);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().details.Message).toBe('ChapterNotFound');
    });

    it('GET Digests/Suppliers: count, paid, not paid and their sum, the address and the movements', async () => {
      const digest = await ok(`Digests/Suppliers?${q()}&supplierCode=1001`);
      expect(digest).toMatchObject({ supplierCode: 1001, year: PREV });
      expect(digest.documentCount).toBeGreaterThan(0);
      expect(cents(digest.totalSum)).toBe(cents(digest.totalPaid) + cents(digest.totalNotPaid));
      expect(sumCents(digest.movements.map((r: { paid: number }) => r.paid))).toBe(cents(digest.totalPaid));
      expect(Object.keys(digest.address).sort()).toEqual(['country', 'location', 'postalCode', 'province', 'street']);
      expect(await ok(`Digests/Suppliers?${q()}&supplierId=${digest.supplierId}`)).toEqual(digest);
    });

    it('the print data: Digests/Availabilities, Digests/Chapters/List, Digests/Suppliers/List', async () => {
      const availabilities = await ok(`Digests/Availabilities?${q()}&part=2&titleFrom=1&titleTo=1`);
      expect(availabilities.parts.map((p: { part: number }) => p.part)).toEqual([2]);
      const [part] = availabilities.parts;
      expect(cents(part.totals.budgetFinal)).toBe(sumCents(part.titles[0].chapters.map((c: { budgetFinal: number }) => c.budgetFinal)));

      const list = await ok(`Digests/Chapters/List?${q()}&chapterFrom=21000&chapterTo=21999&withMovements=false`);
      expect(list.withMovements).toBe(false);
      expect(list.chapters.length).toBe(part.titles[0].chapters.length);
      for (const d of list.chapters) expect(d.movements).toEqual([]);
      const full = await ok(`Digests/Chapters/List?${q()}&chapterFrom=21001&chapterTo=21001`);
      expect(full.chapters.map((d: { chapter: string }) => d.chapter)).toEqual(['21001']);
      expect(full.chapters[0].movements).toEqual((await ok(`Digests/Chapters?${q()}&chapter=21001`)).movements);

      const suppliers = await ok(`Digests/Suppliers/List?${q()}&supplierFrom=1001&supplierTo=1003`);
      const codes = suppliers.suppliers.map((d: { supplierCode: number }) => d.supplierCode);
      expect(codes.length).toBeGreaterThan(0);
      for (const code of codes) expect(code).toBeGreaterThanOrEqual(1001);
      expect(cents(suppliers.totals.totalSum)).toBe(sumCents(suppliers.suppliers.map((d: { totalSum: number }) => d.totalSum)));
    });

    it('a cancelled expense stays a row (DOMAIN decision 27): its number, date, 0,00 and cancelled in the cash journal and the register; totals unchanged', async () => {
      const before = await ok(`Digests/CashJournal?${q()}&accountCode=B1`);
      const paid = (before.movements as (Row & { recordNumber: number; movementKind: string; recordDate: string; cancelled: boolean })[]).find(
        (r) => r.kind === 'paymentDone' && r.movementKind === 'expenses' && !r.cancelled,
      );
      expect(paid).toBeDefined();
      const recordNumber = paid?.recordNumber ?? 0;
      const movement = await ok(`Movements/Expenses?${q()}&recordNumber=${recordNumber}`);
      const chapter = movement.positions[0].chapter as string;
      const registerBefore = await ok(`Digests/Chapters?${q()}&chapter=${chapter}`);
      const deleted = await t.call('zwei', 'DELETE', `Movements/Expenses?${q()}&recordNumber=${recordNumber}`);
      expect(deleted.json()).toEqual({ deleted: false, cancelled: true, recordNumber });

      const journal = await ok(`Digests/CashJournal?${q()}&accountCode=B1`);
      expect(journal.total).toBe(before.total);
      const row = journal.movements.find(
        (r: { recordNumber: number; movementKind: string }) => r.recordNumber === recordNumber && r.movementKind === 'expenses',
      );
      expect(row).toMatchObject({ kind: 'paymentDone', recordDate: movement.recordDate, amount: 0, cancelled: true });
      const balances = await ok(`Accounts/Balance?${q()}`);
      const b1 = balances.accounts.find((a: { accountCode: string }) => a.accountCode === 'B1');
      expect(journal.finalBalance).toBe(b1.finalBalance);
      expect(cents(journal.finalBalance)).toBe(cents(before.finalBalance) - cents(paid?.amount ?? 0));
      expect(cents(journal.totalLoss)).toBe(cents(before.totalLoss) + cents(paid?.amount ?? 0));

      const register = await ok(`Digests/Chapters?${q()}&chapter=${chapter}`);
      expect(register.total).toBe(registerBefore.total);
      const cancelled = register.movements.find((r: { movementId: number }) => r.movementId === movement.id);
      expect(cancelled).toMatchObject({ recordNumber, recordDate: movement.recordDate, figure: 'payments', amount: 0, cancelled: true });
      const box = await ok(`Budget/Chapter?${q()}&chapter=${chapter}`);
      expect(register.totals.payments).toBe(box.payments);
      expect(register.movements.at(-1).finalBalance).toBe(box.availableAfterPlannedExpenses);
    });

    it('Standard users read only their departments (DepartmentNotAllowed)', async () => {
      for (const path of [
        'Digests/CashJournal?accountCode=B1&',
        'Digests/Chapters?chapter=21001&',
        'Digests/Suppliers?supplierCode=1001&',
        'Digests/Availabilities?',
      ]) {
        const res = await get(`${path}${q()}`, 'kassier');
        expect(res.statusCode, path).toBe(403);
        expect(res.json().details.Message).toBe('DepartmentNotAllowed');
      }
    });
  });
}
