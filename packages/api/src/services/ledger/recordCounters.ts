import { type Db, execRows, schema } from '@app/db';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { fail } from '../../errors.ts';
import type { YearScope } from './bookingScope.ts';

const { recordCounters } = schema;

/**
 * The records numbered gap-free per department and year, each under its own counter
 * (`record_counters.kind` stores the name as is). Budget changes are numbered today; the others
 * are the bookings of spec part 3.
 */
export type RecordKind = 'budgetChange' | 'revenue' | 'expense' | 'reservation' | 'accountTransfer' | 'paymentOrder';

/** Where a number series runs: one department and year. */
export type RecordScope = YearScope;

function counterOf(scope: RecordScope, kind: RecordKind) {
  return and(eq(recordCounters.departmentId, scope.departmentId), eq(recordCounters.year, scope.year), eq(recordCounters.kind, kind));
}

/** The counter upsert: creates the counter row with `step` when missing, else raises it by `step`; answers `last`. */
function counterUpsertSql(scope: RecordScope, kind: RecordKind, step: SQL): SQL {
  return sql`insert into record_counters (department_id, year, kind, last) values (${scope.departmentId}, ${scope.year}, ${kind}, ${step})
    on conflict (department_id, year, kind) do update set last = record_counters.last + ${step} returning last`;
}

/**
 * Takes the next gap-free number of a kind in a scope: one upsert creates the counter row when missing
 * or raises it, and keeps the row locked until the caller's write transaction ends, so concurrent
 * writers wait and never share a number, and a rolled-back write gives its number back. The one way
 * to number records (with takeRecordNumbers, its form for several at once): nextRecordNumber runs it;
 * a write may embed it as a CTE (answers `last`), so the counter is locked only from that statement
 * to COMMIT.
 */
export function nextRecordNumberSql(scope: RecordScope, kind: RecordKind): SQL {
  return counterUpsertSql(scope, kind, sql`1`);
}

/** The next number of a kind (nextRecordNumberSql run on its own). */
export async function nextRecordNumber(tx: Db, scope: RecordScope, kind: RecordKind): Promise<number> {
  return takeRecordNumbers(tx, scope, kind, 1);
}

/**
 * Takes `count` (at least 1) consecutive gap-free numbers of a kind in one upsert of the counter, as
 * nextRecordNumberSql takes one (created when missing, raised by `count`, locked until COMMIT), for a
 * write that numbers several records in one insert; answers the first (the others follow it).
 */
export async function takeRecordNumbers(tx: Db, scope: RecordScope, kind: RecordKind, count: number): Promise<number> {
  if (!Number.isInteger(count) || count < 1) throw new Error(`takeRecordNumbers: count ${count}`);
  const step = count === 1 ? sql`1` : sql`${count}::int`;
  const [counter] = await execRows<{ last: number | string }>(tx, counterUpsertSql(scope, kind, step));
  if (!counter) throw new Error('record counter upsert returned nothing');
  return Number(counter.last) - count + 1;
}

/** The last number taken, with the counter locked FOR UPDATE in the caller's transaction (undefined: none taken yet). */
export async function lockLastRecordNumber(tx: Db, scope: RecordScope, kind: RecordKind): Promise<number | undefined> {
  const [counter] = await tx.select({ last: recordCounters.last }).from(recordCounters).where(counterOf(scope, kind)).for('update');
  return counter?.last;
}

/** Gives the last number back after its record was deleted (only the newest record may go: check with lockLastRecordNumber). */
export async function releaseLastRecordNumber(tx: Db, scope: RecordScope, kind: RecordKind, last: number): Promise<void> {
  await tx
    .update(recordCounters)
    .set({ last: last - 1 })
    .where(counterOf(scope, kind));
}

/** What a delete did (DOMAIN decision 1): the record deleted (its number given back) or cancelled (it keeps its number). */
export interface DeleteOrCancelResult {
  deleted: boolean;
  cancelled: boolean;
  recordNumber: number;
}

/**
 * DOMAIN decision 1, delete or cancel, for every numbered record (movements, reservations, account
 * transfers, budget changes): inside the write transaction, with the record locked, the counter is
 * locked; the latest record of its kind is deleted (`remove`) and its number given back, so numbers stay
 * gap-free; an earlier one is cancelled (`cancel`: it keeps its number and head, its amounts go) — or
 * refused, when `cancel` throws (a budget change: only the latest may go).
 */
export async function deleteOrCancel(
  tx: Db,
  scope: RecordScope,
  kind: RecordKind,
  recordNumber: number,
  steps: { remove: () => Promise<unknown>; cancel: () => Promise<unknown> },
): Promise<DeleteOrCancelResult> {
  const last = await lockLastRecordNumber(tx, scope, kind);
  if (last !== recordNumber) {
    await steps.cancel();
    return { deleted: false, cancelled: true, recordNumber };
  }
  await steps.remove();
  await releaseLastRecordNumber(tx, scope, kind, recordNumber);
  return { deleted: true, cancelled: false, recordNumber };
}

/**
 * A typed number of a new record (`typed`, not null; null: nothing to check) must be the next one,
 * read behind the counter lock: a number already taken is RecordNumberUsed, any other
 * InvalidRecordNumber (both on field recordNumber). The number itself is then taken by nextRecordNumber.
 */
export async function checkTypedRecordNumber(tx: Db, scope: RecordScope, kind: RecordKind, typed: number | null): Promise<void> {
  if (typed === null) return;
  const last = (await lockLastRecordNumber(tx, scope, kind)) ?? 0;
  if (typed <= last) fail('RecordNumberUsed', { field: 'recordNumber', params: { recordNumber: typed } });
  if (typed !== last + 1) fail('InvalidRecordNumber', { field: 'recordNumber', params: { recordNumber: typed, next: last + 1 } });
}

/** The number of a new record (inside the write transaction, behind the counter lock): the next one, a typed one checked first. */
export async function newRecordNumber(tx: Db, scope: RecordScope, kind: RecordKind, typed: number | null): Promise<number> {
  await checkTypedRecordNumber(tx, scope, kind, typed);
  return nextRecordNumber(tx, scope, kind);
}
