import { schema } from '@app/db';
import { and, eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { createContextInner } from '../../context.ts';
import { createCaller } from '../../root.ts';
import { CURRENT_YEAR, departmentId, describeOnDatabases, expectAppError, signInAs } from '../../test-utils.ts';
import { areaBudgetExists } from '../chart/copy.ts';
import { isChapterInUse } from '../ledger/references.ts';

const { accounts, budgetChanges, budgetHeads, chapterBudgets, chapters, departments, suppliers } = schema;

const YEAR = CURRENT_YEAR;
const JUNE = new Date(`${YEAR}-06-15T10:00:00Z`);

describeOnDatabases('budget', (get) => {
  const as = signInAs(get, '10.9', JUNE);
  const deptId = (code: string) => departmentId(get(), code);
  async function scope(code = '101', year = YEAR) {
    return { departmentId: await deptId(code), year };
  }
  async function chapterId(code: string, area = 3, year = YEAR): Promise<number> {
    const [row] = await get()
      .db.select({ id: chapters.id })
      .from(chapters)
      .where(and(eq(chapters.area, area), eq(chapters.year, year), eq(chapters.chapter, code)));
    if (!row) throw new Error(`no chapter ${code}`);
    return row.id;
  }
  async function lineOf(code: string, dept = '101') {
    const [row] = await get()
      .db.select()
      .from(chapterBudgets)
      .where(and(eq(chapterBudgets.departmentId, await deptId(dept)), eq(chapterBudgets.year, YEAR), eq(chapterBudgets.chapterId, await chapterId(code))));
    return row;
  }
  const pos = (chapter: string, amountCurrYear: number) => ({ chapter, amountCurrYear });
  /** A small balanced forecast, so the scope can be approved. */
  async function saveBalancedForecast(c: Awaited<ReturnType<typeof as>>, s: { departmentId: number; year: number }) {
    await c.budget.forecast.save({ ...s, part: 1, positions: [pos('11001', 100_000)] });
    await c.budget.forecast.save({ ...s, part: 2, positions: [pos('21003', 100_000)] });
  }
  const chg = (chapter: string, amount: number) => ({ chapter, amount });

  // ---- demo data --------------------------------------------------------------------------------

  it('the demo previous year has an approved, balanced forecast with the surplus filled', async () => {
    const c = await as('kassier');
    const summary = await c.budget.forecast.summary(await scope('101', YEAR - 1));
    // Leifers: the department plan at 105 %
    expect(summary.titles).toEqual([
      { title: 1, revenues: 4_559_625, expenses: 3_919_125, surplus: 640_500 },
      { title: 2, revenues: 4_200_000, expenses: 5_460_000, surplus: -1_260_000 },
      { title: 3, revenues: 126_000, expenses: 126_000, surplus: 0 },
    ]);
    expect(summary.totals).toEqual({ revenues: 8_885_625, expenses: 9_505_125, surplusUsed: 619_500, surplus: 0 });
    expect(summary.isBalanced).toEqual({ total: true, title1: true, title3: true });
    expect(summary).toMatchObject({ approval: `${YEAR - 2}-12-15`, isEditable: false });
    const surplus = await c.budget.surplus.get(await scope('101', YEAR - 1));
    // 12.480,50 + 3.200 + 1.500 - 4.100,25 - 2.350 = 10.730,25 at 105 %
    expect(surplus).toMatchObject({ surplus: 1_126_677, surplusUsed: 619_500, isEditable: false });
    for (const code of ['000', '100', '200', '102', '201', '202']) {
      const s = await (await as('supervisor')).budget.forecast.summary(await scope(code, YEAR - 1));
      expect(s.isBalanced, code).toEqual({ total: true, title1: true, title3: true });
      expect(s.totals.revenues, code).toBeGreaterThan(0);
    }
    const current = await c.budget.forecast.summary(await scope());
    expect(current).toMatchObject({ approval: null, isEditable: true, totals: { revenues: 0, expenses: 0, surplusUsed: 0, surplus: 0 } });
  });

  // ---- forecast -----------------------------------------------------------------------------------

  it('lists the forecast positions of a part with last year as previous amount', async () => {
    const c = await as('kassier');
    const part = await c.budget.forecast.get({ ...(await scope()), part: 2 });
    expect(part).toMatchObject({ part: 2, isEditable: true, isPreviousYearBudgetEditable: false });
    expect(part.positions.map((p) => p.chapter)).toEqual([
      '21001',
      '21002',
      '21003',
      '21004',
      '21006',
      '21007',
      '21008',
      '21011',
      '21015',
      '21016',
      '21019',
      '21023',
      '22002',
      '23001',
    ]);
    expect(part.positions.find((p) => p.chapter === '21003')).toEqual({
      chapterId: await chapterId('21003'),
      chapter: '21003',
      title: 1,
      chapterDescriptionDeu: 'Persönliche Schutzausrüstung',
      chapterDescriptionIta: 'Dispositivi di protezione individuale',
      isEditable: false,
      amountCurrYear: 0,
      amountPrevYear: 630_000,
      reminder: false,
      notes: '',
    });
    // last year's final budget counts its changes
    const prev = await scope('101', YEAR - 1);
    const change = await c.budget.changes.create({ ...prev, approved: `${YEAR - 1}-09-01` });
    await c.budget.changes.save({
      ...prev,
      recordNumber: change.recordNumber,
      approved: `${YEAR - 1}-09-01`,
      positions: [chg('21003', 10_000), chg('21001', -10_000)],
    });
    const after = await c.budget.forecast.get({ ...(await scope()), part: 2 });
    expect(after.positions.filter((p) => ['21001', '21003'].includes(p.chapter)).map((p) => [p.chapter, p.amountPrevYear])).toEqual([
      ['21001', 179_000],
      ['21003', 640_000],
    ]);
  });

  it('saves a part: replaces its lines, drops zero amounts, checks the chapters; unbalanced is allowed', async () => {
    const c = await as('kassier');
    const s = await scope();
    await expectAppError(c.budget.forecast.save({ ...s, part: 1, positions: [pos('21003', 100)] }), 'InvalidValue');
    await expectAppError(c.budget.forecast.save({ ...s, part: 1, positions: [pos('11999', 100)] }), 'ChapterNotFound');
    await expectAppError(c.budget.forecast.save({ ...s, part: 1, positions: [pos('11001', 100), pos('1-1-001', 200)] }), 'InvalidValue');
    // a chapter of the union's chart is not in the department's chart
    await expectAppError(
      c.budget.forecast.save({ ...s, part: 1, positions: [{ chapterId: await chapterId('11001', 1), amountCurrYear: 100 }] }),
      'ChapterNotFound',
    );
    await expectAppError(c.budget.forecast.save({ ...s, part: 1, positions: [{ ...pos('11001', 100), notes: 'x'.repeat(201) }] }), 'InvalidValue');

    const revenues = await c.budget.forecast.save({
      ...s,
      part: 1,
      positions: [
        { ...pos('11001', 2_000_000), reminder: true, notes: 'Zusage Gemeinde' },
        pos('1-1-006', 300_000),
        pos('13001', 100_000),
        pos('11011', 0),
        pos('11013', 5_000),
      ],
    });
    const r11001 = revenues.positions.find((p) => p.chapter === '11001');
    expect(r11001).toMatchObject({ amountCurrYear: 2_000_000, amountPrevYear: 1_890_000, reminder: true, notes: 'Zusage Gemeinde' });
    expect(await lineOf('11011')).toBeUndefined();
    expect((await lineOf('11013'))?.budgetInitial).toBe(5_000);
    // saving again replaces: 11013 goes
    await c.budget.forecast.save({
      ...s,
      part: 1,
      positions: [{ ...pos('11001', 2_000_000), reminder: true, notes: 'Zusage Gemeinde' }, pos('11006', 300_000), pos('13001', 100_000)],
    });
    expect(await lineOf('11013')).toBeUndefined();

    const expenses = await c.budget.forecast.save({ ...s, part: 2, positions: [pos('21003', 1_500_000), pos('21006', 200_000), pos('22002', 900_000)] });
    expect(expenses.positions.filter((p) => p.amountCurrYear !== 0).map((p) => [p.chapter, p.amountCurrYear])).toEqual([
      ['21003', 1_500_000],
      ['21006', 200_000],
      ['22002', 900_000],
    ]);
    const summary = await c.budget.forecast.summary(s);
    expect(summary.titles).toEqual([
      { title: 1, revenues: 2_300_000, expenses: 1_700_000, surplus: 600_000 },
      { title: 2, revenues: 0, expenses: 900_000, surplus: -900_000 },
      { title: 3, revenues: 100_000, expenses: 0, surplus: 100_000 },
    ]);
    expect(summary.isBalanced).toEqual({ total: false, title1: true, title3: false });
  });

  it('surplus: computed, surplusUsed between 0 and the surplus', async () => {
    const c = await as('kassier');
    const s = await scope();
    const fields = { cashBalance: 500_000, revenuesActual: 100_000, revenuesResidue: 0, expensesActual: 150_000, expensesResidue: 50_000 };
    await expectAppError(c.budget.surplus.save({ ...s, ...fields, surplusUsed: 400_001 }), 'InvalidValue');
    await expectAppError(c.budget.surplus.save({ ...s, ...fields, surplusUsed: -1 }), 'InvalidValue');
    await expectAppError(c.budget.surplus.save({ ...s, ...fields, cashBalance: 0, surplusUsed: 1 }), 'InvalidValue');
    expect(await c.budget.surplus.save({ ...s, ...fields, surplusUsed: 300_000 })).toEqual({
      ...fields,
      surplus: 400_000,
      surplusUsed: 300_000,
      isEditable: true,
    });
    expect(await c.budget.surplus.get(s)).toMatchObject({ surplus: 400_000, surplusUsed: 300_000 });
  });

  it('approval: an empty forecast is refused (noTitles)', async () => {
    const c = await as('zwei');
    const s = await scope('201');
    expect((await c.budget.forecast.summary(s)).isBalanced).toEqual({ total: true, title1: true, title3: true });
    await expectAppError(c.budget.forecast.approve({ ...s, approval: `${YEAR}-01-20` }), 'BudgetNotBalanced');
    expect((await c.scope.status(s)).isBudgetApproved).toBe(false);
  });

  it('approval: balance, date limits, only the same date once approved, clearing', async () => {
    const c = await as('kassier');
    const s = await scope();
    await expectAppError(c.budget.forecast.approve({ ...s, approval: `${YEAR}-01-20` }), 'BudgetNotBalanced');
    await c.budget.forecast.save({ ...s, part: 2, positions: [pos('21003', 1_500_000), pos('21006', 200_000), pos('22002', 900_000), pos('23001', 100_000)] });
    const summary = await c.budget.forecast.summary(s);
    expect(summary.isBalanced).toEqual({ total: true, title1: true, title3: true });
    expect(summary.totals).toEqual({ revenues: 2_400_000, expenses: 2_700_000, surplusUsed: 300_000, surplus: 0 });

    await expectAppError(c.budget.forecast.approve({ ...s, approval: `${YEAR}-06-16` }), 'InvalidDate');
    await expectAppError(c.budget.forecast.approve({ ...s, approval: `${YEAR - 2}-12-31` }), 'InvalidDate');
    await expectAppError(c.budget.forecast.approve({ ...s, approval: `${YEAR}-02-30` }), 'InvalidValue');
    const later = await as('kassier', new Date(`${YEAR + 1}-02-01T10:00:00Z`));
    await expectAppError(later.budget.forecast.approve({ ...s, approval: `${YEAR + 1}-01-10` }), 'DateAfter31.12');

    expect(await c.budget.forecast.approve({ ...s, approval: `${YEAR}-01-20` })).toBe(true);
    expect(await c.scope.status(s)).toMatchObject({ isBudgetApproved: true, isBudgetClosed: false });
    expect(await c.budget.forecast.approve({ ...s, approval: `${YEAR}-01-20` })).toBe(true);
    await expectAppError(c.budget.forecast.approve({ ...s, approval: `${YEAR}-01-21` }), 'BudgetAlreadyApproved');
    expect(await c.budget.forecast.summary(s)).toMatchObject({ approval: `${YEAR}-01-20`, isEditable: false });
    await expectAppError(c.budget.forecast.save({ ...s, part: 2, positions: [] }), 'BudgetAlreadyApproved');
    await expectAppError(
      c.budget.surplus.save({ ...s, cashBalance: 0, revenuesActual: 0, revenuesResidue: 0, expensesActual: 0, expensesResidue: 0, surplusUsed: 0 }),
      'BudgetAlreadyApproved',
    );
    expect((await c.budget.surplus.get(s)).isEditable).toBe(false);
    expect((await c.budget.forecast.get({ ...s, part: 1 })).isEditable).toBe(false);

    expect(await c.budget.forecast.approve({ ...s, approval: null })).toBe(true);
    expect(await c.scope.status(s)).toMatchObject({ isBudgetApproved: false });
    expect(await c.budget.forecast.approve({ ...s, approval: `${YEAR}-01-20` })).toBe(true);
  });

  it('chapters with figures: paged list of a part and one chapter by code or id', async () => {
    const c = await as('kassier');
    const s = await scope();
    const withBudget = await c.budget.chapters({ ...s, part: 2, withBudgetOnly: true, pageSize: 3 });
    expect(withBudget).toMatchObject({ total: 4, totalPages: 2, page: 1 });
    expect(withBudget.entities.map((e) => [e.chapter, e.budgetInitial, e.budgetFinal])).toEqual([
      ['21003', 1_500_000, 1_500_000],
      ['21006', 200_000, 200_000],
      ['22002', 900_000, 900_000],
    ]);
    const all = await c.budget.chapters({ ...s, part: 1, pageSize: 100 });
    const [{ n } = { n: 0 }] = await get()
      .db.select({ n: sql<number>`count(*)::int` })
      .from(chapters)
      .where(and(eq(chapters.area, 3), eq(chapters.year, YEAR), eq(chapters.part, 1)));
    expect(all.total).toBe(n);
    expect(all.entities.find((e) => e.chapter === '11005')).toMatchObject({ lineId: null, budgetInitial: 0, budgetFinal: 0 });
    const one = await c.budget.chapter({ ...s, chapter: '2-1-003' });
    expect(one).toEqual({
      chapterId: await chapterId('21003'),
      chapter: '21003',
      chapterYear: YEAR,
      part: 2,
      title: 1,
      descriptionDeu: 'Persönliche Schutzausrüstung',
      descriptionIta: 'Dispositivi di protezione individuale',
      searchKeyDeu: 'SCHUTZAUSRÜSTUNG',
      searchKeyIta: 'DPI',
      isEditable: false,
      lineId: (await lineOf('21003'))?.id,
      budgetInitial: 1_500_000,
      budgetChanges: 0,
      budgetFinal: 1_500_000,
      payments: 0,
      openPayments: 0,
      reservations: 0,
      availableAfterDonePayments: 1_500_000,
      availableAfterPlannedExpenses: 1_500_000,
      finalResidue: null,
      availableFinal: 1_500_000,
      toReceive: 0,
    });
    expect((await c.budget.chapter({ ...s, chapterId: await chapterId('11001') })).toReceive).toBe(2_000_000);
    await expectAppError(c.budget.chapter({ ...s, chapter: '21999' }), 'ChapterNotFound');
    // a chapter with a budget line is in use: the chart can't delete it
    expect(await isChapterInUse(get().db, await chapterId('21003'))).toBe(true);
    const sup = await as('supervisor');
    await expectAppError(sup.chart.chapters.delete({ id: await chapterId('21003') }), 'ChartLocked');
    await sup.chart.unlock({ year: YEAR, area: 3, unlocked: true });
    await expectAppError(sup.chart.chapters.delete({ id: await chapterId('21003') }), 'InUse');
    await sup.chart.unlock({ year: YEAR, area: 3, unlocked: false });
  });

  // ---- changes ------------------------------------------------------------------------------------

  it('creates changes with gap-free numbers and checks the head', async () => {
    const c = await as('kassier');
    const s = await scope();
    expect(await c.budget.changes.list(s)).toEqual([]);
    await expectAppError(c.budget.changes.create({ ...s, approved: `${YEAR - 1}-12-31` }), 'InvalidDate');
    await expectAppError(c.budget.changes.create({ ...s, approved: `${YEAR}-06-16` }), 'InvalidDate');
    await expectAppError(c.budget.changes.create({ ...s, approved: `${YEAR}-03-01`, notes: 'x'.repeat(201) }), 'InvalidValue');
    const later = await as('kassier', new Date(`${YEAR + 1}-02-01T10:00:00Z`));
    await expectAppError(later.budget.changes.create({ ...s, approved: `${YEAR + 1}-01-05` }), 'DateAfter31.12');
    const first = await c.budget.changes.create({ ...s, approved: `${YEAR}-03-01`, notes: 'Ausschuss März' });
    expect(first).toMatchObject({
      recordNumber: 1,
      approved: `${YEAR}-03-01`,
      notes: 'Ausschuss März',
      isEditable: true,
      positions: [],
      totals: { revenues: 0, expenses: 0, balance: 0 },
    });
    const second = await c.budget.changes.create({ ...s, approved: `${YEAR}-04-01` });
    expect(second.recordNumber).toBe(2);
    expect((await c.budget.changes.list(s)).map((x) => [x.recordNumber, x.approved, x.notes])).toEqual([
      [1, `${YEAR}-03-01`, 'Ausschuss März'],
      [2, `${YEAR}-04-01`, ''],
    ]);
    await expectAppError(c.budget.forecast.approve({ ...s, approval: null }), 'BudgetInUse');
  });

  it('saves change positions: balance, final budget, new lines, figures before the change', async () => {
    const c = await as('kassier');
    const s = await scope();
    const head = { ...s, approved: `${YEAR}-03-01`, notes: 'Ausschuss März' };
    await expectAppError(c.budget.changes.save({ ...head, recordNumber: 1, positions: [chg('11006', 50_000), chg('21006', 40_000)] }), 'BudgetNotBalanced');
    await expectAppError(
      c.budget.changes.save({ ...head, recordNumber: 1, positions: [chg('21003', -1_600_000), chg('21005', 1_600_000)] }),
      'BudgetFinalNegative',
    );
    await expectAppError(c.budget.changes.save({ ...head, recordNumber: 9, positions: [] }), 'NotFound');
    await expectAppError(c.budget.changes.save({ ...head, approved: `${YEAR - 1}-05-01`, recordNumber: 1, positions: [] }), 'InvalidDate');
    const saved = await c.budget.changes.save({ ...head, recordNumber: 1, positions: [chg('11006', 50_000), chg('2-1-006', 50_000), chg('21001', 0)] });
    expect(saved.totals).toEqual({ revenues: 50_000, expenses: 50_000, balance: 0 });
    expect(saved.positions).toEqual([
      expect.objectContaining({
        chapter: '11006',
        part: 1,
        descriptionDeu: 'Spenden',
        isEditable: false,
        budgetBeforeChange: 300_000,
        changeAmount: 50_000,
        budget: 350_000,
      }),
      expect.objectContaining({ chapter: '21006', part: 2, budgetBeforeChange: 200_000, changeAmount: 50_000, budget: 250_000 }),
    ]);
    expect(await lineOf('21001')).toBeUndefined();

    // a chapter without a current line gets one with budgetInitial 0
    const second = await c.budget.changes.save({
      ...s,
      recordNumber: 2,
      approved: `${YEAR}-04-01`,
      notes: 'Atemschutz',
      positions: [chg('21003', -200_000), chg('21005', 200_000)],
    });
    expect(second.positions.map((p) => [p.chapter, p.budgetBeforeChange, p.changeAmount, p.budget])).toEqual([
      ['21003', 1_500_000, -200_000, 1_300_000],
      ['21005', 0, 200_000, 200_000],
    ]);
    expect(await c.budget.chapter({ ...s, chapter: '21005' })).toMatchObject({ budgetInitial: 0, budgetChanges: 200_000, budgetFinal: 200_000 });
    expect((await c.budget.changes.get({ ...s, recordNumber: 2 })).notes).toBe('Atemschutz');
    await expectAppError(c.budget.changes.get({ ...s, recordNumber: 7 }), 'NotFound');

    // figures before this change
    expect((await c.budget.changes.chapterBefore({ ...s, changeId: second.id, chapter: '21003' })).budgetFinal).toBe(1_500_000);
    expect((await c.budget.changes.chapterBefore({ ...s, chapter: '21003' })).budgetFinal).toBe(1_300_000);
    await expectAppError((await as('supervisor')).budget.changes.create({ ...(await scope('202')), approved: `${YEAR}-03-01` }), 'BudgetNotApproved');
    await expectAppError(c.budget.changes.chapterBefore({ ...s, changeId: 999_999, chapter: '21003' }), 'NotFound');

    // a forecast line a change refers to stays when the forecast is saved without it
    expect((await lineOf('21005'))?.budgetInitial).toBe(0);
  });

  it('availability after planned expenses and payments (real bookings)', async () => {
    const { db } = get();
    const c = await as('kassier');
    const s = await scope();
    const [account] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.departmentId, s.departmentId)).limit(1);
    const [supplier] = await db.select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.departmentId, s.departmentId)).limit(1);
    const expense = { ...s, kind: 'expenses' as const, recordDate: `${YEAR}-04-10`, documentDate: `${YEAR}-04-08`, accountId: account?.id ?? null };
    // Leifers may book open payments for this test only
    await db.update(departments).set({ openPaymentsAllowed: true }).where(eq(departments.id, s.departmentId));
    try {
      await c.movements.save({ ...expense, type: 1, positions: [{ chapter: '21006', amount: 100_000 }] });
      await c.movements.save({ ...expense, type: 2, supplierId: supplier?.id ?? null, positions: [{ chapter: '21006', amount: 50_000 }] });
      // 21006: final 2.500,00, paid 1.000,00, open 500,00 -> available after planned 1.000,00
      expect(await c.budget.chapter({ ...s, chapter: '21006' })).toMatchObject({
        budgetFinal: 250_000,
        payments: 100_000,
        openPayments: 50_000,
        reservations: 0,
        availableAfterDonePayments: 150_000,
        availableAfterPlannedExpenses: 100_000,
        availableFinal: 150_000,
      });
      const third = await c.budget.changes.create({ ...s, approved: `${YEAR}-05-01` });
      expect(third.recordNumber).toBe(3);
      const head = { ...s, recordNumber: 3, approved: `${YEAR}-05-01`, notes: '' };
      let caught: unknown;
      try {
        await c.budget.changes.save({ ...head, positions: [chg('21006', -120_000), chg('21003', 120_000)] });
      } catch (error) {
        caught = error;
      }
      expect((caught as { shape?: unknown; cause?: { code?: string; params?: unknown } }).cause).toMatchObject({
        code: 'AvailableExceeded',
        // 1.000,00 available after planned expenses - 1.200,00 reduction: 200,00 past it
        params: { chapter: '21006', excess: '20000' },
      });
      const confirmed = await c.budget.changes.save({ ...head, confirmAvailableExceeded: true, positions: [chg('21006', -120_000), chg('21003', 120_000)] });
      expect(confirmed.positions.find((p) => p.chapter === '21006')).toMatchObject({ budgetBeforeChange: 250_000, budget: 130_000 });
      // below what is already paid: 2.500,00 - 1.600,00 = 900,00 < 1.000,00 paid
      await expectAppError(
        c.budget.changes.save({ ...head, confirmAvailableExceeded: true, positions: [chg('21006', -160_000), chg('21003', 160_000)] }),
        'BudgetFinalNegative',
      );
      // raising an exceeded chapter is no problem
      expect((await c.budget.changes.save({ ...head, positions: [chg('21006', -100_000), chg('21003', 100_000)] })).totals.balance).toBe(0);
    } finally {
      // the bookings go again (latest first: deleted, numbers given back), so the later tests see none
      await c.movements.delete({ ...s, kind: 'expenses', recordNumber: 2 });
      await c.movements.delete({ ...s, kind: 'expenses', recordNumber: 1 });
      await db.update(departments).set({ openPaymentsAllowed: false }).where(eq(departments.id, s.departmentId));
    }
  });

  it('a chapter line with a determined final residue cannot change', async () => {
    const { db } = get();
    const c = await as('kassier');
    const s = await scope();
    const line = await lineOf('11006');
    await db
      .update(chapterBudgets)
      .set({ finalResidue: 0 })
      .where(eq(chapterBudgets.id, line?.id ?? 0));
    try {
      await expectAppError(
        c.budget.changes.save({ ...s, recordNumber: 3, approved: `${YEAR}-05-01`, positions: [chg('11006', 10_000), chg('21003', 10_000)] }),
        'ChapterHasResidue',
      );
      // its existing change (record 1) may not be taken back either
      await expectAppError(c.budget.changes.save({ ...s, recordNumber: 1, approved: `${YEAR}-03-01`, positions: [] }), 'ChapterHasResidue');
    } finally {
      await db
        .update(chapterBudgets)
        .set({ finalResidue: null })
        .where(eq(chapterBudgets.id, line?.id ?? 0));
    }
  });

  // ---- adjustment ---------------------------------------------------------------------------------

  it('adjustment: one per scope, balance with the surplus delta, descriptions for editable chapters', async () => {
    const { db } = get();
    const c = await as('kassier');
    const s = await scope();
    expect(await c.budget.adjustment.get(s)).toBeNull();
    const created = await c.budget.adjustment.create({ ...s, approved: `${YEAR}-05-10`, notes: 'Vollversammlung', surplusActual: 350_000 });
    expect(created).toMatchObject({
      recordNumber: -1,
      surplusActual: 350_000,
      surplusPlanned: 300_000,
      positions: [],
      totals: { revenues: 0, expenses: 0, balance: 50_000 },
    });
    await expectAppError(c.budget.adjustment.create({ ...s, approved: `${YEAR}-05-10`, surplusActual: 0 }), 'AdjustmentExists');
    const head = { ...s, approved: `${YEAR}-05-10`, notes: 'Vollversammlung', surplusActual: 350_000 };
    await expectAppError(c.budget.adjustment.save({ ...head, positions: [] }), 'BudgetNotBalanced');
    await expectAppError(c.budget.adjustment.save({ ...head, approved: `${YEAR}-07-01`, positions: [chg('21016', 50_000)] }), 'InvalidDate');

    const [empty] = await db
      .insert(chapters)
      .values({ year: YEAR, area: 3, part: 2, chapter: '21900', title: 1, chapterShort: '900', emptyChapter: true })
      .returning({ id: chapters.id });
    await expectAppError(c.budget.adjustment.save({ ...head, positions: [chg('21016', 30_000), chg('21900', 20_000)] }), 'InvalidValue');
    await expectAppError(
      c.budget.adjustment.save({ ...head, positions: [chg('21016', 30_000), { ...chg('21900', 20_000), descriptionDeu: 'Drohne' }] }),
      'InvalidValue',
    );
    const saved = await c.budget.adjustment.save({
      ...head,
      positions: [chg('21016', 30_000), { chapterId: empty?.id, amount: 20_000, descriptionDeu: 'Drohne', descriptionIta: 'Drone' }],
    });
    expect(saved).toMatchObject({ recordNumber: -1, totals: { revenues: 0, expenses: 50_000, balance: 0 } });
    expect(saved.positions.map((p) => [p.chapter, p.descriptionDeu, p.descriptionIta, p.isEditable, p.budgetBeforeChange, p.changeAmount, p.budget])).toEqual([
      ['21016', 'Aus- und Weiterbildung, Schulungen', 'Formazione e corsi', false, 0, 30_000, 30_000],
      ['21900', 'Drohne', 'Drone', true, 0, 20_000, 20_000],
    ]);
    expect((await c.budget.changes.chapterBefore({ ...s, chapter: '21016', beforeAdjustment: true })).budgetFinal).toBe(0);
    expect((await c.budget.changes.chapterBefore({ ...s, chapter: '21016' })).budgetFinal).toBe(30_000);
    // the adjustment is not a numbered change
    expect((await c.budget.changes.list(s)).map((x) => x.recordNumber)).toEqual([1, 2, 3]);
    // a lower actual surplus takes budget away
    const lower = await c.budget.adjustment.save({ ...head, surplusActual: 280_000, positions: [chg('21016', 10_000), chg('21006', -30_000)] });
    expect(lower).toMatchObject({ surplusActual: 280_000, totals: { revenues: 0, expenses: -20_000, balance: 0 } });
    expect(lower.positions.map((p) => [p.chapter, p.budgetBeforeChange, p.changeAmount, p.budget])).toEqual([
      ['21006', 150_000, -30_000, 120_000],
      ['21016', 0, 10_000, 10_000],
    ]);
    // 21016 would end at 10,00 - 30,00
    await expectAppError(c.budget.adjustment.save({ ...head, surplusActual: 280_000, positions: [chg('21016', -20_000)] }), 'BudgetFinalNegative');
  });

  // ---- prints -------------------------------------------------------------------------------------

  it('print data: forecast export, changes by chapter, protocols', async () => {
    const c = await as('kassier');
    const s = await scope();
    const exported = await c.budget.prints.forecast({ departmentId: s.departmentId, year: YEAR, includes: { part: 1 } });
    expect(exported).toMatchObject({ financialYear: YEAR, area: 3, withoutValues: false, approval: `${YEAR}-01-20`, date: `${YEAR}-06-15` });
    expect(exported.department).toMatchObject({ code: '101', nameDeu: 'Freiwillige Feuerwehr Leifers', cashierRole: 'cashier', commanderRole: 'commander' });
    expect(exported.details?.map((p) => p.part)).toEqual([1]);
    const title1 = exported.details?.[0]?.titles[0];
    expect(title1).toMatchObject({ title: 1, descriptionDeu: 'Laufende Einnahmen', totalCurrYear: 2_300_000 });
    // previous year at 105 %: 18.900 + 6.825 + 2.520 + 3.150 + 9.450 + 4.725 + 26,25
    expect(title1?.totalPrevYear).toBe(4_559_625);
    expect(title1?.chapters.find((x) => x.chapter === '11001')).toEqual({
      chapter: '11001',
      descriptionDeu: 'Ordentlicher Beitrag der Gemeinde',
      descriptionIta: 'Contributo ordinario del Comune',
      amountCurrYear: 2_000_000,
      amountPrevYear: 1_890_000,
    });
    expect(exported.summary?.titles[0]).toMatchObject({
      title: 1,
      revenues: 2_300_000,
      expenses: 1_700_000,
      revenuesPrevYear: 4_559_625,
      expensesPrevYear: 3_919_125,
    });
    expect(exported.summary).toMatchObject({ surplusUsed: 300_000, surplusUsedPrevYear: 619_500, revenues: 2_400_000, expenses: 2_700_000 });
    const form = await c.budget.prints.forecast({ departmentId: s.departmentId, year: YEAR, withoutValues: true, summary: false });
    expect(form.summary).toBeNull();
    expect(form.details?.flatMap((p) => p.titles.flatMap((t) => t.chapters)).every((x) => x.amountCurrYear === 0 && x.amountPrevYear === 0)).toBe(true);
    await expectAppError(c.budget.prints.forecast({ area: 1, year: YEAR }), 'DepartmentNeeded');
    expect((await c.budget.prints.forecast({ area: 2, year: YEAR })).department).toBeNull();
    const union = await (await as('admin')).budget.prints.forecast({ departmentId: await deptId('000'), year: YEAR - 1 });
    expect(union.department).toMatchObject({ cashierRole: 'accountant', commanderRole: 'president' });
    await expectAppError(c.budget.prints.forecast({ departmentId: await deptId('102'), year: YEAR }), 'DepartmentNotAllowed');

    const byChapter = await c.budget.prints.changesByChapter({ ...s, part: 2, titelFrom: 1, titelTo: 1, withDetails: true, onlyChaptersWithChanges: true });
    expect(byChapter.hasDetails).toBe(true);
    // 21003: -2.000 (2) +1.000 (3); 21006: +500 (1) -1.000 (3) -300 (adjustment); 21900 has a line but no change left
    expect(byChapter.items.map((i) => [i.chapter, i.budgetInitial, i.budgetChanges, i.budgetFinal])).toEqual([
      ['21003', 1_500_000, -100_000, 1_400_000],
      ['21005', 0, 200_000, 200_000],
      ['21006', 200_000, -80_000, 120_000],
      ['21016', 0, 10_000, 10_000],
    ]);
    expect(byChapter.items.find((i) => i.chapter === '21006')?.changes.map((x) => [x.recordNumber, x.approved, x.amount])).toEqual([
      [-1, `${YEAR}-05-10`, -30_000],
      [1, `${YEAR}-03-01`, 50_000],
      [3, `${YEAR}-05-01`, -100_000],
    ]);
    const all = await c.budget.prints.changesByChapter({ ...s, part: 2 });
    expect(all.items.map((i) => i.chapter)).toEqual(['21003', '21005', '21006', '21016', '21900', '22002', '23001']);
    expect(all.items.every((i) => i.changes.length === 0)).toBe(true);
    const noDetails = await c.budget.prints.changesByChapter({ ...s, part: 1 });
    expect(noDetails).toMatchObject({ hasDetails: false });
    expect(noDetails.items.map((i) => i.chapter)).toEqual(['11001', '11006', '13001']);

    const adjustment = await c.budget.prints.adjustmentProtocol(s);
    expect(adjustment.adjustment).toMatchObject({
      recordNumber: -1,
      surplusActual: 280_000,
      surplusPlanned: 300_000,
      totals: { revenues: 0, expenses: -20_000, balance: 0 },
    });
    expect(adjustment.adjustment?.positions).toEqual([
      {
        chapter: '21006',
        part: 2,
        title: 1,
        descriptionDeu: 'Treibstoffe',
        descriptionIta: 'Carburanti',
        budgetBefore: 150_000,
        amount: -30_000,
        budgetAfter: 120_000,
      },
      {
        chapter: '21016',
        part: 2,
        title: 1,
        descriptionDeu: 'Aus- und Weiterbildung, Schulungen',
        descriptionIta: 'Formazione e corsi',
        budgetBefore: 0,
        amount: 10_000,
        budgetAfter: 10_000,
      },
    ]);
    expect(adjustment.titels).toHaveLength(6);

    const protocol = await c.budget.prints.changesProtocol(s);
    expect(protocol.sessions.map((x) => x.recordNumber)).toEqual([1, 2, 3, -1]);
    expect(protocol.sessions[0]?.positions.map((p) => [p.chapter, p.budgetBefore, p.amount, p.budgetAfter])).toEqual([
      ['11006', 300_000, 50_000, 350_000],
      ['21006', 70_000, 50_000, 120_000],
    ]);
    expect((await c.budget.prints.changesProtocol({ ...s, recordFrom: 2, recordTo: 3 })).sessions.map((x) => x.recordNumber)).toEqual([2, 3]);
    expect(
      (await c.budget.prints.changesProtocol({ ...s, approvalDateFrom: `${YEAR}-04-01`, approvalDateTo: `${YEAR}-04-30` })).sessions.map((x) => x.recordNumber),
    ).toEqual([2]);
  });

  // ---- states, roles, concurrency -------------------------------------------------------------

  it('a budget not approved refuses changes and the adjustment; a closed budget refuses every write', async () => {
    const { db } = get();
    const c = await as('zwei');
    const s201 = await scope('201');
    await expectAppError(c.budget.changes.create({ ...s201, approved: `${YEAR}-03-01` }), 'BudgetNotApproved');
    await expectAppError(c.budget.adjustment.create({ ...s201, approved: `${YEAR}-03-01`, surplusActual: 0 }), 'BudgetNotApproved');

    const s = await scope('102');
    await saveBalancedForecast(c, s);
    expect(await c.budget.forecast.approve({ ...s, approval: `${YEAR}-01-10` })).toBe(true);
    const change = await c.budget.changes.create({ ...s, approved: `${YEAR}-02-01` });
    await c.budget.adjustment.create({ ...s, approved: `${YEAR}-02-01`, surplusActual: 0 });
    await db
      .update(budgetHeads)
      .set({ finalApproved: `${YEAR}-06-01` })
      .where(and(eq(budgetHeads.departmentId, s.departmentId), eq(budgetHeads.year, YEAR)));
    expect(await c.scope.status(s)).toMatchObject({ isBudgetClosed: true });
    await expectAppError(c.budget.changes.create({ ...s, approved: `${YEAR}-03-01` }), 'BudgetClosed');
    await expectAppError(c.budget.changes.save({ ...s, recordNumber: change.recordNumber, approved: `${YEAR}-03-01`, positions: [] }), 'BudgetClosed');
    await expectAppError(c.budget.adjustment.save({ ...s, approved: `${YEAR}-03-01`, surplusActual: 0, positions: [] }), 'BudgetClosed');
    await expectAppError(c.budget.forecast.save({ ...s, part: 1, positions: [] }), 'BudgetClosed');
    await expectAppError(
      c.budget.surplus.save({ ...s, cashBalance: 0, revenuesActual: 0, revenuesResidue: 0, expensesActual: 0, expensesResidue: 0, surplusUsed: 0 }),
      'BudgetClosed',
    );
    await expectAppError(c.budget.forecast.approve({ ...s, approval: null }), 'BudgetClosed');
    expect((await c.budget.changes.get({ ...s, recordNumber: 1 })).isEditable).toBe(false);
    expect((await c.budget.adjustment.get(s))?.isEditable).toBe(false);
  });

  it('a standard user of another department is refused', async () => {
    const c = await as('kassier');
    const s = await scope('102');
    await expectAppError(c.budget.forecast.summary(s), 'DepartmentNotAllowed');
    await expectAppError(c.budget.forecast.save({ ...s, part: 1, positions: [] }), 'DepartmentNotAllowed');
    await expectAppError(c.budget.changes.create({ ...s, approved: `${YEAR}-03-01` }), 'DepartmentNotAllowed');
    await expectAppError(c.budget.adjustment.get(s), 'DepartmentNotAllowed');
    await expectAppError(c.budget.chapters({ ...s }), 'DepartmentNotAllowed');
    await expectAppError(c.budget.prints.changesProtocol(s), 'DepartmentNotAllowed');
    await expectAppError((await anonymousCaller()).budget.forecast.summary(await scope()), 'NotAuthenticated');
  });

  async function anonymousCaller() {
    return createCaller(await createContextInner({ db: get().db }));
  }

  it('forecast lines count as an existing budget for the chart copy', async () => {
    const c = await as('admin');
    const s = await scope('100');
    expect(await areaBudgetExists(get().db, 2, YEAR)).toBe(false);
    await c.budget.forecast.save({ ...s, part: 1, positions: [{ chapter: '11001', amountCurrYear: 100_000 }] });
    expect(await areaBudgetExists(get().db, 2, YEAR)).toBe(true);
    await c.budget.forecast.save({ ...s, part: 1, positions: [] });
    expect(await areaBudgetExists(get().db, 2, YEAR)).toBe(false);
  });

  it('two concurrent creates get consecutive record numbers without gaps', async () => {
    const c = await as('supervisor');
    const s = await scope('202');
    await saveBalancedForecast(c, s);
    expect(await c.budget.forecast.approve({ ...s, approval: `${YEAR}-01-05` })).toBe(true);
    const created = await Promise.all([
      c.budget.changes.create({ ...s, approved: `${YEAR}-02-01` }),
      c.budget.changes.create({ ...s, approved: `${YEAR}-02-02` }),
    ]);
    expect(created.map((x) => x.recordNumber).sort()).toEqual([1, 2]);
    expect((await c.budget.changes.create({ ...s, approved: `${YEAR}-02-03` })).recordNumber).toBe(3);
    const rows = await get()
      .db.select({ n: budgetChanges.recordNumber })
      .from(budgetChanges)
      .where(and(eq(budgetChanges.departmentId, s.departmentId), eq(budgetChanges.year, YEAR)));
    expect(rows.map((r) => r.n).sort()).toEqual([1, 2, 3]);
  });

  it('the approval waits for a chart write that share-locks the year row, then locks the chart', async () => {
    // PostgreSQL: the approval's FOR UPDATE on the year row waits for the share lock. PGlite has one
    // connection: the open transaction holds it, so the approval waits all the same.
    const c = await as('zwei');
    const s = await scope('201');
    await saveBalancedForecast(c, s);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let signal: () => void = () => undefined;
    const locked = new Promise<void>((resolve) => (signal = resolve));
    const holder = get().db.transaction(async (tx) => {
      await tx.execute(sql`select year from financial_years where year = ${YEAR} for share`);
      signal();
      await held;
    });
    await locked;
    let done = false;
    const approval = c.budget.forecast.approve({ ...s, approval: `${YEAR}-01-12` }).then((r) => {
      done = true;
      return r;
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(done).toBe(false);
    release();
    await holder;
    expect(await approval).toBe(true);
    expect((await c.budget.forecast.summary(s)).approval).toBe(`${YEAR}-01-12`);
    // the approval came after the chart write: from now on the area's chart is locked
    const sup = await as('supervisor');
    expect(await sup.chart.status({ ...s, area: 3 })).toMatchObject({ locked: true, approvedBudgets: true });
    await expectAppError(sup.chart.titles.create({ ...s, area: 3, part: 1, title: 8, descriptionDeu: 'Neu', descriptionIta: 'Nuovo' }), 'ChartLocked');
  });
});
