import { schema } from '@app/db';
import { and, count, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { CURRENT_YEAR, describeOnDatabases, expectAppError, signedIn } from '../../test-utils.ts';

const { budgetHeads, categories, chapters, departments, titles } = schema;
const NEXT = CURRENT_YEAR + 1;

describeOnDatabases('chart copy', (get) => {
  async function deptId(code: string): Promise<number> {
    const [row] = await get().db.select({ id: departments.id }).from(departments).where(eq(departments.code, code));
    if (!row) throw new Error(`no department ${code}`);
    return row.id;
  }
  async function counts(area: number, year: number) {
    const { db } = get();
    const n = async (table: typeof titles | typeof categories | typeof chapters) =>
      (
        await db
          .select({ n: count() })
          .from(table)
          .where(and(eq(table.area, area), eq(table.year, year)))
      )[0]?.n ?? 0;
    return { titles: await n(titles), categories: await n(categories), chapters: await n(chapters) };
  }
  const copy = { area: 3 as const, year: NEXT, chapters: true, categories: false, titles: false };

  it('needs the target year', async () => {
    const { caller } = await signedIn(get(), 'supervisor');
    await expectAppError(caller.chart.copy({ ...copy, test: true }), 'NotFound');
    await caller.years.create({ year: NEXT });
  });

  it('tests without writing, then copies the chart of last year with its links', async () => {
    const { caller } = await signedIn(get(), 'supervisor');
    const source = await counts(3, CURRENT_YEAR);
    const test = await caller.chart.copy({ ...copy, test: true });
    expect(test).toEqual({ status: 'Success', message: 'readyToCopy', kinds: [], counts: source });
    expect(await counts(3, NEXT)).toEqual({ titles: 0, categories: 0, chapters: 0 });

    const done = await caller.chart.copy({ ...copy, test: false });
    expect(done).toEqual({ status: 'Success', message: 'successCopy', kinds: [], counts: source });
    expect(await counts(3, NEXT)).toEqual(source);
    expect(await counts(2, NEXT)).toEqual({ titles: 0, categories: 0, chapters: 0 });

    // the copied chapters point at the target year's title and category, and keep the ETS mapping
    const rows = await get()
      .db.select({
        chapter: chapters.chapter,
        titleYear: titles.year,
        titleNo: titles.title,
        categoryYear: categories.year,
        category: categories.category,
        ets: chapters.etsCategoryId,
      })
      .from(chapters)
      .innerJoin(titles, eq(titles.id, chapters.titleId))
      .innerJoin(categories, eq(categories.id, chapters.categoryId))
      .where(and(eq(chapters.area, 3), eq(chapters.year, NEXT), eq(chapters.chapter, '21006')));
    expect(rows).toEqual([{ chapter: '21006', titleYear: NEXT, titleNo: 1, categoryYear: NEXT, category: '02', ets: expect.any(Number) }]);
  });

  it('warns about existing kinds, refuses without replace and replaces on request', async () => {
    const { caller } = await signedIn(get(), 'supervisor');
    const test = await caller.chart.copy({ ...copy, test: true });
    expect(test).toMatchObject({ status: 'Warning', message: 'RequestedEntitiesExist', kinds: ['chapters', 'categories', 'titles'] });
    expect(await caller.chart.copy({ ...copy, test: false })).toMatchObject({ status: 'Error', message: 'ChaptersExist' });

    // an extra chapter of the target year disappears with the replace
    await get()
      .db.insert(chapters)
      .values({ year: NEXT, area: 3, part: 2, chapter: '21777', title: 1, chapterShort: '777', descriptionDeu: 'Extra', descriptionIta: 'Extra' });
    const replaced = await caller.chart.copy({ ...copy, test: false, replace: true });
    expect(replaced).toMatchObject({ status: 'Success', message: 'successCopy' });
    expect(await counts(3, NEXT)).toEqual(await counts(3, CURRENT_YEAR));
    const extra = await get()
      .db.select()
      .from(chapters)
      .where(and(eq(chapters.year, NEXT), eq(chapters.chapter, '21777')));
    expect(extra).toEqual([]);
  });

  it('refuses to replace titles or categories under chapters that are not copied', async () => {
    const { caller } = await signedIn(get(), 'supervisor');
    const result = await caller.chart.copy({ ...copy, chapters: false, titles: true, test: true });
    expect(result).toMatchObject({ status: 'Error', message: 'ChaptersExist', kinds: ['titles'] });
    const real = await caller.chart.copy({ ...copy, chapters: false, categories: true, test: false, replace: true });
    expect(real).toMatchObject({ status: 'Error', message: 'ChaptersExist' });
  });

  it('copies single kinds and names RequestedEntitiesExist for existing ones', async () => {
    const { caller } = await signedIn(get(), 'supervisor');
    const titlesOnly = await caller.chart.copy({ area: 2, year: NEXT, titles: true, test: false });
    expect(titlesOnly).toMatchObject({ status: 'Success', counts: { titles: 6, categories: 0, chapters: 0 } });
    expect(await counts(2, NEXT)).toEqual({ titles: 6, categories: 0, chapters: 0 });
    expect(await caller.chart.copy({ area: 2, year: NEXT, titles: true, categories: true, test: true })).toMatchObject({
      status: 'Warning',
      kinds: ['titles'],
    });
    expect(await caller.chart.copy({ area: 2, year: NEXT, titles: true, test: false })).toMatchObject({ status: 'Error', message: 'RequestedEntitiesExist' });
    await expectAppError(caller.chart.copy({ area: 2, year: NEXT, test: false }), 'InvalidValue');
  });

  it('answers BudgetExists when a forecast of the area is approved in the target year', async () => {
    const { caller } = await signedIn(get(), 'supervisor');
    const [head] = await get()
      .db.insert(budgetHeads)
      .values({ departmentId: await deptId('102'), year: NEXT, forecastApproved: `${CURRENT_YEAR}-12-20` })
      .returning();
    try {
      expect(await caller.chart.copy({ ...copy, test: true })).toMatchObject({ status: 'Error', message: 'BudgetExists' });
      expect(await caller.chart.copy({ ...copy, test: false, replace: true })).toMatchObject({ status: 'Error', message: 'BudgetExists' });
      // the district's chart is not concerned
      expect(await caller.chart.copy({ area: 2, year: NEXT, categories: true, test: true })).toMatchObject({ status: 'Success' });
    } finally {
      await get()
        .db.delete(budgetHeads)
        .where(eq(budgetHeads.id, head?.id ?? 0));
    }
  });

  it('answers NothingToCopy when last year has no chart', async () => {
    const { caller } = await signedIn(get(), 'supervisor');
    expect(await caller.chart.copy({ ...copy, year: CURRENT_YEAR - 1, test: true })).toMatchObject({ status: 'Error', message: 'NothingToCopy' });
  });

  it('amends only the ETS mapping of existing chapters', async () => {
    const { caller } = await signedIn(get(), 'supervisor');
    const { db } = get();
    await db
      .update(chapters)
      .set({ etsCategoryId: null })
      .where(and(eq(chapters.area, 3), eq(chapters.year, NEXT), eq(chapters.part, 2), eq(chapters.title, 2)));
    const test = await caller.chart.copy({ area: 3, year: NEXT, amendETS: true, test: true });
    expect(test).toEqual({ status: 'Success', message: 'successETS', kinds: [], counts: { chapters: 5, categories: 0, titles: 0 } });
    const missing = async () =>
      (
        await db
          .select({ id: chapters.id })
          .from(chapters)
          .where(and(eq(chapters.area, 3), eq(chapters.year, NEXT), eq(chapters.part, 2), eq(chapters.title, 2)))
      ).length -
      (
        await db
          .select({ id: chapters.id, ets: chapters.etsCategoryId })
          .from(chapters)
          .where(and(eq(chapters.area, 3), eq(chapters.year, NEXT), eq(chapters.part, 2), eq(chapters.title, 2)))
      ).filter((c) => c.ets !== null).length;
    expect(await missing()).toBe(5);
    expect((await caller.chart.copy({ area: 3, year: NEXT, amendETS: true, test: false })).counts.chapters).toBe(5);
    expect(await missing()).toBe(0);
    expect((await caller.chart.copy({ area: 3, year: NEXT, amendETS: true, test: false })).counts.chapters).toBe(0);
  });

  it('allows administrators only for the union, never standard users', async () => {
    const admin = (await signedIn(get(), 'admin')).caller;
    await expectAppError(admin.chart.copy({ ...copy, departmentId: await deptId('100'), test: true }), 'Forbidden');
    expect((await admin.chart.copy({ ...copy, departmentId: await deptId('000'), test: true })).status).toBe('Warning');
    expect((await admin.chart.copy({ ...copy, test: true })).status).toBe('Warning');
    const standard = (await signedIn(get(), 'kassier')).caller;
    await expectAppError(standard.chart.copy({ ...copy, test: true }), 'Forbidden');
    await expectAppError(standard.chart.copy({ ...copy, departmentId: await deptId('101'), test: true }), 'Forbidden');
    await expectAppError(standard.chart.copy({ ...copy, departmentId: await deptId('102'), test: true }), 'DepartmentNotAllowed');
  });
});
