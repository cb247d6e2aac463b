import { testDatabases } from '@app/db/testing';
import { describe, expect, it } from 'vitest';
import { restTestApp, YEAR } from './testApp.ts';
import { AdjustmentInput, Cents, ScopeInput } from '@app/domain';
import { z } from 'zod';
import { budgetRoutes } from './budget.ts';
import { moneyIn, moneyOut } from './money.ts';

describe('budget amount mapping', () => {
  it('converts the money fields of the schemas at any depth, leaves counts and codes alone', () => {
    const page = z.object({
      total: z.number(),
      page: z.number(),
      entities: z.array(z.object({ chapter: z.string(), title: z.number(), budgetFinal: Cents, finalResidue: Cents.nullable() })),
    });
    expect(moneyOut(page, { total: 3, page: 1, entities: [{ chapter: '21003', title: 1, budgetFinal: 123_456, finalResidue: null }] })).toEqual({
      total: 3,
      page: 1,
      entities: [{ chapter: '21003', title: 1, budgetFinal: 1234.56, finalResidue: null }],
    });
    expect(moneyIn([ScopeInput, AdjustmentInput], { recordNumber: 2, surplusActual: 0.1 + 0.2, positions: [{ chapter: '21003', amount: -12.34 }] })).toEqual({
      recordNumber: 2,
      surplusActual: 30,
      positions: [{ chapter: '21003', amount: -1234 }],
    });
  });
});

for (const target of testDatabases()) {
  describe(`REST budget [${target.name}]`, () => {
    const t = restTestApp(target, { ipPrefix: '10.8.0', signIn: ['supervisor', 'kassier'], departments: true });
    const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, user = 'kassier') => t.call(user, method, url, payload);
    const dept = () => t.dept('101');
    const q = (year = YEAR) => `departmentId=${dept()}&year=${year}`;
    const scope = () => ({ departmentId: dept(), year: YEAR });

    it('every budget path of spec 1 §7 has a row', () => {
      const rows = budgetRoutes.map((r) => `${r.method} ${r.path}`);
      for (const path of [
        'GET Budget/Chapters',
        'GET Budget/Chapter',
        'GET Budget/Adjust',
        'POST Budget/Adjust',
        'PUT Budget/Adjust',
        'GET Budget/Changes',
        'POST Budget/Changes',
        'PUT Budget/Changes',
        'GET Budget/Changes/ChapterBefore',
        'GET budget/changes/byChapter',
        'GET budget/changes/adjustmentProtocol',
        'GET budget/changes/changesProtocol',
        'GET Budget/Forecast/Summary',
        'GET Budget/Forecast',
        'PUT Budget/Forecast',
        'POST Budget/Forecast',
        'GET Budget/Forecast/Approve',
        'GET Budget/Forecast/Surplus',
        'PUT Budget/Forecast/Surplus',
        'POST Budget/Forecast/Export',
      ]) {
        expect(rows).toContain(path);
      }
    });

    it('forecast: summary and positions in euros, save per part, surplus, approval', async () => {
      const prev = await call('GET', `Budget/Forecast/Summary?${q(YEAR - 1)}`);
      expect(prev.statusCode).toBe(200);
      expect(prev.json().totals).toEqual({ revenues: 88_856.25, expenses: 95_051.25, surplusUsed: 6195, surplus: 0 });
      expect(prev.json().approval).toBe(`${YEAR - 2}-12-15`);

      const part2 = await call('GET', `Budget/Forecast?${q()}&part=2`);
      expect(part2.json().positions.find((p: { chapter: string }) => p.chapter === '21003')).toMatchObject({ amountCurrYear: 0, amountPrevYear: 6300 });
      expect(part2.json().isPreviousYearBudgetEditable).toBe(false);

      const revenues = await call('PUT', 'Budget/Forecast', {
        ...scope(),
        part: 1,
        positions: [
          { chapter: '11001', chapterId: null, amountCurrYear: 20_000.5, reminder: true, notes: 'Gemeinde' },
          { chapter: '13001', amountCurrYear: 1000 },
        ].map(({ chapterId: _c, ...p }) => p),
      });
      expect(revenues.statusCode).toBe(200);
      expect(revenues.json().positions.find((p: { chapter: string }) => p.chapter === '11001')).toMatchObject({
        amountCurrYear: 20_000.5,
        amountPrevYear: 18_900,
        reminder: true,
        notes: 'Gemeinde',
      });
      const expenses = await call('POST', `Budget/Forecast?${q()}&part=2`, {
        positions: [
          { chapter: '21003', amountCurrYear: 20_000.5 },
          { chapter: '22002', amountCurrYear: 500 },
          { chapter: '23001', amountCurrYear: 1000 },
        ],
      });
      expect(expenses.statusCode).toBe(200);
      const unbalanced = await call('GET', `Budget/Forecast/Summary?${q()}`);
      expect(unbalanced.json().isBalanced).toEqual({ total: false, title1: true, title3: true });
      const refused = await call('GET', `Budget/Forecast/Approve?${q()}&approval=${YEAR}-01-15`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().details.Message).toBe('BudgetNotBalanced');

      const badSurplus = await call('PUT', 'Budget/Forecast/Surplus', {
        ...scope(),
        cashBalance: 1000,
        revenuesActual: 0,
        revenuesResidue: 0,
        expensesActual: 0,
        expensesResidue: 0,
        surplusUsed: 1000.01,
      });
      expect(badSurplus.statusCode).toBe(400);
      expect(badSurplus.json().details).toMatchObject({ Message: 'InvalidValue', Field: 'surplusUsed' });
      const surplus = await call('PUT', 'Budget/Forecast/Surplus', {
        ...scope(),
        cashBalance: 1000,
        revenuesActual: 250.25,
        revenuesResidue: 0,
        expensesActual: 50.25,
        expensesResidue: 0,
        surplusUsed: 500,
      });
      expect(surplus.json()).toEqual({
        cashBalance: 1000,
        revenuesActual: 250.25,
        revenuesResidue: 0,
        expensesActual: 50.25,
        expensesResidue: 0,
        surplus: 1200,
        surplusUsed: 500,
        isEditable: true,
      });

      const summary = await call('GET', `Budget/Forecast/Summary?${q()}`);
      expect(summary.json()).toMatchObject({
        titles: [
          { title: 1, revenues: 20_000.5, expenses: 20_000.5, surplus: 0 },
          { title: 2, revenues: 0, expenses: 500, surplus: -500 },
          { title: 3, revenues: 1000, expenses: 1000, surplus: 0 },
        ],
        totals: { revenues: 21_000.5, expenses: 21_500.5, surplusUsed: 500, surplus: 0 },
        isBalanced: { total: true, title1: true, title3: true },
        approval: null,
        isEditable: true,
      });
      const approved = await call('GET', `Budget/Forecast/Approve?${q()}&approval=${YEAR}-01-15`);
      expect(approved.statusCode).toBe(200);
      expect(approved.json()).toBe(true);
      const other = await call('GET', `Budget/Forecast/Approve?${q()}&approval=${YEAR}-01-16`);
      expect(other.json().details.Message).toBe('BudgetAlreadyApproved');
      expect((await call('GET', `Scopes/Status?${q()}`)).json().isBudgetApproved).toBe(true);
      expect((await call('GET', `Budget/Forecast/Surplus?${q()}`)).json()).toMatchObject({ surplus: 1200, isEditable: false });
      const locked = await call('PUT', 'Budget/Forecast', { ...scope(), part: 1, positions: [] });
      expect(locked.json().details.Message).toBe('BudgetAlreadyApproved');
    });

    it('chapters with figures', async () => {
      const list = await call('GET', `Budget/Chapters?${q()}&part=2&withBudgetOnly=true&pageSize=2`);
      expect(list.json()).toMatchObject({ page: 1, pageSize: 2, total: 3, totalPages: 2 });
      expect(list.json().entities.map((e: { chapter: string; budgetFinal: number }) => [e.chapter, e.budgetFinal])).toEqual([
        ['21003', 20_000.5],
        ['22002', 500],
      ]);
      const one = await call('GET', `Budget/Chapter?${q()}&chapter=2-1-003`);
      expect(one.json()).toMatchObject({
        chapter: '21003',
        budgetInitial: 20_000.5,
        budgetChanges: 0,
        budgetFinal: 20_000.5,
        availableAfterPlannedExpenses: 20_000.5,
        finalResidue: null,
      });
      const missing = await call('GET', `Budget/Chapter?${q()}&chapter=21999`);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().details.Message).toBe('ChapterNotFound');
    });

    it('changes: create, save in euros, list, one by record number, chapter before', async () => {
      const created = await call('POST', 'Budget/Changes', { ...scope(), approved: `${YEAR}-03-01`, notes: 'Ausschuss' });
      expect(created.json()).toMatchObject({ recordNumber: 1, positions: [], totals: { revenues: 0, expenses: 0, balance: 0 } });
      const unbalanced = await call('PUT', 'Budget/Changes', {
        ...scope(),
        recordNumber: 1,
        approved: `${YEAR}-03-01`,
        notes: 'Ausschuss',
        positions: [
          { chapter: '11006', amount: 123.45 },
          { chapter: '21006', amount: 123.44 },
        ],
      });
      expect(unbalanced.statusCode).toBe(409);
      expect(unbalanced.json().details.Message).toBe('BudgetNotBalanced');
      const negative = await call('PUT', 'Budget/Changes', {
        ...scope(),
        recordNumber: 1,
        approved: `${YEAR}-03-01`,
        positions: [
          { chapter: '22002', amount: -500.01 },
          { chapter: '21006', amount: 500.01 },
        ],
      });
      expect(negative.json().details).toMatchObject({ Message: 'BudgetFinalNegative', Params: { chapter: '22002' } });
      const saved = await call('PUT', 'Budget/Changes', {
        ...scope(),
        recordNumber: 1,
        approved: `${YEAR}-03-01`,
        notes: 'Ausschuss',
        positions: [
          { chapter: '11006', amount: 123.45 },
          { chapter: '21006', amount: 123.45 },
        ],
      });
      expect(saved.statusCode).toBe(200);
      // the nested position of spec 1 §3: chapter (code, chapterId, names, isEditable, budget), amount, budgetBeforeChange, changeAmount
      expect(
        saved
          .json()
          .positions.map((p: { chapter: Record<string, unknown>; amount: number; budgetBeforeChange: number; changeAmount: number }) => [
            p.chapter.code,
            p.budgetBeforeChange,
            p.amount,
            p.changeAmount,
            p.chapter.budget,
          ]),
      ).toEqual([
        ['11006', 0, 123.45, 123.45, 123.45],
        ['21006', 0, 123.45, 123.45, 123.45],
      ]);
      expect(saved.json().positions[1].chapter).toMatchObject({
        code: '21006',
        chapterId: expect.any(Number),
        descriptionDeu: expect.any(String),
        descriptionIta: expect.any(String),
        isEditable: false,
        budget: 123.45,
      });
      // the answer goes back as it came, with one amount changed: accepted (amount wins over changeAmount)
      const echoed = saved.json().positions.map((p: Record<string, unknown>) => ({ ...p, amount: 200 }));
      const again = await call('PUT', 'Budget/Changes', { ...scope(), recordNumber: 1, approved: `${YEAR}-03-01`, notes: 'Ausschuss', positions: echoed });
      expect(again.statusCode).toBe(200);
      expect(again.json().totals).toEqual({ revenues: 200, expenses: 200, balance: 0 });
      const back = await call('PUT', 'Budget/Changes', {
        ...scope(),
        recordNumber: 1,
        approved: `${YEAR}-03-01`,
        notes: 'Ausschuss',
        positions: [
          { chapter: { code: '11006', chapterId: null }, changeAmount: 123.45 },
          { chapter: { chapterId: saved.json().positions[1].chapter.chapterId }, amount: 123.45 },
        ],
      });
      expect(back.json().totals).toEqual({ revenues: 123.45, expenses: 123.45, balance: 0 });
      expect((await call('GET', `Budget/Changes?${q()}`)).json()).toEqual([
        { id: created.json().id, recordNumber: 1, approved: `${YEAR}-03-01`, notes: 'Ausschuss' },
      ]);
      expect((await call('GET', `Budget/Changes?${q()}&recordNumber=1`)).json().totals).toEqual({ revenues: 123.45, expenses: 123.45, balance: 0 });
      const before = await call('GET', `Budget/Changes/ChapterBefore?${q()}&changeId=${created.json().id}&chapter=21006`);
      expect(before.json()).toMatchObject({ chapter: '21006', budgetFinal: 0 });
      expect((await call('GET', `Budget/Changes/ChapterBefore?${q()}&chapterId=${before.json().chapterId}`)).json().budgetFinal).toBe(123.45);
      const badDate = await call('POST', 'Budget/Changes', { ...scope(), approved: `${YEAR - 1}-12-31` });
      expect(badDate.json().details).toMatchObject({ Message: 'InvalidDate', Field: 'approved' });
    });

    it('adjustment: GET an empty head first, POST head, PUT positions with the surplus delta', async () => {
      const empty = await call('GET', `Budget/Adjust?${q()}`);
      expect(empty.statusCode).toBe(200);
      expect(empty.json()).toMatchObject({
        id: 0,
        recordNumber: -1,
        notes: '',
        surplusActual: 0,
        surplusPlanned: 500,
        positions: [],
        totals: { revenues: 0, expenses: 0, balance: 0 },
      });
      expect(empty.json().approved).toMatch(new RegExp(`^${YEAR}-\\d\\d-\\d\\d$`));
      const created = await call('POST', 'Budget/Adjust', { ...scope(), approved: `${YEAR}-05-10`, notes: 'Vollversammlung', surplusActual: 600 });
      expect(created.json()).toMatchObject({ recordNumber: -1, surplusActual: 600, surplusPlanned: 500, totals: { balance: 100 } });
      const again = await call('POST', 'Budget/Adjust', { ...scope(), approved: `${YEAR}-05-10`, surplusActual: 600 });
      expect(again.json().details.Message).toBe('AdjustmentExists');
      const saved = await call('PUT', 'Budget/Adjust', {
        ...scope(),
        approved: `${YEAR}-05-10`,
        notes: 'Vollversammlung',
        surplusActual: 600,
        positions: [{ chapter: '21016', amount: 100 }],
      });
      expect(saved.json()).toMatchObject({
        totals: { revenues: 0, expenses: 100, balance: 0 },
        positions: [{ chapter: { code: '21016', budget: 100 }, amount: 100, budgetBeforeChange: 0, changeAmount: 100 }],
      });
      expect((await call('GET', `Budget/Adjust?${q()}`)).json().positions).toHaveLength(1);
    });

    it('print data: by chapter, protocols, forecast export', async () => {
      const byChapter = await call('GET', `budget/changes/byChapter?${q()}&part=2&withDetails=true&onlyChaptersWithChanges=true`);
      expect(byChapter.json().hasDetails).toBe(true);
      expect(byChapter.json().items.map((i: Record<string, unknown>) => [i.chapter, i.budgetInitial, i.budgetChanges, i.budgetFinal])).toEqual([
        ['21006', 0, 123.45, 123.45],
        ['21016', 0, 100, 100],
      ]);
      expect(byChapter.json().items[1].changes).toEqual([{ recordNumber: -1, approved: `${YEAR}-05-10`, notes: 'Vollversammlung', amount: 100 }]);
      const adjustment = await call('GET', `budget/changes/adjustmentProtocol?${q()}`);
      expect(adjustment.json().adjustment).toMatchObject({
        recordNumber: -1,
        surplusActual: 600,
        surplusPlanned: 500,
        positions: [{ chapter: '21016', budgetBefore: 0, amount: 100, budgetAfter: 100 }],
      });
      expect(adjustment.json().department).toMatchObject({ code: '101', cashierRole: 'cashier' });
      const protocol = await call('GET', `budget/changes/changesProtocol?${q()}&recordFrom=1&recordTo=1`);
      expect(protocol.json().sessions.map((s: { recordNumber: number }) => s.recordNumber)).toEqual([1]);
      expect(protocol.json().sessions[0].totals).toEqual({ revenues: 123.45, expenses: 123.45, balance: 0 });
      expect(protocol.json().titels).toHaveLength(6);
      const exported = await call('POST', 'Budget/Forecast/Export', { ...scope(), withoutValues: false, details: true, summary: true, includes: { part: 2 } });
      expect(exported.statusCode).toBe(200);
      expect(exported.json()).toMatchObject({ financialYear: YEAR, area: 3, approval: `${YEAR}-01-15` });
      expect(exported.json().details[0]).toMatchObject({ part: 2, totalCurrYear: 21_500.5 });
      expect(exported.json().summary).toMatchObject({ surplusUsed: 500, surplusUsedPrevYear: 6195, revenues: 21_000.5, expenses: 21_500.5 });
      const union = await call('POST', 'Budget/Forecast/Export', { area: 1, year: YEAR });
      expect(union.statusCode).toBe(400);
      expect(union.json().details.Message).toBe('DepartmentNeeded');
    });

    it('spec shapes: forecast chapterId null, withBudgetOnly, DELETE of the latest change', async () => {
      // a forecast position with chapterId null resolves its chapter by code (the 102 scope is untouched)
      const s102 = { departmentId: t.dept('102'), year: YEAR };
      const forecast = await call(
        'PUT',
        'Budget/Forecast',
        { ...s102, part: 2, positions: [{ chapterId: null, chapter: '21003', amountCurrYear: 12.5 }] },
        'supervisor',
      );
      expect(forecast.statusCode).toBe(200);
      expect(forecast.json().positions.find((p: { chapter: string }) => p.chapter === '21003')).toMatchObject({ amountCurrYear: 12.5 });
      expect(forecast.json().isPreviousYearBudgetEditable).toBe(false);
      // withBudgetOnly: 21005 has no line in 101 (the chart has it)
      expect((await call('GET', `Budget/Chapter?${q()}&chapter=21005`)).statusCode).toBe(200);
      const onlyBudget = await call('GET', `Budget/Chapter?${q()}&chapter=21005&withBudgetOnly=true`);
      expect(onlyBudget.statusCode).toBe(404);
      expect(onlyBudget.json().details.Message).toBe('ChapterNotFound');
      expect((await call('GET', `Budget/Chapter?${q()}&chapter=21006&withBudgetOnly=true`)).json().budgetFinal).toBe(123.45);
      const all = (await call('GET', `Budget/Chapters?${q()}&part=2&pageSize=100`)).json();
      const withBudget = (await call('GET', `Budget/Chapters?${q()}&part=2&pageSize=100&withBudgetOnly=true`)).json();
      const codes = (page: { entities: { chapter: string; lineId: number | null }[] }) => page.entities.map((e) => e.chapter);
      expect(codes(all)).toContain('21005');
      expect(codes(withBudget)).not.toContain('21005');
      expect(withBudget.entities.every((e: { lineId: number | null }) => e.lineId !== null)).toBe(true);
      // a change made by mistake: only the latest goes, its number comes back
      const second = await call('POST', 'Budget/Changes', { ...scope(), approved: `${YEAR}-04-01`, notes: 'Irrtum' });
      expect(second.json().recordNumber).toBe(2);
      const notLatest = await t.app.inject({ method: 'DELETE', url: `/api/Budget/Changes/1?${q()}`, headers: t.auth('kassier') });
      expect(notLatest.statusCode).toBe(409);
      expect(notLatest.json().details).toMatchObject({ Message: 'InUse', Params: { usedBy: 'laterChanges' } });
      const deleted = await t.app.inject({ method: 'DELETE', url: `/api/Budget/Changes/2?${q()}`, headers: t.auth('kassier') });
      expect(deleted.statusCode).toBe(200);
      expect(deleted.json()).toBe(true);
      expect((await call('GET', `Budget/Changes?${q()}`)).json().map((c: { recordNumber: number }) => c.recordNumber)).toEqual([1]);
      const third = await call('POST', 'Budget/Changes', { ...scope(), approved: `${YEAR}-04-02` });
      expect(third.json().recordNumber).toBe(2);
      const byQuery = await t.app.inject({ method: 'DELETE', url: `/api/Budget/Changes?${q()}&recordNumber=2`, headers: t.auth('kassier') });
      expect(byQuery.json()).toBe(true);
    });

    it('needs a token and a linked department', async () => {
      const anonymous = await t.app.inject({ method: 'GET', url: `/api/Budget/Forecast/Summary?${q()}` });
      expect(anonymous.statusCode).toBe(401);
      const foreign = await call('GET', `Budget/Forecast/Summary?departmentId=${t.dept('102')}&year=${YEAR}`);
      expect(foreign.statusCode).toBe(403);
      expect(foreign.json().details.Message).toBe('DepartmentNotAllowed');
      const supervisor = await call('GET', `Budget/Forecast/Summary?departmentId=${t.dept('102')}&year=${YEAR}`, undefined, 'supervisor');
      expect(supervisor.statusCode).toBe(200);
    });
  });
}
