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
    // Leifers, previous year: the forecast summary's totals (budget.test), no changes nor bookings
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
      revenuesPayments: 0,
      expensesInitial: 9_505_125,
      expensesChanges: 0,
      expensesFinal: 9_505_125,
      expensesPayments: 0,
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
});
