import { schema } from '@app/db';
import { testDatabases } from '@app/db/testing';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { finalBalanceRoutes } from './finalBalance.ts';
import { restTestApp, YEAR } from './testApp.ts';

const { budgetHeads, chapterBudgets, chapters } = schema;

/**
 * Spec 3 §7 final account over REST, euros on the wire. The scope is the demo's approved year (YEAR − 1)
 * of FF Eppan (102): a year of bookings with open bills at year end and no residue determined yet.
 */
for (const target of testDatabases()) {
  describe(`REST final account [${target.name}]`, () => {
    const t = restTestApp(target, { ipPrefix: '10.8.15', signIn: ['zwei'], departments: true });
    const Y = YEAR - 1;
    const q = () => `departmentId=${t.dept('102')}&year=${Y}`;
    const scope = () => ({ departmentId: t.dept('102'), year: Y });
    const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => t.call('zwei', method, url, payload);

    it('every FinalBalance path of spec 3 §7 has a row', () => {
      const rows = finalBalanceRoutes.map((r) => `${r.method} ${r.path}`);
      expect(rows).toEqual([
        'GET FinalBalance',
        'GET FinalBalance/Errors',
        'PUT FinalBalance/Approve',
        'POST FinalBalance/Report',
        'POST FinalBalance/ETSReport',
      ]);
    });

    it('GET FinalBalance: criteria 1/0 and no approval; GET FinalBalance/Errors lists the rows in euros', async () => {
      const res = await call('GET', `FinalBalance?${q()}`);
      expect(res.statusCode, res.body).toBe(200);
      const balance = res.json();
      expect(balance).toMatchObject({
        year: Y,
        approval: null,
        allPassed: false,
        isBudgetClosed: false,
        approvalFrom: `${Y + 1}-01-01`,
        approvalTo: `${Y + 1}-10-31`,
      });
      expect(balance.criteria).toHaveLength(6);
      expect(balance.criteria[4]).toBe(0);
      const errors = await call('GET', `FinalBalance/Errors?${q()}`);
      expect(errors.statusCode, errors.body).toBe(200);
      const body = errors.json();
      expect(body.residues.length).toBeGreaterThan(0);
      expect(body.unpaidBills.length).toBeGreaterThan(0);
      // open bills of the demo are whole cents: euros with at most two decimals, and their sum is the lines' open payments
      const open = body.residues.reduce((s: number, r: { openPayments: number }) => s + Math.round(r.openPayments * 100), 0);
      const bills = body.unpaidBills.reduce((s: number, r: { amount: number }) => s + Math.round(r.amount * 100), 0);
      expect(bills).toBe(open);
    });

    it('PUT FinalBalance/Approve refuses while a criterion fails (FinalBalanceHasErrors) and a date after 31.10 (DateAfter31.10)', async () => {
      const failing = await call('PUT', `FinalBalance/Approve?${q()}`, { approval: `${Y + 1}-03-15` });
      expect(failing.statusCode).toBe(409);
      expect(failing.json().details.Message).toBe('FinalBalanceHasErrors');
      const late = await call('PUT', `FinalBalance/Approve?${q()}`, { approval: `${Y + 1}-11-02` });
      expect(late.statusCode).toBe(400);
      expect(late.json().details.Message).toBe('DateAfter31.10');
    });

    it('once every line is determined: approves (true), the budget is closed, a booking is BudgetClosed; null reopens', async () => {
      // determine every line at what stays available after the payments (open bills and reservations included)
      const rows = (await call('GET', `FinalBalance/Errors?${q()}`)).json().residues as {
        chapter: string;
        chapterYear: number;
        budgetFinal: number;
        payments: number;
      }[];
      const db = t.handle.db;
      const ids = await db
        .select({ id: chapters.id, chapter: chapters.chapter, year: chapters.year })
        .from(chapters)
        .where(and(eq(chapters.area, 3), inArray(chapters.year, [Y - 1, Y])));
      for (const r of rows) {
        const chapterId = ids.find((c) => c.chapter === r.chapter && c.year === r.chapterYear)?.id ?? 0;
        await db
          .update(chapterBudgets)
          .set({ finalResidue: Math.max(0, Math.round((r.budgetFinal - r.payments) * 100)) })
          .where(and(eq(chapterBudgets.departmentId, t.dept('102')), eq(chapterBudgets.year, Y), eq(chapterBudgets.chapterId, chapterId)));
      }
      const balance = (await call('GET', `FinalBalance?${q()}`)).json();
      expect(balance.criteria).toEqual([1, 1, 1, 1, 1, 1]);
      const approved = await call('PUT', `FinalBalance/Approve?${q()}`, { approval: `${Y + 1}-03-15` });
      expect(approved.statusCode, approved.body).toBe(200);
      expect(approved.json()).toBe(true);
      expect((await call('GET', `FinalBalance?${q()}`)).json()).toMatchObject({ approval: `${Y + 1}-03-15`, isBudgetClosed: true, isLateApproval: false });
      const reservation = await call('POST', 'Reservations', {
        ...scope(),
        recordDate: `${Y}-12-01`,
        chapterYear: Y,
        chapter: '21006',
        amountBooked: 1,
        amountUsed: 0,
      });
      expect(reservation.statusCode).toBe(409);
      expect(reservation.json().details.Message).toBe('BudgetClosed');
      const other = await call('PUT', `FinalBalance/Approve?${q()}`, { approval: `${Y + 1}-03-16` });
      expect(other.json().details.Message).toBe('BudgetClosed');
      // Y+1's final account approved: Y can't be reopened (NextYearApproved, DOMAIN decision 26), and GET says why
      const nextHead = and(eq(budgetHeads.departmentId, t.dept('102')), eq(budgetHeads.year, Y + 1));
      await db
        .insert(budgetHeads)
        .values({ departmentId: t.dept('102'), year: Y + 1 })
        .onConflictDoNothing();
      await db
        .update(budgetHeads)
        .set({ finalApproved: `${Y + 2}-02-10` })
        .where(nextHead);
      const guarded = await call('PUT', `FinalBalance/Approve?${q()}`, { approval: null });
      expect(guarded.statusCode, guarded.body).toBe(409);
      expect(guarded.json().details).toMatchObject({ Message: 'NextYearApproved', Field: 'approval', Params: { year: Y + 1 } });
      expect((await call('GET', `FinalBalance?${q()}`)).json()).toMatchObject({
        approval: `${Y + 1}-03-15`,
        canReopen: false,
        reopenRefusal: 'nextYearApproved',
        isYearUnlocked: false,
      });
      await db.update(budgetHeads).set({ finalApproved: null }).where(nextHead);
      const reopened = await call('PUT', `FinalBalance/Approve?${q()}`, { approval: null });
      expect(reopened.json()).toBe(true);
      expect((await call('GET', `FinalBalance?${q()}`)).json()).toMatchObject({ approval: null, isBudgetClosed: false });
    });

    it('POST FinalBalance/Report: sections and ranges from the body, amounts in euros, the identities hold', async () => {
      const res = await call('POST', `FinalBalance/Report?${q()}`, {
        currentManagement: true,
        residues: false,
        summary: true,
        protocol: true,
        currentManagementIncludes: { part: 2, titleFrom: 1, titleTo: 1, chapterFrom: '', chapterTo: '2-1-099' },
        residuesManagementIncludes: { part: 0 },
      });
      expect(res.statusCode, res.body).toBe(200);
      const report = res.json();
      expect(report.currentManagement.map((p: { part: number }) => p.part)).toEqual([2]);
      expect(report.currentManagement[0].titlesDetails.map((x: { title: number }) => x.title)).toEqual([1]);
      expect(report.residuesManagement).toBeNull();
      const r = report.results;
      const cents = (v: number) => Math.round(v * 100);
      expect(cents(r.finalSurplus)).toBe(cents(r.finalCashBalance) + cents(r.finalActiveResidues) - cents(r.finalPassiveResidues));
      expect(cents(r.finalSurplus)).toBe(cents(r.totalActive) - cents(r.passiveResidues) - cents(r.expenses) - cents(r.losses));
      expect(cents(report.cashBalanceDetails.finalBalance)).toBe(cents(r.finalCashBalance));
      expect(r.finalCashBalance).not.toBe(0);
    });

    it('POST FinalBalance/ETSReport: model D with the previous year empty (not in the system) and the cash', async () => {
      const res = await call('POST', `FinalBalance/ETSReport?${q()}`, {});
      expect(res.statusCode, res.body).toBe(200);
      const ets = res.json();
      expect(ets).toMatchObject({ financialYear: Y, hasPreviousYear: false });
      expect(ets.management.profits.map((s: { section: string }) => s.section)).toEqual(['A', 'B', 'C', 'D', 'E']);
      expect(ets.assets.losses.map((s: { section: string }) => s.section)).toEqual(['I']);
      expect(ets.managementBalance.prevYear).toBeNull();
      const cents = (v: number) => Math.round(v * 100);
      expect(cents(ets.totalBalance.currYear)).toBe(cents(ets.managementBalance.currYear) + cents(ets.assetsBalance.currYear));
      expect(ets.cash.currYear + ets.bankDeposits.currYear).not.toBe(0);
    });
  });
}
