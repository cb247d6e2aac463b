import { schema } from '@app/db';
import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { CURRENT_YEAR, describeOnDatabases, expectAppError, signedIn } from '../test-utils.ts';

const PREV = CURRENT_YEAR - 1;

describeOnDatabases('statistics export', (get) => {
  let ip = 0;
  async function as(username: string) {
    ip += 1;
    return (await signedIn(get(), username, 'demo', `10.7.0.${ip}`)).caller;
  }

  it('totals per department and year from the approved forecasts, in one CSV name per language', async () => {
    const c = await as('supervisor');
    const data = await c.statistics.export({ deptFrom: '101', deptTo: '101', yearFrom: PREV, yearTo: CURRENT_YEAR, withChapters: false, language: 'de' });
    expect(data.fileName).toBe('statistik.csv');
    expect(data.rows).toHaveLength(2);
    // Leifers, previous year: the forecast summary's totals (budget.test), no changes. Payments are the
    // demo bookings (db seed/bookings.ts, forecast at 105 %), each stream its share of its line:
    // revenues 11001 18.900,00 + 11002 6.825,00 (100 %) + 11005 2.415,00 (96 % of 2.520,00 in 5 €)
    // + 11006 2.990,00 (95 % of 3.150,00 in 10 €) + 11007 9.166,00 (97 % of 9.450,00 in 1 €)
    // + 11008 4.630,00 (98 % of 4.725,00 in 5 €) + 11011 24,15 (92 % of 26,25) + 12001 42.000,00
    // + 13001 1.134,00 (90 % of 1.260,00 withheld) = 88.084,15;
    // expenses 21001 1.701,00 (30 + 25 + 35 % of 1.890,00) + 21002 917,70 + 21003 5.859,00 (88 + 5 %)
    // + 21004 3.123,75 + 21006 2.079,00 + 21007 3.570,00 + 21008 2.648,10 + 21011 5.023,20 + 21015 1.955,10
    // + 21016 2.310,00 (38 + 50 %) + 21019 6.142,50 (40 + 50 %) + 21023 165,37 + 22002 51.870,00 (62 + 33 %)
    // + 23001 1.134,00 (the withheld tax paid on) = 88.498,72 (Leifers books no open payments).
    expect(data.rows[0]).toEqual({
      departmentCode: '101',
      departmentName: 'Freiwillige Feuerwehr Leifers',
      year: PREV,
      area: 3,
      chapter: '',
      description: '',
      revenuesInitial: 8_885_625,
      revenuesChanges: 0,
      revenuesFinal: 8_885_625,
      revenuesPayments: 8_808_415,
      expensesInitial: 9_505_125,
      expensesChanges: 0,
      expensesFinal: 9_505_125,
      expensesPayments: 8_849_872,
    });
    // the current year has no forecast yet: a row of zeros
    expect(data.rows[1]).toMatchObject({ year: CURRENT_YEAR, revenuesFinal: 0, expensesFinal: 0 });
    const it = await c.statistics.export({ deptFrom: '101', deptTo: '101', yearFrom: PREV, yearTo: PREV, withChapters: false, language: 'it' });
    expect(it.fileName).toBe('statistica.csv');
    expect(it.rows[0]?.departmentName).toBe('Corpo dei Vigili del Fuoco Volontari Laives');
  });

  it('with chapters: one row per chapter line, summing to the totals', async () => {
    const c = await as('supervisor');
    const data = await c.statistics.export({ deptFrom: '101', deptTo: '101', yearFrom: PREV, yearTo: PREV, withChapters: true, language: 'de' });
    expect(data.rows.length).toBeGreaterThan(2);
    for (const r of data.rows) expect(r.chapter).toMatch(/^[12]-\d-\w{1,3}$/);
    expect(data.rows.every((r) => r.description !== '')).toBe(true);
    expect(data.rows.reduce((s, r) => s + r.revenuesInitial, 0)).toBe(8_885_625);
    expect(data.rows.reduce((s, r) => s + r.expensesFinal, 0)).toBe(9_505_125);
    const revenue = data.rows.find((r) => r.chapter.startsWith('1-'));
    expect(revenue?.expensesInitial).toBe(0);
  });

  it('filters by department code range (short codes padded with zeros)', async () => {
    const c = await as('supervisor');
    const all = await c.statistics.export({ yearFrom: PREV, yearTo: PREV, withChapters: false, language: 'de' });
    expect(all.rows.map((r) => r.departmentCode)).toEqual(['000', '100', '101', '102', '200', '201', '202']);
    const range = await c.statistics.export({ deptFrom: '1', deptTo: '199', yearFrom: PREV, yearTo: PREV, withChapters: false, language: 'de' });
    expect(range.rows.map((r) => r.departmentCode)).toEqual(['100', '101', '102']);
    expect(range.rows.map((r) => r.area)).toEqual([2, 3, 3]);
    expect(range.rows.every((r) => r.revenuesFinal > 0)).toBe(true);
  });

  it('a standard user sees only their departments; an administrator is refused', async () => {
    const zwei = await as('zwei');
    const data = await zwei.statistics.export({ yearFrom: PREV, yearTo: PREV, withChapters: false, language: 'de' });
    expect(data.rows.map((r) => r.departmentCode)).toEqual(['102', '201']);
    const admin = await as('admin');
    await expectAppError(admin.statistics.export({ yearFrom: PREV, yearTo: PREV, withChapters: false, language: 'de' }), 'Forbidden');
    await expectAppError(zwei.statistics.export({ yearFrom: CURRENT_YEAR, yearTo: PREV, withChapters: false, language: 'de' }), 'InvalidValue');
  });

  it('counts only approved forecasts: a draft year and a residue line add nothing', async () => {
    const c = await as('supervisor');
    const db = get().db;
    const [dept] = await db.select({ id: schema.departments.id }).from(schema.departments).where(eq(schema.departments.code, '101'));
    if (!dept) throw new Error('no 101');
    // a draft forecast in the current year (not approved): it must not count
    await c.budget.forecast.save({ departmentId: dept.id, year: CURRENT_YEAR, part: 1, positions: [{ chapter: '11001', amountCurrYear: 123_400 }] });
    await c.budget.forecast.save({ departmentId: dept.id, year: CURRENT_YEAR, part: 2, positions: [{ chapter: '21003', amountCurrYear: 56_700 }] });
    // a residue line (chapterYear before the year) in the approved previous year: not budget either
    const [chapter] = await db
      .select({ id: schema.chapters.id })
      .from(schema.chapters)
      .where(and(eq(schema.chapters.area, 3), eq(schema.chapters.year, PREV), eq(schema.chapters.chapter, '21003')));
    if (!chapter) throw new Error('no chapter');
    await db.insert(schema.chapterBudgets).values({ departmentId: dept.id, year: PREV, chapterId: chapter.id, chapterYear: PREV - 1, budgetInitial: 99_900 });
    for (const withChapters of [false, true]) {
      const data = await c.statistics.export({ deptFrom: '101', deptTo: '101', yearFrom: PREV, yearTo: CURRENT_YEAR, withChapters, language: 'de' });
      const sum = (year: number, pick: (r: (typeof data.rows)[number]) => number) => data.rows.filter((r) => r.year === year).reduce((s, r) => s + pick(r), 0);
      expect(sum(CURRENT_YEAR, (r) => r.revenuesInitial + r.expensesInitial)).toBe(0);
      expect(sum(PREV, (r) => r.revenuesFinal)).toBe(8_885_625);
      expect(sum(PREV, (r) => r.expensesFinal)).toBe(9_505_125);
    }
    // once approved, the current year counts
    await c.budget.forecast.save({ departmentId: dept.id, year: CURRENT_YEAR, part: 2, positions: [{ chapter: '21003', amountCurrYear: 123_400 }] });
    await db
      .update(schema.budgetHeads)
      .set({ forecastApproved: `${CURRENT_YEAR}-01-15` })
      .where(and(eq(schema.budgetHeads.departmentId, dept.id), eq(schema.budgetHeads.year, CURRENT_YEAR)));
    const approved = await c.statistics.export({
      deptFrom: '101',
      deptTo: '101',
      yearFrom: CURRENT_YEAR,
      yearTo: CURRENT_YEAR,
      withChapters: false,
      language: 'de',
    });
    expect(approved.rows[0]).toMatchObject({ revenuesInitial: 123_400, expensesInitial: 123_400 });
  });
});
