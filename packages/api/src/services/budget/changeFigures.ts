import { type Db, execRows, schema, toCents } from '@app/db';
import { type BudgetChapter, type ChapterBeforeInput } from '@app/domain';
import { and, eq, sql } from 'drizzle-orm';
import { fail } from '../../errors.ts';
import type { BookingScope } from '../ledger/bookingScope.ts';
import { chapterFigureRows, toBudgetChapter } from '../ledger/chapterFigures.ts';
import { ADJUSTMENT_RECORD } from './changes.ts';

// The figures before a budget change (its positions form) and the change amounts per line (prints).

const { budgetChanges } = schema;

/**
 * GET Budget/Changes/ChapterBefore: the chapter's figures without the given change (and without the
 * adjustment when `beforeAdjustment`). A change of another scope is NotFound.
 */
export async function chapterBefore(db: Db, scope: BookingScope, input: ChapterBeforeInput): Promise<BudgetChapter> {
  const scoped = and(eq(budgetChanges.departmentId, scope.departmentId), eq(budgetChanges.year, scope.year));
  const exclude: number[] = [];
  if (input.changeId !== undefined) {
    const [row] = await db
      .select({ id: budgetChanges.id })
      .from(budgetChanges)
      .where(and(scoped, eq(budgetChanges.id, input.changeId)))
      .limit(1);
    if (!row) fail('NotFound', { field: 'changeId' });
    exclude.push(row.id);
  }
  if (input.beforeAdjustment) {
    const [adj] = await db
      .select({ id: budgetChanges.id })
      .from(budgetChanges)
      .where(and(scoped, eq(budgetChanges.recordNumber, ADJUSTMENT_RECORD)))
      .limit(1);
    if (adj) exclude.push(adj.id);
  }
  const { rows } = await chapterFigureRows(db, {
    departmentId: scope.departmentId,
    year: scope.year,
    area: scope.area,
    ...(input.chapterId !== undefined ? { chapterIds: [input.chapterId] } : { codes: [input.chapter ?? ''] }),
    excludeChangeIds: exclude,
  });
  const row = rows[0];
  if (!row) fail('ChapterNotFound', { field: 'chapter', params: { chapter: input.chapter ?? String(input.chapterId) } });
  return toBudgetChapter(row);
}

/** Sum of the change positions per chapter line and record number of the scope (prints). */
export async function changeAmountsByLine(
  db: Db,
  scope: Pick<BookingScope, 'departmentId' | 'year'>,
): Promise<{ chapterId: number; recordNumber: number; approved: string | null; notes: string; amount: number }[]> {
  const rows = await execRows<{ chapter_id: number; record_number: number; approved: string | null; notes: string; amount: string }>(
    db,
    sql`
    select l.chapter_id, h.record_number, h.approved::text as approved, h.notes, p.amount::text as amount
    from budget_change_positions p
    join budget_changes h on h.id = p.change_id
    join chapter_budgets l on l.id = p.chapter_budget_id
    where h.department_id = ${scope.departmentId} and h.year = ${scope.year} and l.chapter_year = ${scope.year}
    order by h.record_number`,
  );
  return rows.map((r) => ({
    chapterId: Number(r.chapter_id),
    recordNumber: Number(r.record_number),
    approved: r.approved,
    notes: r.notes,
    amount: toCents(r.amount),
  }));
}
