import { type Db, schema } from '@app/db';
import {
  type Area,
  areaOfCode,
  type CategoryInput,
  type CategoryPatchInput,
  type CategoryRow,
  type CategoryUpdateInput,
  ChapterForm,
  type ChapterBrief,
  chapterCodeOf,
  type ChapterFields,
  type ChapterInput,
  type ChapterListInput,
  type ChapterLookupInput,
  type ChapterPatchInput,
  type ChapterPickerInput,
  chapterPrefix,
  type ChapterRow,
  type ChapterUpdateInput,
  type ChartExport,
  type ChartExportInput,
  type ChartExportTitle,
  type ChartItemId,
  type ChartListInput,
  type ChartScopeInput,
  CategoryFields,
  type EtsChart,
  type EtsInput,
  type EtsSection,
  etsSectionNames,
  type Page,
  pageWindow,
  parseChapterCode,
  type PermissionItem,
  type TitleInput,
  type TitlePatchInput,
  type TitleRow,
  type TitleUpdateInput,
  TitleFields,
  toPage,
} from '@app/domain';
import { and, asc, count, eq, gte, ilike, isNotNull, like, lte, ne, notLike, or, type SQL } from 'drizzle-orm';
import type { Session } from '../context.ts';
import { fail } from '../errors.ts';
import { requirePermission } from '../guards.ts';
import { likeEscape, parseOrFail, permissionArea } from './access.ts';
import { isChapterInUse } from './references.ts';
import { isUniqueViolation } from './dbErrors.ts';
import { assertDepartmentAccess } from './scope.ts';

const { budgetHeads, categories, chapters, departments, etsCategories, financialYears, titles } = schema;

type Actor = Pick<Session, 'userId' | 'accessLevel'>;

// ---- scope, lock -----------------------------------------------------------------------------

/** The departments of an area, as a condition on `departments.code` (000 union, x00 district). */
export function departmentsOfArea(area: Area): SQL {
  if (area === 1) return eq(departments.code, '000');
  if (area === 2) return and(ne(departments.code, '000'), like(departments.code, '_00')) as SQL;
  return notLike(departments.code, '_00');
}

/**
 * The area and year whose chart a call reads or writes: `area` when given, else the area of the
 * scope department (the user must be linked to it). `departmentArea` decides an administrator's rights.
 */
export async function resolveChartScope(db: Db, session: Actor, input: ChartScopeInput): Promise<{ area: Area; year: number; departmentArea: Area | null }> {
  let departmentArea: Area | null = null;
  if (input.departmentId !== undefined) {
    const dept = await assertDepartmentAccess(db, session, input.departmentId);
    departmentArea = areaOfCode(dept.code);
  }
  const area = input.area ?? departmentArea;
  if (area === null) fail('InvalidValue', { field: 'area' });
  return { area, year: input.year, departmentArea };
}

/**
 * Is the chart of (area, year) locked? It is once any department of the area has an approved
 * forecast in that year, unless the chart is unlocked for the area (financial_years.<area>ChartUnlocked,
 * chartOfAccounts/unlock; the year unlock of FinancialYears/Status is another flag).
 * A year that does not exist is NotFound.
 */
export async function chartLockState(db: Db, area: Area, year: number, lockYear = false): Promise<{ locked: boolean; unlocked: boolean; approvedBudgets: boolean }> {
  const query = db.select().from(financialYears).where(eq(financialYears.year, year)).limit(1);
  const [fy] = lockYear ? await query.for('share') : await query;
  if (!fy) fail('NotFound', { field: 'year', params: { year } });
  const unlocked = area === 1 ? fy.unionChartUnlocked : area === 2 ? fy.districtChartUnlocked : fy.departmentChartUnlocked;
  const [approved] = await db
    .select({ id: budgetHeads.id })
    .from(budgetHeads)
    .innerJoin(departments, eq(departments.id, budgetHeads.departmentId))
    .where(and(eq(budgetHeads.year, year), isNotNull(budgetHeads.forecastApproved), departmentsOfArea(area)))
    .limit(1);
  const approvedBudgets = approved !== undefined;
  return { locked: approvedBudgets && !unlocked, unlocked, approvedBudgets };
}

/**
 * Refuses a write into a locked chart. Inside the write's transaction the year row is share-locked,
 * so a forecast approval or an unlock that locks that row for update waits for the write.
 */
export async function assertChartUnlocked(db: Db, area: Area, year: number): Promise<void> {
  const state = await chartLockState(db, area, year, true);
  if (state.locked) fail('ChartLocked', { params: { area, year } });
}

/** Permission item + lock, the guard of every chart write (called inside its transaction). */
async function guardWrite(db: Db, session: Actor, item: PermissionItem, departmentId: number | undefined, area: Area, year: number): Promise<void> {
  const deptArea = await permissionArea(db, session, departmentId);
  requirePermission(item, deptArea, session.accessLevel);
  await assertChartUnlocked(db, area, year);
}

/** What the chart screens need to know: area, year, locked, and which items the user may edit. */
export async function chartStatus(db: Db, session: Actor, input: ChartScopeInput) {
  const scope = await resolveChartScope(db, session, input);
  const state = await chartLockState(db, scope.area, scope.year);
  const permArea = input.departmentId !== undefined ? scope.departmentArea : await permissionArea(db, session, undefined);
  const may = (item: PermissionItem) => {
    try {
      requirePermission(item, permArea, session.accessLevel);
      return !state.locked;
    } catch {
      return false;
    }
  };
  return { area: scope.area, year: scope.year, ...state, canEdit: { titles: may('titles'), categories: may('categories'), chapters: may('chapters') } };
}

function descriptionFilter(text: string | undefined, ...columns: Parameters<typeof ilike>[0][]): SQL | undefined {
  if (!text) return undefined;
  const pattern = `%${likeEscape(text)}%`;
  return or(...columns.map((c) => ilike(c, pattern)));
}

// ---- titles ----------------------------------------------------------------------------------

const titleColumns = {
  id: titles.id,
  year: titles.year,
  area: titles.area,
  part: titles.part,
  title: titles.title,
  descriptionDeu: titles.descriptionDeu,
  descriptionIta: titles.descriptionIta,
};

export async function listTitles(db: Db, session: Actor, input: ChartListInput): Promise<Page<TitleRow>> {
  const scope = await resolveChartScope(db, session, input);
  const where = and(
    eq(titles.area, scope.area),
    eq(titles.year, scope.year),
    input.part !== undefined ? eq(titles.part, input.part) : undefined,
    descriptionFilter(input.description, titles.descriptionDeu, titles.descriptionIta),
  );
  const { limit, offset } = pageWindow(input);
  const [rows, [total]] = await Promise.all([
    db.select(titleColumns).from(titles).where(where).orderBy(asc(titles.part), asc(titles.title)).limit(limit).offset(offset),
    db.select({ n: count() }).from(titles).where(where),
  ]);
  return toPage(rows, total?.n ?? 0, input);
}

async function loadTitle(db: Db, id: number): Promise<TitleRow> {
  const [row] = await db.select(titleColumns).from(titles).where(eq(titles.id, id)).limit(1);
  if (!row) fail('NotFound', { field: 'id' });
  return row;
}

export async function getTitle(db: Db, _session: Actor, input: ChartItemId): Promise<TitleRow> {
  return loadTitle(db, input.id);
}

export async function titleTemplate(db: Db, session: Actor, input: ChartScopeInput): Promise<Omit<TitleRow, 'id'> & { id: null }> {
  const scope = await resolveChartScope(db, session, input);
  return { id: null, year: scope.year, area: scope.area, part: 1, title: 1, descriptionDeu: '', descriptionIta: '' };
}

/** Title rows used by chapters: by titleId or by (area, year, part, title number). */
async function titleInUse(db: Db, t: Pick<TitleRow, 'id' | 'area' | 'year' | 'part' | 'title'>): Promise<boolean> {
  const [row] = await db
    .select({ id: chapters.id })
    .from(chapters)
    .where(
      or(
        eq(chapters.titleId, t.id),
        and(eq(chapters.area, t.area), eq(chapters.year, t.year), eq(chapters.part, t.part), eq(chapters.title, t.title)),
      ),
    )
    .limit(1);
  return row !== undefined;
}

function existsOr<T>(error: unknown, item: string): T {
  if (isUniqueViolation(error)) fail('ChartItemExists', { params: { item } });
  throw error;
}

export async function createTitle(db: Db, session: Actor, input: TitleInput): Promise<TitleRow> {
  const scope = await resolveChartScope(db, session, input);
  return db.transaction(async (tx) => {
    await guardWrite(tx, session, 'titles', input.departmentId, scope.area, scope.year);
    try {
      const [row] = await tx
        .insert(titles)
        .values({ year: scope.year, area: scope.area, part: input.part, title: input.title, descriptionDeu: input.descriptionDeu, descriptionIta: input.descriptionIta })
        .returning(titleColumns);
      if (!row) fail('NotFound');
      return row;
    } catch (error) {
      return existsOr(error, 'title');
    }
  });
}

export async function updateTitle(db: Db, session: Actor, input: TitleUpdateInput): Promise<TitleRow> {
  const existing = await loadTitle(db, input.id);
  return db.transaction(async (tx) => {
    await guardWrite(tx, session, 'titles', input.departmentId, existing.area as Area, existing.year);
    const renumbered = existing.part !== input.part || existing.title !== input.title;
    if (renumbered && (await titleInUse(tx, existing))) fail('InUse', { params: { item: 'title' } });
    try {
      const [row] = await tx
        .update(titles)
        .set({ part: input.part, title: input.title, descriptionDeu: input.descriptionDeu, descriptionIta: input.descriptionIta })
        .where(eq(titles.id, input.id))
        .returning(titleColumns);
      if (!row) fail('NotFound', { field: 'id' });
      return row;
    } catch (error) {
      return existsOr(error, 'title');
    }
  });
}

export async function patchTitle(db: Db, session: Actor, input: TitlePatchInput): Promise<TitleRow> {
  const existing = await loadTitle(db, input.id);
  const { id, departmentId, ...changes } = input;
  const fields = parseOrFail(TitleFields, { ...existing, ...defined(changes) });
  return updateTitle(db, session, { id, departmentId, ...fields });
}

export async function deleteTitle(db: Db, session: Actor, input: ChartItemId): Promise<{ deleted: true }> {
  const existing = await loadTitle(db, input.id);
  await db.transaction(async (tx) => {
    await guardWrite(tx, session, 'titles', input.departmentId, existing.area as Area, existing.year);
    if (await titleInUse(tx, existing)) fail('InUse', { params: { item: 'title' } });
    await tx.delete(titles).where(eq(titles.id, input.id));
  });
  return { deleted: true };
}

/** The given keys only (a PATCH body's undefined values do not overwrite). */
function defined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

// ---- categories ------------------------------------------------------------------------------

const categoryColumns = {
  id: categories.id,
  year: categories.year,
  area: categories.area,
  part: categories.part,
  category: categories.category,
  descriptionDeu: categories.descriptionDeu,
  descriptionIta: categories.descriptionIta,
};

export async function listCategories(db: Db, session: Actor, input: ChartListInput): Promise<Page<CategoryRow>> {
  const scope = await resolveChartScope(db, session, input);
  const where = and(
    eq(categories.area, scope.area),
    eq(categories.year, scope.year),
    input.part !== undefined ? eq(categories.part, input.part) : undefined,
    descriptionFilter(input.description, categories.descriptionDeu, categories.descriptionIta),
  );
  const { limit, offset } = pageWindow(input);
  const [rows, [total]] = await Promise.all([
    db.select(categoryColumns).from(categories).where(where).orderBy(asc(categories.part), asc(categories.category)).limit(limit).offset(offset),
    db.select({ n: count() }).from(categories).where(where),
  ]);
  return toPage(rows, total?.n ?? 0, input);
}

async function loadCategory(db: Db, id: number): Promise<CategoryRow> {
  const [row] = await db.select(categoryColumns).from(categories).where(eq(categories.id, id)).limit(1);
  if (!row) fail('NotFound', { field: 'id' });
  return row;
}

export async function getCategory(db: Db, _session: Actor, input: ChartItemId): Promise<CategoryRow> {
  return loadCategory(db, input.id);
}

export async function categoryTemplate(db: Db, session: Actor, input: ChartScopeInput): Promise<Omit<CategoryRow, 'id'> & { id: null }> {
  const scope = await resolveChartScope(db, session, input);
  return { id: null, year: scope.year, area: scope.area, part: 1, category: '', descriptionDeu: '', descriptionIta: '' };
}

async function categoryInUse(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: chapters.id }).from(chapters).where(eq(chapters.categoryId, id)).limit(1);
  return row !== undefined;
}

export async function createCategory(db: Db, session: Actor, input: CategoryInput): Promise<CategoryRow> {
  const scope = await resolveChartScope(db, session, input);
  return db.transaction(async (tx) => {
    await guardWrite(tx, session, 'categories', input.departmentId, scope.area, scope.year);
    try {
      const [row] = await tx
        .insert(categories)
        .values({ year: scope.year, area: scope.area, part: input.part, category: input.category, descriptionDeu: input.descriptionDeu, descriptionIta: input.descriptionIta })
        .returning(categoryColumns);
      if (!row) fail('NotFound');
      return row;
    } catch (error) {
      return existsOr(error, 'category');
    }
  });
}

export async function updateCategory(db: Db, session: Actor, input: CategoryUpdateInput): Promise<CategoryRow> {
  const existing = await loadCategory(db, input.id);
  return db.transaction(async (tx) => {
    await guardWrite(tx, session, 'categories', input.departmentId, existing.area as Area, existing.year);
    // a chapter's category must be of its part: moving a used category to the other part is refused
    if (existing.part !== input.part && (await categoryInUse(tx, existing.id))) fail('InUse', { params: { item: 'category' } });
    try {
      const [row] = await tx
        .update(categories)
        .set({ part: input.part, category: input.category, descriptionDeu: input.descriptionDeu, descriptionIta: input.descriptionIta })
        .where(eq(categories.id, input.id))
        .returning(categoryColumns);
      if (!row) fail('NotFound', { field: 'id' });
      return row;
    } catch (error) {
      return existsOr(error, 'category');
    }
  });
}

export async function patchCategory(db: Db, session: Actor, input: CategoryPatchInput): Promise<CategoryRow> {
  const existing = await loadCategory(db, input.id);
  const { id, departmentId, ...changes } = input;
  const fields = parseOrFail(CategoryFields, { ...existing, ...defined(changes) });
  return updateCategory(db, session, { id, departmentId, ...fields });
}

export async function deleteCategory(db: Db, session: Actor, input: ChartItemId): Promise<{ deleted: true }> {
  const existing = await loadCategory(db, input.id);
  await db.transaction(async (tx) => {
    await guardWrite(tx, session, 'categories', input.departmentId, existing.area as Area, existing.year);
    if (await categoryInUse(tx, existing.id)) fail('InUse', { params: { item: 'category' } });
    await tx.delete(categories).where(eq(categories.id, input.id));
  });
  return { deleted: true };
}

// ---- chapters --------------------------------------------------------------------------------

const chapterColumns = {
  id: chapters.id,
  year: chapters.year,
  area: chapters.area,
  part: chapters.part,
  chapter: chapters.chapter,
  title: chapters.title,
  chapterShort: chapters.chapterShort,
  searchKeyDeu: chapters.searchKeyDeu,
  searchKeyIta: chapters.searchKeyIta,
  descriptionDeu: chapters.descriptionDeu,
  descriptionIta: chapters.descriptionIta,
  emptyChapter: chapters.emptyChapter,
  municipalContrib: chapters.municipalContrib,
  categoryId: chapters.categoryId,
  titleId: chapters.titleId,
  etsCategoryId: chapters.etsCategoryId,
  notes: chapters.notes,
};

function chapterWhere(scope: { area: Area; year: number }, input: Pick<ChapterListInput, 'part' | 'title' | 'chapter' | 'description'>): SQL | undefined {
  const prefix = input.chapter ? chapterPrefix(input.chapter) : '';
  return and(
    eq(chapters.area, scope.area),
    eq(chapters.year, scope.year),
    input.part !== undefined ? eq(chapters.part, input.part) : undefined,
    input.title !== undefined ? eq(chapters.title, input.title) : undefined,
    prefix ? like(chapters.chapter, `${likeEscape(prefix)}%`) : undefined,
    descriptionFilter(input.description, chapters.descriptionDeu, chapters.descriptionIta, chapters.searchKeyDeu, chapters.searchKeyIta),
  );
}

/** Chapters of an area and year, sorted by chapter code (which starts with the part), paged. */
export async function listChapters(db: Db, session: Actor, input: ChapterListInput): Promise<Page<ChapterRow>> {
  const scope = await resolveChartScope(db, session, input);
  const where = chapterWhere(scope, input);
  const { limit, offset } = pageWindow(input);
  const [rows, [total]] = await Promise.all([
    db.select(chapterColumns).from(chapters).where(where).orderBy(asc(chapters.chapter), asc(chapters.part)).limit(limit).offset(offset),
    db.select({ n: count() }).from(chapters).where(where),
  ]);
  return toPage(rows, total?.n ?? 0, input);
}

/** The chapter picker: pages of 20 with the fields a picker row shows. */
export async function pickChapters(db: Db, session: Actor, input: ChapterPickerInput): Promise<Page<ChapterBrief>> {
  const scope = await resolveChartScope(db, session, input);
  const where = chapterWhere(scope, input);
  const { limit, offset } = pageWindow(input);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: chapters.id,
        chapter: chapters.chapter,
        part: chapters.part,
        title: chapters.title,
        searchKeyDeu: chapters.searchKeyDeu,
        searchKeyIta: chapters.searchKeyIta,
        descriptionDeu: chapters.descriptionDeu,
        descriptionIta: chapters.descriptionIta,
        emptyChapter: chapters.emptyChapter,
      })
      .from(chapters)
      .where(where)
      .orderBy(asc(chapters.chapter))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(chapters).where(where),
  ]);
  return toPage(rows, total?.n ?? 0, input);
}

/** A typed code of exactly 5 characters (`21003` or `2-1-003`) resolved in the area's chart of the year. */
export async function chapterByCode(db: Db, session: Actor, input: ChapterLookupInput): Promise<ChapterRow> {
  const scope = await resolveChartScope(db, session, input);
  const code = parseChapterCode(input.chapter);
  if (!code) fail('ChapterNotFound', { field: 'chapter', params: { chapter: input.chapter } });
  const [row] = await db
    .select(chapterColumns)
    .from(chapters)
    .where(and(eq(chapters.area, scope.area), eq(chapters.year, scope.year), eq(chapters.chapter, code)))
    .limit(1);
  if (!row) fail('ChapterNotFound', { field: 'chapter', params: { chapter: code } });
  return row;
}

async function loadChapter(db: Db, id: number): Promise<ChapterRow> {
  const [row] = await db.select(chapterColumns).from(chapters).where(eq(chapters.id, id)).limit(1);
  if (!row) fail('NotFound', { field: 'id' });
  return row;
}

export async function getChapter(db: Db, _session: Actor, input: ChartItemId): Promise<ChapterRow> {
  return loadChapter(db, input.id);
}

export async function chapterTemplate(db: Db, session: Actor, input: ChartScopeInput): Promise<Omit<ChapterRow, 'id' | 'chapter' | 'titleId'> & { id: null; chapter: ''; titleId: null }> {
  const scope = await resolveChartScope(db, session, input);
  return {
    id: null,
    year: scope.year,
    area: scope.area,
    part: 1,
    chapter: '',
    title: 1,
    chapterShort: '',
    searchKeyDeu: '',
    searchKeyIta: '',
    descriptionDeu: '',
    descriptionIta: '',
    emptyChapter: false,
    municipalContrib: false,
    categoryId: null,
    titleId: null,
    etsCategoryId: null,
    notes: '',
  };
}

/**
 * The rules of spec 2 §5 that need the database: the title must exist in the area's chart of the
 * year; the category must be one of the same area, year and part; the ETS category one of the
 * same part. Returns the columns to store (code, padded short code, titleId).
 */
async function resolveChapter(db: Db, area: Area, year: number, fields: ChapterFields) {
  const code = chapterCodeOf(fields.part, fields.title, fields.chapterShort);
  if (!code) fail('InvalidValue', { field: 'chapterShort' });
  const [title] = await db
    .select({ id: titles.id })
    .from(titles)
    .where(and(eq(titles.area, area), eq(titles.year, year), eq(titles.part, fields.part), eq(titles.title, fields.title)))
    .limit(1);
  if (!title) fail('InvalidValue', { field: 'title', params: { title: fields.title } });
  if (fields.categoryId !== null) {
    const [category] = await db
      .select({ id: categories.id })
      .from(categories)
      .where(and(eq(categories.id, fields.categoryId), eq(categories.area, area), eq(categories.year, year), eq(categories.part, fields.part)))
      .limit(1);
    if (!category) fail('InvalidValue', { field: 'categoryId' });
  }
  if (fields.etsCategoryId !== null) {
    const [ets] = await db
      .select({ id: etsCategories.id })
      .from(etsCategories)
      .where(and(eq(etsCategories.id, fields.etsCategoryId), eq(etsCategories.part, fields.part)))
      .limit(1);
    if (!ets) fail('InvalidValue', { field: 'etsCategoryId' });
  }
  return {
    part: fields.part,
    title: fields.title,
    chapter: code,
    chapterShort: code.slice(2),
    titleId: title.id,
    searchKeyDeu: fields.searchKeyDeu,
    searchKeyIta: fields.searchKeyIta,
    descriptionDeu: fields.descriptionDeu,
    descriptionIta: fields.descriptionIta,
    emptyChapter: fields.emptyChapter,
    municipalContrib: fields.municipalContrib,
    categoryId: fields.categoryId,
    etsCategoryId: fields.etsCategoryId,
    notes: fields.notes,
  };
}

export async function createChapter(db: Db, session: Actor, input: ChapterInput): Promise<ChapterRow> {
  const scope = await resolveChartScope(db, session, input);
  return db.transaction(async (tx) => {
    await guardWrite(tx, session, 'chapters', input.departmentId, scope.area, scope.year);
    const values = await resolveChapter(tx, scope.area, scope.year, input);
    try {
      const [row] = await tx
        .insert(chapters)
        .values({ ...values, area: scope.area, year: scope.year })
        .returning(chapterColumns);
      if (!row) fail('NotFound');
      return row;
    } catch (error) {
      return existsOr(error, 'chapter');
    }
  });
}

export async function updateChapter(db: Db, session: Actor, input: ChapterUpdateInput): Promise<ChapterRow> {
  const existing = await loadChapter(db, input.id);
  const area = existing.area as Area;
  return db.transaction(async (tx) => {
    await guardWrite(tx, session, 'chapters', input.departmentId, area, existing.year);
    const values = await resolveChapter(tx, area, existing.year, input);
    if (values.chapter !== existing.chapter && (await isChapterInUse(tx, existing.id))) fail('InUse', { params: { item: 'chapter' } });
    try {
      const [row] = await tx.update(chapters).set(values).where(eq(chapters.id, input.id)).returning(chapterColumns);
      if (!row) fail('NotFound', { field: 'id' });
      return row;
    } catch (error) {
      return existsOr(error, 'chapter');
    }
  });
}

export async function patchChapter(db: Db, session: Actor, input: ChapterPatchInput): Promise<ChapterRow> {
  const existing = await loadChapter(db, input.id);
  const { id, departmentId, ...changes } = input;
  const fields = parseOrFail(ChapterForm, { ...existing, ...defined(changes) });
  return updateChapter(db, session, { id, departmentId, ...fields });
}

export async function deleteChapter(db: Db, session: Actor, input: ChartItemId): Promise<{ deleted: true }> {
  const existing = await loadChapter(db, input.id);
  await db.transaction(async (tx) => {
    await guardWrite(tx, session, 'chapters', input.departmentId, existing.area as Area, existing.year);
    if (await isChapterInUse(tx, existing.id)) fail('InUse', { params: { item: 'chapter' } });
    await tx.delete(chapters).where(eq(chapters.id, input.id));
  });
  return { deleted: true };
}

// ---- ETS -------------------------------------------------------------------------------------

/** GET ChartOfAccounts/ETS: the ETS sections (titles) with their categories, for profit and loss. */
export async function etsChart(db: Db, input: EtsInput): Promise<EtsChart> {
  const rows = await db
    .select({
      id: etsCategories.id,
      part: etsCategories.part,
      section: etsCategories.section,
      code: etsCategories.code,
      descriptionDeu: etsCategories.descriptionDeu,
      descriptionIta: etsCategories.descriptionIta,
    })
    .from(etsCategories)
    .where(input.part !== undefined ? eq(etsCategories.part, input.part) : undefined)
    .orderBy(asc(etsCategories.part), asc(etsCategories.sort));
  const group = (part: 1 | 2): EtsSection[] => {
    const sections: EtsSection[] = [];
    for (const row of rows.filter((r) => r.part === part)) {
      let section = sections.at(-1);
      if (section?.section !== row.section) {
        const names = etsSectionNames[row.section];
        section = {
          section: row.section,
          descriptionDeu: names?.deu[part - 1] ?? row.section,
          descriptionIta: names?.ita[part - 1] ?? row.section,
          categories: [],
        };
        sections.push(section);
      }
      section.categories.push(row);
    }
    return sections;
  };
  return { profit: group(1), loss: group(2) };
}

// ---- export ----------------------------------------------------------------------------------

/**
 * GET ChartOfAccounts/Export: titles of the area and year (optionally one part and a title range)
 * with their chapters, the chapter's category and ETS code; two queries.
 */
export async function chartExport(db: Db, input: ChartExportInput): Promise<ChartExport> {
  const titleRange = (column: typeof titles.title | typeof chapters.title) =>
    and(input.titleFrom !== undefined ? gte(column, input.titleFrom) : undefined, input.titleTo !== undefined ? lte(column, input.titleTo) : undefined);
  const [titleRows, chapterRows] = await Promise.all([
    db
      .select({ part: titles.part, title: titles.title, descriptionDeu: titles.descriptionDeu, descriptionIta: titles.descriptionIta })
      .from(titles)
      .where(and(eq(titles.area, input.area), eq(titles.year, input.year), input.part !== undefined ? eq(titles.part, input.part) : undefined, titleRange(titles.title)))
      .orderBy(asc(titles.part), asc(titles.title)),
    db
      .select({
        part: chapters.part,
        title: chapters.title,
        chapter: chapters.chapter,
        descriptionDeu: chapters.descriptionDeu,
        descriptionIta: chapters.descriptionIta,
        emptyChapter: chapters.emptyChapter,
        category: categories.category,
        categoryDeu: categories.descriptionDeu,
        categoryIta: categories.descriptionIta,
        etsCode: etsCategories.code,
      })
      .from(chapters)
      .leftJoin(categories, eq(categories.id, chapters.categoryId))
      .leftJoin(etsCategories, eq(etsCategories.id, chapters.etsCategoryId))
      .where(
        and(eq(chapters.area, input.area), eq(chapters.year, input.year), input.part !== undefined ? eq(chapters.part, input.part) : undefined, titleRange(chapters.title)),
      )
      .orderBy(asc(chapters.chapter)),
  ]);
  const byKey = new Map<string, ChartExportTitle>();
  for (const t of titleRows) byKey.set(`${t.part}-${t.title}`, { ...t, chapters: [] });
  for (const c of chapterRows) {
    const key = `${c.part}-${c.title}`;
    let title = byKey.get(key);
    if (!title) {
      title = { part: c.part, title: c.title, descriptionDeu: '', descriptionIta: '', chapters: [] };
      byKey.set(key, title);
    }
    title.chapters.push({
      chapter: c.chapter,
      descriptionDeu: c.descriptionDeu,
      descriptionIta: c.descriptionIta,
      emptyChapter: c.emptyChapter,
      category: input.withCategories && c.category !== null ? { category: c.category, descriptionDeu: c.categoryDeu ?? '', descriptionIta: c.categoryIta ?? '' } : null,
      etsCode: c.etsCode,
    });
  }
  const sorted = [...byKey.values()].sort((a, b) => a.part - b.part || a.title - b.title);
  return { area: input.area, year: input.year, part: input.part ?? null, withCategories: input.withCategories, titles: sorted };
}
