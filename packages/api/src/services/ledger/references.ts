import { type Db, execRows, schema, toBool } from '@app/db';
import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { fail } from '../../errors.ts';
import { sqlList } from './sql.ts';

/**
 * Every table that points at a record, in one place: a record referenced by any row may not be
 * deleted (InUse), a chapter in use keeps its code, and the chart copy treats budget rows of the
 * target year as an existing budget.
 *
 * Adding a booking table (part 3): append one row per pointing column to the lists below, as the
 * movements did (`movements.supplierId` in `supplierReferences`, `movements.accountId` in
 * `accountReferences`, `movements` per scope in `budgetReferences`/`budgetUseReferences`; movement
 * positions point at budget lines, which already keep their chapter in use). The columns are drizzle
 * columns, so a renamed or dropped column fails the typecheck. Every check below is one query over
 * all rows of a list (EXISTS / UNION ALL), however long it grows.
 */

/** A column whose value is the id of the referenced record. */
export interface Reference {
  /** What uses the record, reported in InUse's params (e.g. `suppliers`, `budgetLines`). */
  label: string;
  column: AnyPgColumn;
  /** A condition on the referencing row that says it still counts as a booking (not cancelled); asked for by `liveOnly` checks. */
  live?: SQL;
}

/** A table with rows per scope (department, year): its rows "belong to" the budget of that scope. */
export interface ScopeReference {
  label: string;
  departmentId: AnyPgColumn;
  year: AnyPgColumn;
}

/** Rows that keep a department from being deleted. */
export const departmentReferences: Reference[] = [
  { label: 'users', column: schema.userDepartments.departmentId },
  { label: 'suppliers', column: schema.suppliers.departmentId },
  { label: 'accounts', column: schema.accounts.departmentId },
  { label: 'budgets', column: schema.budgetHeads.departmentId },
  { label: 'movementTemplates', column: schema.movementTemplates.departmentId },
  { label: 'movements', column: schema.movements.departmentId },
  { label: 'reservations', column: schema.reservations.departmentId },
  { label: 'accountTransfers', column: schema.accountTransfers.departmentId },
];
/** Documents of a supplier: movements. */
export const supplierReferences: Reference[] = [{ label: 'movements', column: schema.movements.supplierId }];
/** Movements, account transfers (either side) and typed initial balances of an account: it can't be deleted. */
export const accountReferences: Reference[] = [
  { label: 'movements', column: schema.movements.accountId },
  { label: 'accountTransfers', column: schema.accountTransfers.accountFromId },
  { label: 'accountTransfers', column: schema.accountTransfers.accountToId },
  { label: 'accountBalances', column: schema.accountBalances.accountId },
];
/**
 * Rows that use a chapter (budget lines, which movement positions and reservations point at):
 * a chapter in use cannot be deleted, and its code, part and title cannot change.
 */
export const chapterReferences: Reference[] = [{ label: 'budgetLines', column: schema.chapterBudgets.chapterId }];

/** The movement of the row's `movementId` column is not cancelled (a condition on the referencing row). */
function ofLiveMovement(movementId: AnyPgColumn): SQL {
  return sql`exists (select 1 from ${schema.movements} where ${schema.movements.id} = ${movementId} and not ${schema.movements.cancelled})`;
}

/**
 * Rows that stand on a budget line (chapter_budgets.id): movement positions, transfer positions (either
 * side), reservations and budget change positions. One list for every "is this line used" check (a
 * manual residue line, a line a deleted change opened, the lines carried into the next year); a check
 * that counts only some of them names them (BudgetLineUse), and `liveOnly` leaves cancelled bookings out.
 */
export const budgetLineReferences = [
  { label: 'movementPositions', column: schema.movementPositions.chapterBudgetId, live: ofLiveMovement(schema.movementPositions.movementId) },
  {
    label: 'transferPositions',
    column: schema.movementTransferPositions.fromChapterBudgetId,
    live: ofLiveMovement(schema.movementTransferPositions.movementId),
  },
  { label: 'transferPositions', column: schema.movementTransferPositions.toChapterBudgetId, live: ofLiveMovement(schema.movementTransferPositions.movementId) },
  { label: 'reservations', column: schema.reservations.chapterBudgetId, live: sql`not ${schema.reservations.cancelled}` },
  { label: 'changePositions', column: schema.budgetChangePositions.chapterBudgetId },
] as const satisfies readonly Reference[];

/** What may stand on a budget line (the labels of budgetLineReferences). */
export type BudgetLineUse = (typeof budgetLineReferences)[number]['label'];

/** The bookings among the budget-line references: what movements and reservations put on a line (no budget changes). */
export const BOOKINGS_ON_LINE: readonly BudgetLineUse[] = ['movementPositions', 'transferPositions', 'reservations'];

/**
 * SQL true when a budget-line reference has a row on the line `lineId` (an SQL id expression such as
 * `l.id`, or a column of the outer query): every reference, or only those of `uses`; with `liveOnly`
 * a row of a cancelled movement or a cancelled reservation does not count. One EXISTS per reference.
 */
export function budgetLineUsedSql(lineId: SQL | AnyPgColumn, options: { uses?: readonly BudgetLineUse[]; liveOnly?: boolean } = {}): SQL<boolean> {
  const references: readonly Reference[] = budgetLineReferences.filter((r) => !options.uses || options.uses.includes(r.label));
  return referencedSql(references, lineId, options.liveOnly);
}

/** Budget rows of a scope: for a department of the area in the year they mean "a budget exists" for the chart copy (besides an approved forecast). */
export const budgetReferences: ScopeReference[] = [
  { label: 'budgetLines', departmentId: schema.chapterBudgets.departmentId, year: schema.chapterBudgets.year },
  { label: 'movements', departmentId: schema.movements.departmentId, year: schema.movements.year },
  { label: 'reservations', departmentId: schema.reservations.departmentId, year: schema.reservations.year },
];

/** Rows that use the approved budget of a scope, so its forecast approval can't be revoked (changes, movements, reservations). */
export const budgetUseReferences: ScopeReference[] = [
  { label: 'budgetChanges', departmentId: schema.budgetChanges.departmentId, year: schema.budgetChanges.year },
  { label: 'movements', departmentId: schema.movements.departmentId, year: schema.movements.year },
  { label: 'reservations', departmentId: schema.reservations.departmentId, year: schema.reservations.year },
];

function pointsAt(r: Reference, id: number | AnyPgColumn | SQL, liveOnly = false): SQL<boolean> {
  const live = liveOnly && r.live ? sql` and ${r.live}` : sql``;
  return sql<boolean>`exists (select 1 from ${r.column.table} where ${r.column} = ${id}${live})`;
}

/**
 * SQL true when any reference finds a row pointing at `id` (an id value, an SQL expression or a column
 * of the outer query); with `liveOnly` only rows that still count (Reference.live).
 */
export function referencedSql(references: readonly Reference[], id: number | AnyPgColumn | SQL, liveOnly = false): SQL<boolean> {
  if (references.length === 0) return sql<boolean>`false`;
  return sql<boolean>`(${sql.join(
    references.map((r) => pointsAt(r, id, liveOnly)),
    sql` or `,
  )})`;
}

/** The labels of the references that find a row pointing at `id`, in one query. */
export async function referencesTo(db: Db, references: readonly Reference[], id: number): Promise<string[]> {
  if (references.length === 0) return [];
  const columns = references.map((r, i) => sql`${pointsAt(r, id)} as ${sql.identifier(`r${i}`)}`);
  const [row] = await execRows<Record<string, unknown>>(db, sql`select ${sql.join(columns, sql`, `)}`);
  return references.filter((_, i) => toBool(row?.[`r${i}`])).map((r) => r.label);
}

/** Refuses a delete (InUse, with what uses the record) while anything points at it. */
export async function assertUnused(db: Db, references: readonly Reference[], id: number): Promise<void> {
  const used = await referencesTo(db, references, id);
  if (used.length > 0) fail('InUse', { params: { usedBy: used.join(',') } });
}

/** The ids among `ids` that some reference points at, in one query over all references. */
export async function referencedIds(db: Db, references: readonly Reference[], ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0 || references.length === 0) return new Set();
  const list = sqlList(ids);
  const parts = references.map((r) => sql`select ${r.column} as id from ${r.column.table} where ${r.column} in (${list})`);
  const rows = await execRows<{ id: number | string }>(db, sql`select distinct id from (${sql.join(parts, sql` union all `)}) used`);
  return new Set(rows.map((r) => Number(r.id)));
}

/** The chapters among `chapterIds` that are in use. */
export async function chaptersInUse(db: Db, chapterIds: readonly number[], references: readonly Reference[] = chapterReferences): Promise<Set<number>> {
  return referencedIds(db, references, chapterIds);
}

/** Is this one chapter in use? */
export async function isChapterInUse(db: Db, chapterId: number, references: readonly Reference[] = chapterReferences): Promise<boolean> {
  return (await chaptersInUse(db, [chapterId], references)).has(chapterId);
}

/**
 * SQL true when any scope reference has a row in the year for the department `department` (an id)
 * or for a department matching `department` (a condition on the departments table).
 */
export function scopeReferencedSql(references: readonly ScopeReference[], year: number, department: number | SQL): SQL<boolean> {
  if (references.length === 0) return sql<boolean>`false`;
  const parts = references.map((r) => {
    const ofDepartment =
      typeof department === 'number'
        ? sql`${r.departmentId} = ${department}`
        : sql`${r.departmentId} in (select ${schema.departments.id} from ${schema.departments} where ${department})`;
    return sql`exists (select 1 from ${r.year.table} where ${r.year} = ${year} and ${ofDepartment})`;
  });
  return sql<boolean>`(${sql.join(parts, sql` or `)})`;
}

/** Evaluates a boolean SQL expression (one query). */
export async function holds(db: Db, condition: SQL<boolean>): Promise<boolean> {
  const [row] = await execRows<{ ok: unknown }>(db, sql`select ${condition} as ok`);
  return toBool(row?.ok);
}
