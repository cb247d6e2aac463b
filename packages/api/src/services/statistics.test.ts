import { schema } from '@app/db';
import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { accountIdOf, CURRENT_YEAR, departmentId, describeOnDatabases, expectAppError, signedIn, signInAs } from '../test-utils.ts';
import { addResidueLine } from './bookings.testkit.ts';
import { streamStatistics } from './statistics.ts';

const PREV = CURRENT_YEAR - 1;
const JUNE = new Date(`${CURRENT_YEAR}-06-15T10:00:00Z`);

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
      // the demo has no residue lines, no open payments at Leifers and no determined residues
      revenuesResidues: 0,
      revenuesResiduesPayments: 0,
      revenuesFinalResidues: 0,
      expensesOpenPayments: 0,
      expensesResidues: 0,
      expensesResiduesPayments: 0,
      expensesFinalResidues: 0,
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

  it('the actual figures: residues carried, collected and paid, open payments, final residues (by hand)', async () => {
    // Eppan (102, open payments allowed) in the current year: a small forecast, two residue lines,
    // five bookings and the determined residues, so every figure is a hand calculation.
    const c = await signInAs(get, '10.7.9', JUNE)('zwei');
    const handle = get();
    const s = { departmentId: await departmentId(handle, '102'), year: CURRENT_YEAR };
    await c.budget.forecast.save({ ...s, part: 1, positions: [{ chapter: '11001', amountCurrYear: 500_000 }] });
    await c.budget.forecast.save({
      ...s,
      part: 2,
      positions: [
        { chapter: '21006', amountCurrYear: 300_000 },
        { chapter: '21001', amountCurrYear: 200_000 },
      ],
    });
    expect(await c.budget.forecast.approve({ ...s, approval: `${CURRENT_YEAR}-01-20` })).toBe(true);
    await addResidueLine(handle, s, '11001', 30_000);
    await addResidueLine(handle, s, '21006', 50_000);
    const [supplier] = await handle.db
      .select({ id: schema.suppliers.id })
      .from(schema.suppliers)
      .where(eq(schema.suppliers.departmentId, s.departmentId))
      .limit(1);
    const bank = await accountIdOf(handle, '102', 'B1');
    const day = `${CURRENT_YEAR}-03-05`;
    const revenue = { ...s, kind: 'revenues' as const, type: 0, recordDate: day, accountId: bank };
    const expense = { ...s, kind: 'expenses' as const, recordDate: day, documentDate: day, accountId: bank };
    const residue = CURRENT_YEAR - 1;
    await c.movements.save({ ...revenue, positions: [{ chapter: '11001', amount: 123_456 }] });
    await c.movements.save({ ...revenue, positions: [{ chapter: '11001', chapterYear: residue, amount: 25_000 }] });
    await c.movements.save({ ...expense, type: 1, positions: [{ chapter: '21006', amount: 40_000 }] });
    await c.movements.save({ ...expense, type: 1, positions: [{ chapter: '21006', chapterYear: residue, amount: 20_000 }] });
    await c.movements.save({
      ...expense,
      type: 2,
      supplierId: supplier?.id ?? null,
      positions: [{ chapter: '21001', amount: 60_000 }],
      payments: [
        { amount: 25_000, dateDue: `${CURRENT_YEAR}-04-30`, datePaid: `${CURRENT_YEAR}-05-02` },
        { amount: 35_000, dateDue: `${CURRENT_YEAR}-09-30`, datePaid: null },
      ],
    });
    // determined final residues: 11001 3.765,44 (5.000,00 - 1.234,56) and its residue line 50,00;
    // 21001 350,00 (the open instalment); the 21006 residue line 300,00; 21006 itself not determined
    const lines = await handle.db
      .select({ id: schema.chapterBudgets.id, chapter: schema.chapters.chapter, chapterYear: schema.chapterBudgets.chapterYear })
      .from(schema.chapterBudgets)
      .innerJoin(schema.chapters, eq(schema.chapters.id, schema.chapterBudgets.chapterId))
      .where(and(eq(schema.chapterBudgets.departmentId, s.departmentId), eq(schema.chapterBudgets.year, CURRENT_YEAR)));
    const determined: Record<string, number> = {
      [`11001/${CURRENT_YEAR}`]: 376_544,
      [`11001/${residue}`]: 5_000,
      [`21001/${CURRENT_YEAR}`]: 35_000,
      [`21006/${residue}`]: 30_000,
    };
    for (const l of lines) {
      const value = determined[`${l.chapter}/${l.chapterYear}`];
      if (value !== undefined) await handle.db.update(schema.chapterBudgets).set({ finalResidue: value }).where(eq(schema.chapterBudgets.id, l.id));
    }

    const input = { deptFrom: '102', deptTo: '102', yearFrom: CURRENT_YEAR, yearTo: CURRENT_YEAR, language: 'de' as const };
    const totals = await c.statistics.export({ ...input, withChapters: false });
    expect(totals.rows).toEqual([
      {
        departmentCode: '102',
        departmentName: 'Freiwillige Feuerwehr Eppan',
        year: CURRENT_YEAR,
        area: 3,
        chapter: '',
        description: '',
        revenuesInitial: 500_000,
        revenuesChanges: 0,
        revenuesFinal: 500_000,
        // the current line only: the 250,00 on the residue line are residues collected
        revenuesPayments: 123_456,
        expensesInitial: 500_000,
        expensesChanges: 0,
        expensesFinal: 500_000,
        // 400,00 paid on 21006 + the paid instalment 250,00 on 21001
        expensesPayments: 65_000,
        revenuesResidues: 30_000,
        revenuesResiduesPayments: 25_000,
        revenuesFinalResidues: 381_544,
        expensesOpenPayments: 35_000,
        expensesResidues: 50_000,
        expensesResiduesPayments: 20_000,
        expensesFinalResidues: 65_000,
      },
    ]);
    // with chapters: a chapter's current and residue lines make one row
    const detailed = await c.statistics.export({ ...input, withChapters: true });
    const pick = (r: (typeof detailed.rows)[number]) => [
      r.chapter,
      r.revenuesFinal + r.expensesFinal,
      r.revenuesPayments + r.expensesPayments,
      r.revenuesResidues + r.expensesResidues,
      r.revenuesResiduesPayments + r.expensesResiduesPayments,
      r.expensesOpenPayments,
      r.revenuesFinalResidues + r.expensesFinalResidues,
    ];
    expect(detailed.rows.map(pick)).toEqual([
      ['1-1-001', 500_000, 123_456, 30_000, 25_000, 0, 381_544],
      ['2-1-001', 200_000, 25_000, 0, 0, 35_000, 35_000],
      ['2-1-006', 300_000, 40_000, 50_000, 20_000, 0, 30_000],
    ]);
    expect(detailed.rows[0]?.description).not.toBe('');
  });

  it('streamed in batches (a cursor of the one figures statement): the same rows in the same order as the export', async () => {
    const c = await as('supervisor');
    const me = await c.auth.me();
    const session = { userId: me.userId, accessLevel: me.accessLevel };
    for (const withChapters of [false, true]) {
      const input = { yearFrom: PREV - 1, yearTo: CURRENT_YEAR, withChapters, language: 'de' as const };
      const whole = await c.statistics.export(input);
      expect(whole.rows.length).toBeGreaterThan(withChapters ? 50 : 10);
      // batches of 7 figure rows: departments and years cut across batches, keys without figures between them
      const streamed = await streamStatistics(get().db, session, input, 7);
      const rows = [];
      let batches = 0;
      for await (const batch of streamed.rows) {
        batches++;
        rows.push(...batch);
      }
      expect(batches).toBeGreaterThan(2);
      expect({ ...streamed, rows }).toEqual(whole);
    }
  });
});
