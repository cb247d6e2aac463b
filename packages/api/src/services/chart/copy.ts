import { type Db, execRows, schema } from '@app/db';
import { type Area, type ChartCopyInput, type ChartCopyResult, type ChartKind, copyKinds, type ErrorCode } from '@app/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Session } from '../../context.ts';
import { fail } from '../../errors.ts';
import { requireItem } from '../access.ts';
import { approvedForecastSql, departmentsOfArea } from './scope.ts';
import { budgetReferences, chaptersInUse, holds, type ScopeReference, scopeReferencedSql } from '../ledger/references.ts';

const { chapters, financialYears } = schema;

/**
 * Does a budget of the area and year exist? Yes when a department of the area has an approved
 * forecast in that year, or a row in one of the budget tables (forecast positions, ...).
 */
export async function areaBudgetExists(db: Db, area: Area, year: number, references: readonly ScopeReference[] = budgetReferences): Promise<boolean> {
  return holds(db, sql<boolean>`(${approvedForecastSql(area, year)} or ${scopeReferencedSql(references, year, departmentsOfArea(area))})`);
}

type Counts = Record<ChartKind, number>;

async function chartCounts(db: Db, area: Area, year: number): Promise<Counts> {
  const [row] = await execRows<{ titles: number | string; categories: number | string; chapters: number | string }>(
    db,
    sql`
    select (select count(*) from titles where area = ${area} and year = ${year}) as titles,
           (select count(*) from categories where area = ${area} and year = ${year}) as categories,
           (select count(*) from chapters where area = ${area} and year = ${year}) as chapters`,
  );
  return { titles: Number(row?.titles ?? 0), categories: Number(row?.categories ?? 0), chapters: Number(row?.chapters ?? 0) };
}

const noCounts: Counts = { chapters: 0, categories: 0, titles: 0 };

function error(message: ErrorCode, kinds: ChartKind[] = []): ChartCopyResult {
  return { status: 'Error', message, kinds, counts: { ...noCounts } };
}

/**
 * POST ChartOfAccounts (permission chartCopy): copies the chart of an area from `year - 1` to `year`.
 *
 * - `test: true` writes nothing: Error (BudgetExists, ChaptersExist, NothingToCopy), Warning
 *   `RequestedEntitiesExist` listing the ticked kinds that already exist in the target year, or
 *   Success `readyToCopy` with the counts that would be copied.
 * - `test: false` copies: existing kinds of the target year are an Error (ChaptersExist /
 *   RequestedEntitiesExist) unless `replace: true` ("delete existing data and copy again"), which
 *   deletes them first; any approved forecast or budget row of the area in that year is BudgetExists.
 * - Ticking chapters forces categories and titles. Titles or categories cannot be replaced under
 *   existing chapters that are not copied too (ChaptersExist).
 * - `amendETS: true` only copies the ETS mapping of last year's chapters onto the chapters of the
 *   same code in the target year (successETS).
 * Everything runs in one transaction.
 */
export async function copyChart(db: Db, session: Session, input: ChartCopyInput): Promise<ChartCopyResult> {
  await requireItem(db, session, 'chartCopy', input.departmentId);
  const area = input.area as Area;
  const { year } = input;
  const source = year - 1;
  const [fy] = await db.select({ year: financialYears.year }).from(financialYears).where(eq(financialYears.year, year)).limit(1);
  if (!fy) fail('NotFound', { field: 'year', params: { year } });
  if (input.amendETS) return amendEts(db, area, year, input.test);

  const kinds = copyKinds(input);
  if (kinds.length === 0) fail('InvalidValue', { field: 'chapters' });

  return db.transaction(async (tx) => {
    // serialize concurrent copies into the same year
    await tx.select({ year: financialYears.year }).from(financialYears).where(eq(financialYears.year, year)).for('update');
    const [from, to] = await Promise.all([chartCounts(tx, area, source), chartCounts(tx, area, year)]);
    if (kinds.every((k) => from[k] === 0)) return error('NothingToCopy');
    if (await areaBudgetExists(tx, area, year)) return error('BudgetExists');
    const existing = kinds.filter((k) => to[k] > 0);
    if (!kinds.includes('chapters') && to.chapters > 0 && existing.length > 0) return error('ChaptersExist', existing);
    const counts: Counts = { ...noCounts };
    for (const k of kinds) counts[k] = from[k];
    if (input.test) {
      if (existing.length > 0) return { status: 'Warning', message: 'RequestedEntitiesExist', kinds: existing, counts };
      return { status: 'Success', message: 'readyToCopy', kinds: [], counts };
    }
    if (existing.length > 0 && !input.replace) return error(existing.includes('chapters') ? 'ChaptersExist' : 'RequestedEntitiesExist', existing);

    if (existing.includes('chapters')) {
      const ids = (
        await tx
          .select({ id: chapters.id })
          .from(chapters)
          .where(and(eq(chapters.area, area), eq(chapters.year, year)))
      ).map((r) => r.id);
      if ((await chaptersInUse(tx, ids)).size > 0) return error('InUse', ['chapters']);
      await tx.execute(sql`delete from chapters where area = ${area} and year = ${year}`);
    }
    if (existing.includes('categories')) await tx.execute(sql`delete from categories where area = ${area} and year = ${year}`);
    if (existing.includes('titles')) await tx.execute(sql`delete from titles where area = ${area} and year = ${year}`);

    if (kinds.includes('titles')) {
      await tx.execute(sql`
        insert into titles (year, area, part, title, description_deu, description_ita)
        select ${year}::int, area, part, title, description_deu, description_ita from titles where area = ${area} and year = ${source}`);
      // chapters kept in the target year point at the new titles
      await tx.execute(sql`
        update chapters c set title_id = t.id from titles t
        where c.area = ${area} and c.year = ${year} and t.area = c.area and t.year = c.year and t.part = c.part and t.title = c.title`);
    }
    if (kinds.includes('categories')) {
      await tx.execute(sql`
        insert into categories (year, area, part, category, description_deu, description_ita)
        select ${year}::int, area, part, category, description_deu, description_ita from categories where area = ${area} and year = ${source}`);
    }
    if (kinds.includes('chapters')) {
      await tx.execute(sql`
        insert into chapters (year, area, part, chapter, title, chapter_short, search_key_deu, search_key_ita, description_deu,
                              description_ita, empty_chapter, municipal_contrib, category_id, title_id, ets_category_id, notes)
        select ${year}::int, c.area, c.part, c.chapter, c.title, c.chapter_short, c.search_key_deu, c.search_key_ita, c.description_deu,
               c.description_ita, c.empty_chapter, c.municipal_contrib, tc.id, tt.id, c.ets_category_id, c.notes
        from chapters c
        left join categories sc on sc.id = c.category_id
        left join categories tc on tc.area = c.area and tc.year = ${year} and tc.part = sc.part and tc.category = sc.category
        left join titles tt on tt.area = c.area and tt.year = ${year} and tt.part = c.part and tt.title = c.title
        where c.area = ${area} and c.year = ${source}`);
    }
    return { status: 'Success', message: 'successCopy', kinds: [], counts };
  });
}

/** Copies last year's ETS mapping onto this year's chapters of the same code (and part). */
async function amendEts(db: Db, area: Area, year: number, test: boolean): Promise<ChartCopyResult> {
  const match = sql`t.area = ${area} and t.year = ${year} and s.area = t.area and s.year = ${year - 1}
                    and s.chapter = t.chapter and s.part = t.part and s.ets_category_id is not null
                    and s.ets_category_id is distinct from t.ets_category_id`;
  return db.transaction(async (tx) => {
    const counted = await execRows<{ n: number | string }>(tx, sql`select count(*) as n from chapters t join chapters s on ${match}`);
    const n = Number(counted[0]?.n ?? 0);
    if (!test && n > 0) await tx.execute(sql`update chapters t set ets_category_id = s.ets_category_id from chapters s where ${match}`);
    return { status: 'Success', message: 'successETS', kinds: [], counts: { ...noCounts, chapters: n } };
  });
}
