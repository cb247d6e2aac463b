import { schema } from '@app/db';
import { testDatabases } from '@app/db/testing';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cashRoutes } from './cash.ts';
import { restTestApp, YEAR } from './testApp.ts';

/**
 * Spec 3 §7 account transfers and balances over REST, euros on the wire and the spec's field names.
 * The scope is FF Eppan (102): PREV is its first year (typed initial balances, the demo transfers),
 * YEAR starts from PREV's final balances.
 */
for (const target of testDatabases()) {
  describe(`REST cash [${target.name}]`, () => {
    const t = restTestApp(target, { ipPrefix: '10.8.12', signIn: ['zwei', 'kassier'], departments: true });
    const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, user = 'zwei') => t.call(user, method, url, payload);
    const PREV = YEAR - 1;
    const q = (year = YEAR) => `departmentId=${t.dept('102')}&year=${year}`;
    const scope = (year = YEAR) => ({ departmentId: t.dept('102'), year });
    async function account(code: string) {
      const [row] = await t.handle.db
        .select({ id: schema.accounts.id })
        .from(schema.accounts)
        .where(and(eq(schema.accounts.departmentId, t.dept('102')), eq(schema.accounts.code, code)));
      return row?.id ?? 0;
    }

    it('every cash path of spec 3 §7 has a row', () => {
      const rows = cashRoutes.map((r) => `${r.method} ${r.path}`);
      for (const path of [
        'GET Accounts/Transfers',
        'POST Accounts/Transfers',
        'DELETE Accounts/Transfers',
        'GET Accounts/Balance',
        'POST Accounts/Balance',
        'GET Accounts/Balance/Total',
      ])
        expect(rows).toContain(path);
    });

    it('Accounts/Transfers: POST in euros, GET list and one, DELETE by body id (latest deleted, earlier cancelled)', async () => {
      const [k1, b1] = [await account('K1'), await account('B1')];
      const saved = await call('POST', `Accounts/Transfers?${q()}`, {
        accountIdFrom: b1,
        accountIdTo: k1,
        recordDate: `${YEAR}-02-03`,
        amount: 1234.56,
        note: 'Bargeld',
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toMatchObject({
        recordNumber: 1,
        recordDate: `${YEAR}-02-03`,
        amount: 1234.56,
        note: 'Bargeld',
        cancelled: false,
        originalAmount: 1234.56,
        accountFrom: { id: b1, code: 'B1' },
        accountTo: { id: k1, code: 'K1', descriptionDeu: 'Kassa', descriptionIta: 'Cassa' },
      });
      const second = (
        await call('POST', 'Accounts/Transfers', { ...scope(), accountIdFrom: k1, accountIdTo: b1, recordDate: `${YEAR}-02-04`, amount: 0.01 })
      ).json();
      expect(second).toMatchObject({ recordNumber: 2, amount: 0.01, isLatest: true });

      const list = await call('GET', `Accounts/Transfers?${q()}&pageSize=1`);
      expect(list.json()).toMatchObject({ total: 2, totalPages: 2, page: 1, entities: [{ recordNumber: 2, amount: 0.01 }] });
      expect((await call('GET', `Accounts/Transfers?${q()}&recordNumber=1`)).json()).toMatchObject({ id: saved.json().id, amount: 1234.56 });
      expect((await call('GET', `Accounts/Transfers?${q()}&search=bargeld`)).json().entities).toHaveLength(1);

      // bad input: the spec's error names, nothing written
      const same = await call('POST', `Accounts/Transfers?${q()}`, { accountIdFrom: k1, accountIdTo: k1, recordDate: `${YEAR}-02-03`, amount: 1 });
      expect(same.statusCode).toBe(400);
      expect(same.json().details).toMatchObject({ Message: 'InvalidValue', Field: 'accountIdTo' });
      const late = await call('POST', `Accounts/Transfers?${q()}`, { accountIdFrom: k1, accountIdTo: b1, recordDate: `${YEAR + 1}-01-02`, amount: 1 });
      expect(late.json().details.Message).toBe('DateAfter31.12');
      const tooPrecise = await call('POST', `Accounts/Transfers?${q()}`, { accountIdFrom: k1, accountIdTo: b1, recordDate: `${YEAR}-02-03`, amount: 1.005 });
      expect(tooPrecise.json().details).toMatchObject({ Message: 'InvalidValue', Field: 'amount' });
      const foreign = await call(
        'POST',
        `Accounts/Transfers?${q()}`,
        { accountIdFrom: k1, accountIdTo: b1, recordDate: `${YEAR}-02-03`, amount: 1 },
        'kassier',
      );
      expect(foreign.json().details.Message).toBe('DepartmentNotAllowed');
      expect((await call('GET', `Accounts/Transfers?${q()}`)).json().total).toBe(2);

      // DELETE body id: the first is earlier (cancelled), then the latest is deleted
      const cancelled = await call('DELETE', 'Accounts/Transfers', { ...scope(), id: saved.json().id });
      expect(cancelled.json()).toEqual({ deleted: false, cancelled: true, recordNumber: 1 });
      expect((await call('GET', `Accounts/Transfers?${q()}&recordNumber=1`)).json()).toMatchObject({
        amount: 0,
        cancelled: true,
        originalAmount: 1234.56,
      });
      expect((await call('DELETE', `Accounts/Transfers?${q()}`, { id: second.id })).json()).toEqual({ deleted: true, cancelled: false, recordNumber: 2 });
      expect((await call('GET', `Accounts/Transfers/Context?${q()}`)).json()).toMatchObject({ nextRecordNumber: 2, isEditable: true });
    });

    it('Accounts/Balance: GET per account in euros, POST accounts (first year only), Balance/Total = the sum of the final balances', async () => {
      const first = await call('GET', `Accounts/Balance?${q(PREV)}`);
      expect(first.statusCode, first.body).toBe(200);
      const body = first.json();
      expect(body).toMatchObject({ editable: true, isFirstYear: true });
      const k1 = body.accounts.find((a: { accountCode: string }) => a.accountCode === 'K1');
      expect(Object.keys(k1).sort()).toEqual(
        ['accountCode', 'accountId', 'descriptionDeu', 'descriptionIta', 'finalBalance', 'inactive', 'initialBalance', 'movementsBalance', 'type'].sort(),
      );
      expect(k1.finalBalance).toBeCloseTo(k1.initialBalance + k1.movementsBalance, 2);

      // the typed initial balance of K1 goes up by 100,25 €: its final balance and the next year's follow
      const posted = await call('POST', `Accounts/Balance?${q(PREV)}`, {
        accounts: [{ accountId: k1.accountId, accountCode: 'K1', initialBalance: Math.round((k1.initialBalance + 100.25) * 100) / 100 }],
      });
      expect(posted.statusCode, posted.body).toBe(200);
      const k1After = posted.json().accounts.find((a: { accountCode: string }) => a.accountCode === 'K1');
      expect(Math.round((k1After.finalBalance - k1.finalBalance) * 100)).toBe(10_025);
      const next = (await call('GET', `Accounts/Balance?${q()}`)).json();
      expect(next).toMatchObject({ editable: false, isFirstYear: false });
      expect(next.accounts.find((a: { accountCode: string }) => a.accountCode === 'K1').initialBalance).toBe(k1After.finalBalance);
      const refused = await call('POST', `Accounts/Balance?${q()}`, { accounts: [{ accountId: k1.accountId, accountCode: 'K1', initialBalance: 1 }] });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().details.Message).toBe('BalanceNotEditable');

      const total = (await call('GET', `Accounts/Balance/Total?${q()}`)).json();
      expect(total.cashBalance).toBe(next.totals.finalBalance);
      const sum = next.accounts.reduce((s: number, a: { finalBalance: number }) => s + Math.round(a.finalBalance * 100), 0);
      expect(Math.round(total.cashBalance * 100)).toBe(sum);
      expect((await call('GET', `Accounts/Balance/Total?${q()}`, undefined, 'kassier')).statusCode).toBe(403);
    });

    it('GET Accounts takes the scope year: canInactivate by the balance of that year', async () => {
      const list = (await call('GET', `Accounts?${q()}`)).json();
      expect(list.entities.map((a: { code: string; canInactivate: boolean }) => [a.code, a.canInactivate])).toEqual([
        ['B1', false],
        ['K1', false],
      ]);
      const refused = await call('PATCH', `Accounts/${await account('K1')}?${q()}`, { inactive: true });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().details).toMatchObject({ Message: 'AccountHasBalance', Field: 'inactive' });
    });
  });
}
