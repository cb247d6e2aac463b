import { type Db, likeEscape, schema } from '@app/db';
import {
  type Area,
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
  type ChartItemId,
  type ChartScopeInput,
  type Page,
  pageWindow,
  parseChapterCode,
  toPage,
} from '@app/domain';
import { and, asc, count, eq, like, type SQL } from 'drizzle-orm';
import { fail } from '../../errors.ts';
import { parseOrFail } from '../access.ts';
import { isChapterInUse } from '../ledger/references.ts';
import { defined, descriptionFilter, existsOr } from './items.ts';
import { type Actor, assertNamedDepartment, guardWrite, resolveChartScope } from './scope.ts';

const { categories, chapters, etsCategories, titles } = schema;

// Chapters of the chart: list, picker and code lookup, the item screens and writes (spec 2 §5).

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

/**
 * One page of the chapters of an area and year that match the list filters: `rows` reads the page's
 * rows (limit, offset) with the fields it needs, the total counts every match.
 */
async function chapterPage<Row>(
  db: Db,
  session: Actor,
  input: ChapterListInput | ChapterPickerInput,
  rows: (where: SQL | undefined, window: { limit: number; offset: number }) => Promise<Row[]>,
): Promise<Page<Row>> {
  const where = chapterWhere(await resolveChartScope(db, session, input), input);
  const [entities, [total]] = await Promise.all([rows(where, pageWindow(input)), db.select({ n: count() }).from(chapters).where(where)]);
  return toPage(entities, total?.n ?? 0, input);
}

/** Chapters of an area and year, sorted by chapter code (which starts with the part), paged. */
export function listChapters(db: Db, session: Actor, input: ChapterListInput): Promise<Page<ChapterRow>> {
  return chapterPage(db, session, input, (where, { limit, offset }) =>
    db.select(chapterColumns).from(chapters).where(where).orderBy(asc(chapters.chapter), asc(chapters.part)).limit(limit).offset(offset),
  );
}

/** The chapter picker: pages of 20 with the fields a picker row shows. */
export function pickChapters(db: Db, session: Actor, input: ChapterPickerInput): Promise<Page<ChapterBrief>> {
  return chapterPage(db, session, input, (where, { limit, offset }) =>
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
  );
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

export async function getChapter(db: Db, session: Actor, input: ChartItemId): Promise<ChapterRow> {
  await assertNamedDepartment(db, session, input.departmentId);
  return loadChapter(db, input.id);
}

export async function chapterTemplate(
  db: Db,
  session: Actor,
  input: ChartScopeInput,
): Promise<Omit<ChapterRow, 'id' | 'chapter' | 'titleId'> & { id: null; chapter: ''; titleId: null }> {
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
