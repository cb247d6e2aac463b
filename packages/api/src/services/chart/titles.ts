import { type Db, schema } from '@app/db';
import {
  type Area,
  type ChartItemId,
  type ChartListInput,
  type ChartScopeInput,
  type Page,
  pageWindow,
  type TitleInput,
  type TitlePatchInput,
  type TitleRow,
  type TitleUpdateInput,
  TitleFields,
  toPage,
} from '@app/domain';
import { and, asc, count, eq, or } from 'drizzle-orm';
import { fail } from '../../errors.ts';
import { parseOrFail } from '../access.ts';
import { defined, descriptionFilter, existsOr } from './items.ts';
import { type Actor, assertNamedDepartment, guardWrite, resolveChartScope } from './scope.ts';

const { chapters, titles } = schema;

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

export async function getTitle(db: Db, session: Actor, input: ChartItemId): Promise<TitleRow> {
  await assertNamedDepartment(db, session, input.departmentId);
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
    .where(or(eq(chapters.titleId, t.id), and(eq(chapters.area, t.area), eq(chapters.year, t.year), eq(chapters.part, t.part), eq(chapters.title, t.title))))
    .limit(1);
  return row !== undefined;
}

export async function createTitle(db: Db, session: Actor, input: TitleInput): Promise<TitleRow> {
  const scope = await resolveChartScope(db, session, input);
  return db.transaction(async (tx) => {
    await guardWrite(tx, session, 'titles', input.departmentId, scope.area, scope.year);
    try {
      const [row] = await tx
        .insert(titles)
        .values({
          year: scope.year,
          area: scope.area,
          part: input.part,
          title: input.title,
          descriptionDeu: input.descriptionDeu,
          descriptionIta: input.descriptionIta,
        })
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
