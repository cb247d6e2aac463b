import { schema } from '@app/db';
import { testDatabases } from '@app/db/testing';
import { MAX_EUROS } from '@app/domain';
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { restTestApp, YEAR } from './testApp.ts';

/**
 * Issue 26, item 1 over REST (euros on the wire): a total beyond 999.999.999.999,99 € is a 400
 * InvalidValue naming the list, nothing is written, and every read of the department still answers.
 * FF Eppan (102) with a small approved forecast: revenues 11001 3.000,00; expenses 21006 3.000,00.
 */
for (const target of testDatabases()) {
  describe(`REST totals bounded before the write [${target.name}]`, () => {
    const t = restTestApp(target, { ipPrefix: '10.8.26', signIn: ['zwei'], departments: true });
    const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => t.call('zwei', method, url, payload);
    const dept = () => t.dept('102');
    const q = () => `departmentId=${dept()}&year=${YEAR}`;
    const scope = () => ({ departmentId: dept(), year: YEAR });
    async function movementCount() {
      const [row] = await t.handle.db
        .select({ n: count() })
        .from(schema.movements)
        .where(and(eq(schema.movements.departmentId, dept()), eq(schema.movements.year, YEAR)));
      return row?.n ?? 0;
    }
    /** K1 as the spec's Accounts/Balance names it. */
    async function accountK1(): Promise<number> {
      const balances = (await call('GET', `Accounts/Balance?${q()}`)).json() as { accounts: { accountId: number; accountCode: string }[] };
      return balances.accounts.find((a) => a.accountCode === 'K1')?.accountId ?? 0;
    }
    async function expenses(positions: object[]) {
      return call('POST', 'Movements/Expenses', {
        ...scope(),
        type: 1,
        recordDate: `${YEAR}-03-05`,
        documentDate: `${YEAR}-03-01`,
        accountId: await accountK1(),
        positions,
        confirmAvailableExceeded: true,
      });
    }
    async function readsAnswer() {
      for (const url of [`Budget/Chapter?${q()}&chapter=21006`, `Movements/Expenses?${q()}`, `Accounts/Balance/Total?${q()}`, `Accounts/Balance?${q()}`]) {
        const res = await call('GET', url);
        expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      }
    }

    it('the forecast is approved; two forecast positions at the maximum are refused (400 InvalidValue, positions)', async () => {
      const twice = await call('PUT', 'Budget/Forecast', {
        ...scope(),
        part: 2,
        positions: [
          { chapter: '21006', amountCurrYear: MAX_EUROS },
          { chapter: '21001', amountCurrYear: MAX_EUROS },
        ],
      });
      expect(twice.statusCode, twice.body).toBe(400);
      expect(twice.json().details).toMatchObject({ Message: 'InvalidValue', Field: 'positions' });
      expect((await call('PUT', 'Budget/Forecast', { ...scope(), part: 1, positions: [{ chapter: '11001', amountCurrYear: 3000 }] })).statusCode).toBe(200);
      expect((await call('PUT', 'Budget/Forecast', { ...scope(), part: 2, positions: [{ chapter: '21006', amountCurrYear: 3000 }] })).statusCode).toBe(200);
      expect((await call('GET', `Budget/Forecast/Approve?${q()}&approval=${YEAR}-01-15`)).statusCode).toBe(200);
      expect((await call('GET', `Budget/Chapter?${q()}&chapter=21006`)).json()).toMatchObject({ budgetFinal: 3000 });
    });

    it('a movement of two positions at the maximum: 400 InvalidValue (positions), nothing stored, reads answer', async () => {
      const before = await movementCount();
      const res = await expenses([
        { chapter: '21006', amount: MAX_EUROS },
        { chapter: '21006', amount: MAX_EUROS },
      ]);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().details).toMatchObject({ Message: 'InvalidValue', Field: 'positions' });
      expect(await movementCount()).toBe(before);
      await readsAnswer();
    });

    it('91 positions at the maximum: the same 400, not a 500', async () => {
      const before = await movementCount();
      const res = await expenses(Array.from({ length: 91 }, () => ({ chapter: '21006', amount: MAX_EUROS })));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().details).toMatchObject({ Message: 'InvalidValue', Field: 'positions' });
      expect(await movementCount()).toBe(before);
      await readsAnswer();
    });

    it('a movement of exactly the maximum is saved: the bound is the total', async () => {
      const res = await expenses([
        { chapter: '21006', amount: MAX_EUROS - 0.01 },
        { chapter: '21006', amount: 0.01 },
      ]);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().total).toBe(MAX_EUROS);
      await readsAnswer();
    });
  });
}
