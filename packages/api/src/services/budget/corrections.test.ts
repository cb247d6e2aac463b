import { schema } from '@app/db';
import { and, eq, notInArray } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { CURRENT_YEAR, departmentId, describeOnDatabases, expectAppError, signInAs } from '../../test-utils.ts';

const { chapterBudgets, chapters, departments, financialYears, userDepartments, users } = schema;

const YEAR = CURRENT_YEAR;
const PREV = YEAR - 1;
const JUNE = new Date(`${YEAR}-06-15T10:00:00Z`);

describeOnDatabases('budget corrections (issue 9)', (get) => {
  const as = signInAs(get, '10.19', JUNE);
  const deptId = (code: string) => departmentId(get(), code);
  /** A new department (brigade) with no budget in any year, linked to kassier. */
  async function newDepartment(code: string): Promise<number> {
    const [row] = await get()
      .db.insert(departments)
      .values({ code, name1Deu: 'Freiwillige Feuerwehr', name2Deu: `Neu ${code}`, name1Ita: 'Vigili del Fuoco', name2Ita: `Nuovo ${code}` })
      .returning({ id: departments.id });
    if (!row) throw new Error('insert failed');
    const [kassier] = await get().db.select({ id: users.id }).from(users).where(eq(users.username, 'kassier'));
    await get()
      .db.insert(userDepartments)
      .values({ userId: kassier?.id ?? 0, departmentId: row.id });
    return row.id;
  }

  // ---- previous-year amounts in a department's first year --------------------------------------

  it('first year of a brigade: the previous-year amounts are typed, saved and printed; later years derive them', async () => {
    const c = await as('kassier');
    const s = { departmentId: await newDepartment('105'), year: YEAR };
    const empty = await c.budget.forecast.get({ ...s, part: 2 });
    expect(empty).toMatchObject({ isEditable: true, isPreviousYearBudgetEditable: true, positions: [] });
    // chapterId null resolves the chapter by its code (clients written against the spec send it)
    const saved = await c.budget.forecast.save({
      ...s,
      part: 2,
      positions: [
        { chapterId: null, chapter: '21003', amountCurrYear: 50_000, amountPrevYear: 45_000 },
        { chapter: '21006', amountCurrYear: 0, amountPrevYear: 12_000 },
        { chapter: '21001', amountCurrYear: 7_000 },
      ],
    });
    expect(saved.positions.map((p) => [p.chapter, p.amountCurrYear, p.amountPrevYear])).toEqual([
      ['21001', 7_000, 0],
      ['21003', 50_000, 45_000],
      ['21006', 0, 12_000],
    ]);
    // the revenues part keeps its own typed amounts
    await c.budget.forecast.save({ ...s, part: 1, positions: [{ chapter: '11001', amountCurrYear: 57_000, amountPrevYear: 57_000 }] });
    expect((await c.budget.forecast.get({ ...s, part: 2 })).positions.find((p) => p.chapter === '21006')?.amountPrevYear).toBe(12_000);
    // the forecast print carries them in the previous-year columns
    const print = await c.budget.prints.forecast({ departmentId: s.departmentId, year: YEAR });
    const expenses = print.details?.find((d) => d.part === 2);
    expect(expenses?.totalPrevYear).toBe(57_000);
    expect(print.details?.find((d) => d.part === 1)?.totalPrevYear).toBe(57_000);
    // a second save replaces them (0 drops one)
    await c.budget.forecast.save({
      ...s,
      part: 2,
      positions: [
        { chapter: '21003', amountCurrYear: 50_000, amountPrevYear: 40_000 },
        { chapter: '21006', amountCurrYear: 0, amountPrevYear: 0 },
      ],
    });
    expect((await c.budget.forecast.get({ ...s, part: 2 })).positions.map((p) => [p.chapter, p.amountPrevYear])).toEqual([['21003', 40_000]]);

    // 101 has a forecast last year: read-only, derived, a sent amountPrevYear is ignored
    const s101 = { departmentId: await deptId('101'), year: YEAR };
    const derived = await c.budget.forecast.save({ ...s101, part: 2, positions: [{ chapter: '21003', amountCurrYear: 1_000, amountPrevYear: 99 }] });
    expect(derived.isPreviousYearBudgetEditable).toBe(false);
    expect(derived.positions.find((p) => p.chapter === '21003')?.amountPrevYear).toBe(630_000);
    // approved (the demo previous year, itself a first year): nothing is editable any more
    expect(await c.budget.forecast.get({ departmentId: s101.departmentId, year: PREV, part: 2 })).toMatchObject({
      isEditable: false,
      isPreviousYearBudgetEditable: false,
    });
  });

  // ---- deleting a budget change -----------------------------------------------------------------

  it('deletes the latest change while nothing depends on it; its number is reused; otherwise InUse', async () => {
    const c = await as('kassier');
    const s = { departmentId: await deptId('101'), year: PREV };
    // a chapter of last year's chart without a line: the change opens one
    const lined = get()
      .db.select({ id: chapterBudgets.chapterId })
      .from(chapterBudgets)
      .where(and(eq(chapterBudgets.departmentId, s.departmentId), eq(chapterBudgets.year, PREV)));
    const [free] = await get()
      .db.select({ id: chapters.id, chapter: chapters.chapter })
      .from(chapters)
      .where(and(eq(chapters.area, 3), eq(chapters.year, PREV), eq(chapters.part, 2), eq(chapters.emptyChapter, false), notInArray(chapters.id, lined)))
      .limit(1);
    if (!free) throw new Error('no free chapter');
    const lineOf = async (id: number) =>
      (
        await get()
          .db.select()
          .from(chapterBudgets)
          .where(and(eq(chapterBudgets.departmentId, s.departmentId), eq(chapterBudgets.year, PREV), eq(chapterBudgets.chapterId, id)))
      )[0];

    const first = await c.budget.changes.create({ ...s, approved: `${PREV}-09-01` });
    await c.budget.changes.save({
      ...s,
      recordNumber: first.recordNumber,
      approved: `${PREV}-09-01`,
      positions: [
        { chapter: free.chapter, amount: 10_000 },
        { chapter: '21003', amount: -10_000 },
      ],
    });
    expect(await lineOf(free.id)).toBeDefined();
    const second = await c.budget.changes.create({ ...s, approved: `${PREV}-10-01` });
    expect([first.recordNumber, second.recordNumber]).toEqual([1, 2]);

    // not the latest: InUse (a later change exists)
    await expectAppError(c.budget.changes.delete({ ...s, recordNumber: 1 }), 'InUse');
    await expectAppError(c.budget.changes.delete({ ...s, recordNumber: 7 }), 'NotFound');
    expect(await c.budget.changes.delete({ ...s, recordNumber: 2 })).toBe(true);
    expect((await c.budget.changes.list(s)).map((x) => x.recordNumber)).toEqual([1]);
    // the number is given back: gap-free
    expect((await c.budget.changes.create({ ...s, approved: `${PREV}-10-02` })).recordNumber).toBe(2);
    expect(await c.budget.changes.delete({ ...s, recordNumber: 2 })).toBe(true);

    // a determined residue on a chapter of the change: it depends on it
    const line = await lineOf(free.id);
    await get()
      .db.update(chapterBudgets)
      .set({ finalResidue: 0 })
      .where(eq(chapterBudgets.id, line?.id ?? 0));
    await expectAppError(c.budget.changes.delete({ ...s, recordNumber: 1 }), 'InUse');
    await get()
      .db.update(chapterBudgets)
      .set({ finalResidue: null })
      .where(eq(chapterBudgets.id, line?.id ?? 0));

    expect(await c.budget.changes.delete({ ...s, recordNumber: 1 })).toBe(true);
    expect(await c.budget.changes.list(s)).toEqual([]);
    // the line the change opened went with it; 21003 is back to its forecast
    expect(await lineOf(free.id)).toBeUndefined();
    expect((await c.budget.chapter({ ...s, chapter: '21003' })).budgetFinal).toBe((await c.budget.chapter({ ...s, chapter: '21003' })).budgetInitial);
    expect((await c.budget.changes.create({ ...s, approved: `${PREV}-10-03` })).recordNumber).toBe(1);
    expect(await c.budget.changes.delete({ ...s, recordNumber: 1 })).toBe(true);
    // the adjustment (-1) is not a change to delete here
    await expectAppError(c.budget.changes.delete({ ...s, recordNumber: 0 } as never), 'InvalidValue');
  });

  // ---- the year unlock per area -------------------------------------------------------------------

  it('year unlock: a past year is closed for budget writes until its area is unlocked (permission yearUnlock)', async () => {
    const past = YEAR - 2;
    await get().db.insert(financialYears).values({ year: past }).onConflictDoNothing();
    const c = await as('kassier');
    const s = { departmentId: await deptId('101'), year: past };
    await expectAppError(c.budget.forecast.save({ ...s, part: 1, positions: [] }), 'YearLocked');
    await expectAppError(
      c.budget.surplus.save({ ...s, cashBalance: 0, revenuesActual: 0, revenuesResidue: 0, expensesActual: 0, expensesResidue: 0, surplusUsed: 0 }),
      'YearLocked',
    );
    await expectAppError(c.budget.changes.create({ ...s, approved: `${past}-03-01` }), 'YearLocked');
    // reading stays possible
    expect((await c.budget.forecast.get({ ...s, part: 1 })).positions).toEqual([]);
    // the scope status tells the screens (read-only like a closed budget)
    expect((await c.scope.status(s)).isYearLocked).toBe(true);
    expect((await c.scope.status({ ...s, year: PREV })).isYearLocked).toBe(false);

    // only the rights of the year unlock may open it
    const flags = (a3: boolean, a2 = false) => ({ years: [{ year: past, areaUnlocked: { 1: false, 2: a2, 3: a3 } }] });
    await expectAppError(c.years.setStatus({ ...flags(true), departmentId: s.departmentId }), 'Forbidden');
    const admin = await as('admin');
    await expectAppError(admin.years.setStatus({ ...flags(true), departmentId: await deptId('100') }), 'Forbidden');
    // the district's flag does not open the departments' year
    await admin.years.setStatus({ ...flags(false, true), departmentId: await deptId('000') });
    await expectAppError(c.budget.forecast.save({ ...s, part: 1, positions: [] }), 'YearLocked');
    await admin.years.setStatus({ ...flags(true), departmentId: await deptId('000') });
    expect((await c.budget.forecast.save({ ...s, part: 1, positions: [] })).positions).toEqual([]);
    expect((await c.scope.status(s)).isYearLocked).toBe(false);
    // the chart unlock is not the year unlock
    const [row] = await get().db.select().from(financialYears).where(eq(financialYears.year, past));
    expect(row).toMatchObject({ departmentUnlocked: true, departmentChartUnlocked: false });

    // the previous year stays open without any flag (year-end work)
    const [prevRow] = await get().db.select().from(financialYears).where(eq(financialYears.year, PREV));
    expect(prevRow?.departmentUnlocked).toBe(false);
    const sprev = { departmentId: await deptId('101'), year: PREV };
    const change = await c.budget.changes.create({ ...sprev, approved: `${PREV}-11-01` });
    expect(await c.budget.changes.delete({ ...sprev, recordNumber: change.recordNumber })).toBe(true);
    // a year later the same year is past: locked
    const nextYear = await as('kassier', new Date(`${YEAR + 1}-03-01T10:00:00Z`));
    await expectAppError(nextYear.budget.changes.create({ ...sprev, approved: `${PREV}-11-02` }), 'YearLocked');
  });

  // ---- the adjustment read before it exists --------------------------------------------------------

  it('the adjustment read with orEmpty answers an empty head (no positions, default date) before one exists', async () => {
    const c = await as('kassier');
    const s = { departmentId: await deptId('101'), year: PREV };
    expect(await c.budget.adjustment.get(s)).toBeNull();
    const empty = await c.budget.adjustment.get({ ...s, orEmpty: true });
    expect(empty).toMatchObject({ id: 0, recordNumber: -1, approved: `${PREV}-12-31`, notes: '', positions: [], surplusActual: 0, isEditable: true });
    expect(empty?.totals).toEqual({ revenues: 0, expenses: 0, balance: 0 });
    const current = await c.budget.adjustment.get({ departmentId: s.departmentId, year: YEAR, orEmpty: true });
    expect(current?.approved).toBe(`${YEAR}-06-15`);
  });
});
