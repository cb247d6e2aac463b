import { type Db, schema } from '@app/db';
import {
  type Area,
  type CategoryInput,
  type CategoryPatchInput,
  type CategoryRow,
  type CategoryUpdateInput,
  CategoryFields,
  type ChartItemId,
  type ChartListInput,
  type ChartScopeInput,
  type Page,
  pageWindow,
  toPage,
} from '@app/domain';
import { and, asc, count, eq } from 'drizzle-orm';
import { fail } from '../../errors.ts';
import { parseOrFail } from '../access.ts';
import { defined, descriptionFilter, existsOr } from './items.ts';
import { type Actor, assertNamedDepartment, guardWrite, resolveChartScope } from './scope.ts';

const { categories, chapters } = schema;

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

export async function getCategory(db: Db, session: Actor, input: ChartItemId): Promise<CategoryRow> {
  await assertNamedDepartment(db, session, input.departmentId);
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
        .values({
          year: scope.year,
          area: scope.area,
          part: input.part,
          category: input.category,
          descriptionDeu: input.descriptionDeu,
          descriptionIta: input.descriptionIta,
        })
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
