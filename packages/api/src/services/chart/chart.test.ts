import { schema } from '@app/db';
import { and, eq, sql } from 'drizzle-orm';
import { integer, pgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { CURRENT_YEAR, describeOnDatabases, expectAppError, signedIn } from '../../test-utils.ts';
import { chapterReferences, chaptersInUse } from '../ledger/references.ts';

const { budgetHeads, categories, chapters, departments, financialYears, titles } = schema;

describeOnDatabases('chart of accounts', (get) => {
  async function deptId(code: string): Promise<number> {
    const [row] = await get().db.select({ id: departments.id }).from(departments).where(eq(departments.code, code));
    if (!row) throw new Error(`no department ${code}`);
    return row.id;
  }
  async function etsId(part: number, code: string): Promise<number> {
    const [row] = await get()
      .db.select({ id: schema.etsCategories.id })
      .from(schema.etsCategories)
      .where(and(eq(schema.etsCategories.part, part), eq(schema.etsCategories.code, code)));
    return row?.id ?? 0;
  }
  async function categoryId(area: number, year: number, part: number, category: string): Promise<number> {
    const [row] = await get()
      .db.select({ id: categories.id })
      .from(categories)
      .where(and(eq(categories.area, area), eq(categories.year, year), eq(categories.part, part), eq(categories.category, category)));
    return row?.id ?? 0;
  }
  const newChapter = {
    part: 2 as const,
    title: 1,
    chapterShort: '90',
    searchKeyDeu: 'FUNKGERÄTE',
    searchKeyIta: 'RADIO',
    descriptionDeu: 'Funkgeräte',
    descriptionIta: 'Apparecchi radio',
  };

  describe('lists', () => {
    it('lists the chapters of the scope department area, sorted by code and paged', async () => {
      const { caller } = await signedIn(get(), 'kassier');
      const page = await caller.chart.chapters.list({ departmentId: await deptId('101'), year: CURRENT_YEAR, pageSize: 10 });
      expect(page.total).toBeGreaterThanOrEqual(40);
      expect(page.totalPages).toBe(Math.ceil(page.total / 10));
      expect(page.entities).toHaveLength(10);
      expect(page.entities[0]).toMatchObject({
        chapter: '11001',
        area: 3,
        year: CURRENT_YEAR,
        descriptionDeu: 'Ordentlicher Beitrag der Gemeinde',
        municipalContrib: true,
      });
      const codes = page.entities.map((c) => c.chapter);
      expect(codes).toEqual([...codes].sort());
      const last = await caller.chart.chapters.list({ departmentId: await deptId('101'), year: CURRENT_YEAR, pageSize: 10, page: page.totalPages });
      expect(last.entities.at(-1)?.chapter).toBe('23004');
    });

    it('filters chapters by code prefix, description, part and area', async () => {
      const { caller } = await signedIn(get(), 'admin');
      const union = await deptId('000');
      const byPrefix = await caller.chart.chapters.list({ departmentId: union, year: CURRENT_YEAR, area: 3, chapter: '2-2', pageSize: 100 });
      expect(byPrefix.entities.map((c) => c.chapter)).toEqual(['22001', '22002', '22003', '22004', '22005']);
      const byText = await caller.chart.chapters.list({ departmentId: union, year: CURRENT_YEAR, area: 3, description: 'treib' });
      expect(byText.entities.map((c) => c.chapter)).toEqual(['21006']);
      const italian = await caller.chart.chapters.list({ departmentId: union, year: CURRENT_YEAR, area: 3, description: 'carbur' });
      expect(italian.entities.map((c) => c.chapter)).toEqual(['21006']);
      const ownArea = await caller.chart.chapters.list({ departmentId: union, year: CURRENT_YEAR, part: 1, pageSize: 100 });
      expect(ownArea.entities.every((c) => c.area === 1 && c.part === 1)).toBe(true);
      expect(ownArea.entities.map((c) => c.chapter)).toContain('11003');
      const literal = await caller.chart.chapters.list({ departmentId: union, year: CURRENT_YEAR, area: 3, description: '%' });
      expect(literal.total).toBe(0);
    });

    it('lists titles and categories of the area by part', async () => {
      const { caller } = await signedIn(get(), 'zwei');
      const dept = await deptId('201');
      const t = await caller.chart.titles.list({ departmentId: dept, year: CURRENT_YEAR });
      expect(t.entities.map((x) => `${x.part}${x.title}`)).toEqual(['11', '12', '13', '21', '22', '23']);
      expect(t.entities.every((x) => x.area === 3)).toBe(true);
      const c = await caller.chart.categories.list({ departmentId: dept, year: CURRENT_YEAR, part: 2, description: 'fahrz' });
      expect(c.entities).toEqual([expect.objectContaining({ part: 2, category: '02', descriptionIta: 'Veicoli' })]);
    });

    it('needs an area or a department, and refuses a foreign department', async () => {
      const { caller } = await signedIn(get(), 'kassier');
      await expectAppError(caller.chart.chapters.list({ year: CURRENT_YEAR }), 'InvalidValue');
      expect((await caller.chart.chapters.list({ year: CURRENT_YEAR, area: 2 })).entities.every((c) => c.area === 2)).toBe(true);
      await expectAppError(caller.chart.chapters.list({ departmentId: await deptId('102'), year: CURRENT_YEAR }), 'DepartmentNotAllowed');
    });
  });

  describe('chapter picker', () => {
    it('pages by 20 and filters by code prefix and description', async () => {
      const { caller } = await signedIn(get(), 'kassier');
      const dept = await deptId('101');
      const page = await caller.chart.chapters.pick({ departmentId: dept, year: CURRENT_YEAR });
      expect(page.pageSize).toBe(20);
      expect(page.entities).toHaveLength(20);
      expect(Object.keys(page.entities[0] ?? {}).sort()).toEqual([
        'chapter',
        'descriptionDeu',
        'descriptionIta',
        'emptyChapter',
        'id',
        'part',
        'searchKeyDeu',
        'searchKeyIta',
        'title',
      ]);
      const filtered = await caller.chart.chapters.pick({ departmentId: dept, year: CURRENT_YEAR, chapter: '21', description: 'gerätehaus' });
      expect(filtered.entities.map((c) => c.chapter)).toEqual(['21011', '21012', '21013']);
      const revenues = await caller.chart.chapters.pick({ departmentId: dept, year: CURRENT_YEAR, part: 1, title: 3 });
      expect(revenues.entities.map((c) => c.chapter)).toEqual(['13001', '13002', '13003', '13004']);
    });

    it('resolves an exact 5-character code and says ChapterNotFound otherwise', async () => {
      const { caller } = await signedIn(get(), 'kassier');
      const dept = await deptId('101');
      expect(await caller.chart.chapters.byCode({ departmentId: dept, year: CURRENT_YEAR, chapter: '2-1-006' })).toMatchObject({
        chapter: '21006',
        descriptionDeu: 'Treibstoffe',
        part: 2,
      });
      await expectAppError(caller.chart.chapters.byCode({ departmentId: dept, year: CURRENT_YEAR, chapter: '21999' }), 'ChapterNotFound');
      await expectAppError(caller.chart.chapters.byCode({ departmentId: dept, year: CURRENT_YEAR, chapter: '2100' }), 'ChapterNotFound');
      // 11003 exists for the union (course fees), and for departments as the district contribution
      expect((await caller.chart.chapters.byCode({ departmentId: dept, year: CURRENT_YEAR, chapter: '11003' })).descriptionDeu).toBe(
        'Beitrag des Bezirksfeuerwehrverbandes',
      );
    });
  });

  describe('writes and permissions', () => {
    it('lets a supervisor create, read, update, patch and delete a chapter', async () => {
      const { caller } = await signedIn(get(), 'supervisor');
      const dept = await deptId('101');
      const created = await caller.chart.chapters.create({
        departmentId: dept,
        year: CURRENT_YEAR,
        ...newChapter,
        categoryId: await categoryId(3, CURRENT_YEAR, 2, '03'),
        etsCategoryId: await etsId(2, 'A2'),
      });
      expect(created).toMatchObject({ chapter: '21090', chapterShort: '090', area: 3, year: CURRENT_YEAR, title: 1 });
      const [title] = await get()
        .db.select({ id: titles.id })
        .from(titles)
        .where(and(eq(titles.area, 3), eq(titles.year, CURRENT_YEAR), eq(titles.part, 2), eq(titles.title, 1)));
      expect(created.titleId).toBe(title?.id);
      expect(await caller.chart.chapters.get({ id: created.id })).toEqual(created);
      const updated = await caller.chart.chapters.update({ id: created.id, ...newChapter, chapterShort: '91', descriptionDeu: 'Funk', notes: 'neu' });
      expect(updated).toMatchObject({ chapter: '21091', descriptionDeu: 'Funk', notes: 'neu', categoryId: null, etsCategoryId: null });
      const patched = await caller.chart.chapters.patch({ id: created.id, descriptionIta: 'Radio' });
      expect(patched).toMatchObject({ chapter: '21091', descriptionDeu: 'Funk', descriptionIta: 'Radio' });
      await expectAppError(caller.chart.chapters.patch({ id: created.id, searchKeyDeu: '' }), 'InvalidValue');
      expect(await caller.chart.chapters.delete({ id: created.id })).toEqual({ deleted: true });
      await expectAppError(caller.chart.chapters.get({ id: created.id }), 'NotFound');
    });

    it('lets an administrator write only with the union as scope department', async () => {
      const { caller } = await signedIn(get(), 'admin');
      await expectAppError(caller.chart.chapters.create({ departmentId: await deptId('100'), year: CURRENT_YEAR, ...newChapter }), 'Forbidden');
      const created = await caller.chart.chapters.create({ departmentId: await deptId('000'), year: CURRENT_YEAR, area: 2, ...newChapter });
      expect(created).toMatchObject({ area: 2, chapter: '21090' });
      await expectAppError(caller.chart.chapters.delete({ departmentId: await deptId('100'), id: created.id }), 'Forbidden');
      await caller.chart.chapters.delete({ departmentId: await deptId('000'), id: created.id });
    });

    it('refuses a standard user and a foreign department', async () => {
      const { caller } = await signedIn(get(), 'kassier');
      const dept = await deptId('101');
      await expectAppError(caller.chart.chapters.create({ departmentId: dept, year: CURRENT_YEAR, ...newChapter }), 'Forbidden');
      await expectAppError(
        caller.chart.titles.create({ departmentId: dept, year: CURRENT_YEAR, part: 1, title: 4, descriptionDeu: 'x', descriptionIta: 'y' }),
        'Forbidden',
      );
      await expectAppError(
        caller.chart.categories.create({ departmentId: dept, year: CURRENT_YEAR, part: 1, category: '99', descriptionDeu: 'x', descriptionIta: 'y' }),
        'Forbidden',
      );
      await expectAppError(caller.chart.chapters.create({ departmentId: await deptId('000'), year: CURRENT_YEAR, ...newChapter }), 'DepartmentNotAllowed');
    });

    it('checks the chapter rules of spec 2 §5', async () => {
      const { caller } = await signedIn(get(), 'supervisor');
      const scope = { departmentId: await deptId('101'), year: CURRENT_YEAR };
      await expectAppError(caller.chart.chapters.create({ ...scope, ...newChapter, chapterShort: '006' }), 'ChartItemExists');
      await expectAppError(caller.chart.chapters.create({ ...scope, ...newChapter, title: 4 }), 'InvalidValue');
      await expectAppError(caller.chart.chapters.create({ ...scope, ...newChapter, searchKeyIta: '' }), 'InvalidValue');
      await expectAppError(caller.chart.chapters.create({ ...scope, ...newChapter, descriptionDeu: 'x'.repeat(201) }), 'InvalidValue');
      await expectAppError(caller.chart.chapters.create({ ...scope, ...newChapter, categoryId: await categoryId(3, CURRENT_YEAR, 1, '01') }), 'InvalidValue');
      await expectAppError(caller.chart.chapters.create({ ...scope, ...newChapter, categoryId: await categoryId(2, CURRENT_YEAR, 2, '03') }), 'InvalidValue');
      await expectAppError(caller.chart.chapters.create({ ...scope, ...newChapter, etsCategoryId: await etsId(1, 'A4') }), 'InvalidValue');
      const empty = await caller.chart.chapters.create({ ...scope, part: 1, title: 1, chapterShort: '900', emptyChapter: true });
      expect(empty).toMatchObject({ chapter: '11900', emptyChapter: true, descriptionDeu: '' });
      await caller.chart.chapters.delete({ id: empty.id });
    });

    it('creates, updates and deletes titles and categories, refusing those in use', async () => {
      const { caller } = await signedIn(get(), 'supervisor');
      const scope = { departmentId: await deptId('101'), year: CURRENT_YEAR };
      const title = await caller.chart.titles.create({ ...scope, part: 2, title: 4, descriptionDeu: 'Rückstellungen', descriptionIta: 'Accantonamenti' });
      expect(title).toMatchObject({ area: 3, part: 2, title: 4 });
      await expectAppError(caller.chart.titles.create({ ...scope, part: 2, title: 4, descriptionDeu: 'x', descriptionIta: 'y' }), 'ChartItemExists');
      const chapter = await caller.chart.chapters.create({ ...scope, ...newChapter, title: 4 });
      expect(chapter.chapter).toBe('24090');
      await expectAppError(caller.chart.titles.delete({ id: title.id }), 'InUse');
      await expectAppError(caller.chart.titles.update({ id: title.id, part: 2, title: 5, descriptionDeu: 'x', descriptionIta: 'y' }), 'InUse');
      expect((await caller.chart.titles.patch({ id: title.id, descriptionDeu: 'Rücklagen' })).descriptionDeu).toBe('Rücklagen');

      const category = await caller.chart.categories.create({ ...scope, part: 2, category: 'x1', descriptionDeu: 'Funk', descriptionIta: 'Radio' });
      expect(category.category).toBe('X1');
      await caller.chart.chapters.update({ id: chapter.id, ...newChapter, title: 4, categoryId: category.id });
      await expectAppError(caller.chart.categories.delete({ id: category.id }), 'InUse');
      await expectAppError(caller.chart.categories.patch({ id: category.id, part: 1 }), 'InUse');
      expect((await caller.chart.categories.patch({ id: category.id, descriptionIta: 'Radiocomunicazioni' })).descriptionIta).toBe('Radiocomunicazioni');

      await caller.chart.chapters.delete({ id: chapter.id });
      expect(await caller.chart.categories.delete({ id: category.id })).toEqual({ deleted: true });
      expect(await caller.chart.titles.delete({ id: title.id })).toEqual({ deleted: true });
      const [left] = await get()
        .db.select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(titles)
        .where(and(eq(titles.area, 3), eq(titles.year, CURRENT_YEAR)));
      expect(left?.n).toBe(6);
    });

    it('gives templates of new items for the scope area and year', async () => {
      const { caller } = await signedIn(get(), 'admin');
      const union = await deptId('000');
      expect(await caller.chart.chapters.template({ departmentId: union, year: CURRENT_YEAR })).toMatchObject({
        id: null,
        area: 1,
        year: CURRENT_YEAR,
        chapter: '',
        emptyChapter: false,
      });
      expect(await caller.chart.titles.template({ departmentId: union, year: CURRENT_YEAR, area: 3 })).toMatchObject({ id: null, area: 3 });
      expect(await caller.chart.categories.template({ departmentId: union, year: CURRENT_YEAR })).toMatchObject({ id: null, area: 1, category: '' });
    });
  });

  describe('in use', () => {
    it('refuses to delete or renumber a chapter referenced by a budget or booking table', async () => {
      const { db } = get();
      await db.execute(sql`create table test_chapter_refs (chapter_id integer not null)`);
      const [fuel] = await db
        .select({ id: chapters.id })
        .from(chapters)
        .where(and(eq(chapters.area, 3), eq(chapters.year, CURRENT_YEAR), eq(chapters.chapter, '21006')));
      const [fees] = await db
        .select({ id: chapters.id })
        .from(chapters)
        .where(and(eq(chapters.area, 3), eq(chapters.year, CURRENT_YEAR), eq(chapters.chapter, '21022')));
      if (!fuel || !fees) throw new Error('demo chapters missing');
      await db.execute(sql`insert into test_chapter_refs values (${fuel.id})`);
      const testChapterRefs = pgTable('test_chapter_refs', { chapterId: integer('chapter_id').notNull() });
      const reference = { label: 'testRefs', column: testChapterRefs.chapterId };
      expect(await chaptersInUse(db, [fuel.id, fees.id], [reference])).toEqual(new Set([fuel.id]));
      expect(await chaptersInUse(db, [fuel.id], [])).toEqual(new Set());

      chapterReferences.push(reference);
      try {
        const { caller } = await signedIn(get(), 'supervisor');
        await expectAppError(caller.chart.chapters.delete({ id: fuel.id }), 'InUse');
        await expectAppError(caller.chart.chapters.patch({ id: fuel.id, chapterShort: '099' }), 'InUse');
        expect((await caller.chart.chapters.patch({ id: fuel.id, notes: 'Diesel und Benzin' })).notes).toBe('Diesel und Benzin');
      } finally {
        chapterReferences.pop();
        await db.execute(sql`drop table test_chapter_refs`);
      }
    });
  });

  describe('lock', () => {
    it('locks the chart of an area once a forecast of the area is approved, until the chart (not the year) is unlocked', async () => {
      const { caller } = await signedIn(get(), 'supervisor');
      const previous = CURRENT_YEAR - 1; // every demo department has an approved forecast there
      const scope = { departmentId: await deptId('101'), year: previous };
      await expectAppError(caller.chart.chapters.create({ ...scope, ...newChapter }), 'ChartLocked');
      const [fuel] = await get()
        .db.select({ id: chapters.id })
        .from(chapters)
        .where(and(eq(chapters.area, 3), eq(chapters.year, previous), eq(chapters.chapter, '21006')));
      await expectAppError(caller.chart.chapters.patch({ id: fuel?.id ?? 0, notes: 'x' }), 'ChartLocked');
      expect(await caller.chart.status(scope)).toMatchObject({ area: 3, locked: true, unlocked: false, canEdit: { chapters: false } });

      // the year unlock (FinancialYears/Status) is another flag: the chart stays locked
      await caller.years.setStatus({ years: [{ year: previous, areaUnlocked: { 1: false, 2: false, 3: true } }] });
      expect(await caller.chart.status(scope)).toMatchObject({ locked: true, unlocked: false });
      await expectAppError(caller.chart.chapters.create({ ...scope, ...newChapter }), 'ChartLocked');
      await caller.years.setStatus({ years: [{ year: previous, areaUnlocked: { 1: false, 2: false, 3: false } }] });
      await caller.chart.unlock({ year: previous, area: 3 });
      expect(await caller.chart.status(scope)).toMatchObject({
        locked: false,
        unlocked: true,
        approvedBudgets: true,
        canEdit: { titles: true, categories: true, chapters: true },
      });
      const created = await caller.chart.chapters.create({ ...scope, ...newChapter });
      await caller.chart.chapters.delete({ id: created.id });
      // the union's chart of that year stays locked
      await expectAppError(caller.chart.chapters.create({ ...scope, area: 1, ...newChapter }), 'ChartLocked');
      await caller.chart.unlock({ year: previous, area: 3, unlocked: false });
      await expectAppError(caller.chart.chapters.create({ ...scope, ...newChapter }), 'ChartLocked');
    });

    it('unlocks the chart of one area and year (permission chartUnlock), apart from the year unlock', async () => {
      const scope = { departmentId: await deptId('101'), year: CURRENT_YEAR - 1 };
      const standard = (await signedIn(get(), 'kassier')).caller;
      await expectAppError(standard.chart.unlock({ ...scope, area: 3 }), 'Forbidden');
      const admin = (await signedIn(get(), 'admin')).caller;
      await expectAppError(admin.chart.unlock({ departmentId: await deptId('100'), year: CURRENT_YEAR - 1, area: 3 }), 'Forbidden');
      expect(await admin.chart.unlock({ year: CURRENT_YEAR - 1, area: 3 })).toEqual({
        year: CURRENT_YEAR - 1,
        areaUnlocked: { 1: false, 2: false, 3: false },
        chartUnlocked: { 1: false, 2: false, 3: true },
      });
      const { caller } = await signedIn(get(), 'supervisor');
      const created = await caller.chart.titles.create({ ...scope, part: 1, title: 7, descriptionDeu: 'a', descriptionIta: 'b' });
      await caller.chart.titles.delete({ id: created.id });
      expect((await caller.chart.unlock({ ...scope, area: 3, unlocked: false })).chartUnlocked[3]).toBe(false);
      await expectAppError(caller.chart.titles.create({ ...scope, part: 1, title: 7, descriptionDeu: 'a', descriptionIta: 'b' }), 'ChartLocked');
      await expectAppError(caller.chart.unlock({ year: CURRENT_YEAR + 9, area: 3 }), 'NotFound');
    });

    it('locks only the area whose forecast is approved', async () => {
      const { db } = get();
      await db
        .update(budgetHeads)
        .set({ forecastApproved: null })
        .where(eq(budgetHeads.year, CURRENT_YEAR - 1));
      await db
        .update(budgetHeads)
        .set({ forecastApproved: `${CURRENT_YEAR - 1}-01-10` })
        .where(and(eq(budgetHeads.year, CURRENT_YEAR - 1), eq(budgetHeads.departmentId, await deptId('100'))));
      try {
        const { caller } = await signedIn(get(), 'supervisor');
        expect((await caller.chart.status({ year: CURRENT_YEAR - 1, area: 2 })).locked).toBe(true);
        expect((await caller.chart.status({ year: CURRENT_YEAR - 1, area: 3 })).locked).toBe(false);
        expect((await caller.chart.status({ year: CURRENT_YEAR - 1, area: 1 })).locked).toBe(false);
      } finally {
        await db
          .update(budgetHeads)
          .set({ forecastApproved: `${CURRENT_YEAR - 2}-12-15` })
          .where(eq(budgetHeads.year, CURRENT_YEAR - 1));
      }
    });

    it('refuses writes into a year that does not exist', async () => {
      const { caller } = await signedIn(get(), 'supervisor');
      await expectAppError(
        caller.chart.titles.create({ year: CURRENT_YEAR + 5, area: 3, part: 1, title: 1, descriptionDeu: 'a', descriptionIta: 'b' }),
        'NotFound',
      );
      const [fy] = await get()
        .db.select()
        .from(financialYears)
        .where(eq(financialYears.year, CURRENT_YEAR + 5));
      expect(fy).toBeUndefined();
    });
  });

  describe('ETS and export', () => {
    it('gives the ETS sections with categories for profit and loss', async () => {
      const { caller } = await signedIn(get(), 'kassier');
      const all = await caller.chart.ets({});
      expect(all.profit.map((s) => s.section)).toEqual(['A', 'B', 'C', 'D', 'E', 'I']);
      expect(all.loss.map((s) => s.section)).toEqual(['A', 'B', 'C', 'D', 'E', 'I']);
      expect(all.profit[0]).toMatchObject({ section: 'A', descriptionIta: 'Entrate da attività di interesse generale' });
      expect(all.profit[0]?.categories.map((c) => c.code)).toEqual(['A1', 'A2', 'A3', 'A4', 'A5', 'A6', 'A7', 'A8', 'A9', 'A10']);
      expect(all.loss[0]?.descriptionDeu).toBe('Ausgaben für Tätigkeiten von allgemeinem Interesse');
      const loss = await caller.chart.ets({ part: 2 });
      expect(loss.profit).toEqual([]);
      expect(loss.loss).toEqual(all.loss);
    });

    it('exports the chart by part and title range, with categories on request', async () => {
      const { caller } = await signedIn(get(), 'kassier');
      const data = await caller.chart.export({ area: 3, year: CURRENT_YEAR, part: 2, titleFrom: 2, titleTo: 3, withCategories: true });
      expect(data).toMatchObject({ area: 3, year: CURRENT_YEAR, part: 2, withCategories: true });
      expect(data.titles.map((t) => `${t.part}${t.title}`)).toEqual(['22', '23']);
      expect(data.titles[0]?.chapters[0]).toEqual({
        chapter: '22001',
        descriptionDeu: 'Ankauf von Fahrzeugen',
        descriptionIta: 'Acquisto di veicoli',
        emptyChapter: false,
        category: { category: '08', descriptionDeu: 'Investitionen', descriptionIta: 'Investimenti' },
        etsCode: 'I1',
      });
      const plain = await caller.chart.export({ year: CURRENT_YEAR });
      expect(plain.area).toBe(1);
      expect(plain.titles).toHaveLength(6);
      expect(plain.titles.flatMap((t) => t.chapters).every((c) => c.category === null)).toBe(true);
      // every demo chapter is mapped to an ETS category
      const all = await caller.chart.export({ year: CURRENT_YEAR, area: 3 });
      expect(all.titles.flatMap((t) => t.chapters).every((c) => c.etsCode !== null)).toBe(true);
    });
  });
});
