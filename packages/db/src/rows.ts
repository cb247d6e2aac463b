import { type SQL, sql } from 'drizzle-orm';
import type { Sql } from 'postgres';
import type { Db, Tx } from './client.ts';
import { centsFromDriver, centsToDriver } from './schema/types.ts';

// Raw SQL rows, read and written the same way on both drivers: the one place that knows how PGlite
// and postgres.js hand values back (booleans, int8, numeric) and how a money parameter is written.

/**
 * Runs raw SQL and returns its rows on both drivers: postgres.js resolves to the row array itself,
 * PGlite to a result object with `rows`. The one way services read rows of hand-written SQL.
 */
export async function execRows<T>(db: Db | Tx, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return Array.isArray(result) ? (result as T[]) : ((result as { rows?: T[] }).rows ?? []);
}

/**
 * The postgres.js client under a drizzle handle or transaction (drizzle keeps it as `session.client`, a handle also
 * as `$client`), for what only that driver does (cursors, COPY); undefined on PGlite.
 */
export function postgresJsClient(db: Db | Tx): Sql | undefined {
  const session = (db as unknown as { session?: { client?: unknown } }).session;
  const client = (session?.client ?? (db as unknown as { $client?: unknown }).$client) as Record<string, unknown> | undefined;
  if (typeof client !== 'function' || typeof client['unsafe'] !== 'function' || 'waitReady' in client) return undefined;
  return client as unknown as Sql;
}

/**
 * Runs raw SQL and yields its rows in batches of at most `batch`, so a long answer is never held whole:
 * on postgres.js through a server-side cursor (`cursor(batch)`: the statement runs once, its rows fetched
 * `batch` at a time while the caller consumes them); on PGlite (embedded, in-process: its result is in
 * memory already) the rows of one `execRows`, handed out in the same batches. Outside a transaction only
 * (a pooled connection is held until the last batch is read or the iteration stops).
 */
export async function* streamRows<T>(db: Db, query: SQL, batch = 1000): AsyncGenerator<T[]> {
  const client = postgresJsClient(db);
  const dialect = (db as unknown as { dialect?: { sqlToQuery(q: SQL): { sql: string; params: unknown[] } } }).dialect;
  if (client && dialect) {
    const { sql: text, params } = dialect.sqlToQuery(query);
    // drizzle's query logger sees it as any statement (the bench captures the app's SQL through it)
    (db as unknown as { session?: { logger?: { logQuery(q: string, p: unknown[]): void } } }).session?.logger?.logQuery(text, params);
    yield* client.unsafe(text, params as never[], { prepare: true }).cursor(batch) as AsyncIterable<T[]>;
    return;
  }
  const rows = await execRows<T>(db, query);
  for (let i = 0; i < rows.length; i += batch) yield rows.slice(i, i + batch);
}

/**
 * A money value of a raw SQL row (numeric: a string on both drivers) as integer cents, through the
 * same mapping as the `money` column type; null (no rows summed) is 0.
 */
export function toCents(value: unknown): number {
  if (value === null || value === undefined) return 0;
  return centsFromDriver(typeof value === 'number' ? value : String(value));
}

/**
 * Integer cents as a raw SQL parameter of a numeric(14,2) (cast it in the SQL: `${moneyParam(c)}::numeric`),
 * through the same mapping as the `money` column type — exact, never a float division.
 */
export function moneyParam(cents: number): string {
  return centsToDriver(cents);
}

/** A boolean of a raw SQL row: `true` on PGlite, `true` or the text `'t'`/`'true'` on postgres.js; anything else (null) is false. */
export function toBool(value: unknown): boolean {
  return value === true || value === 't' || value === 'true';
}

/**
 * An integer of a raw SQL row: int4 arrives as a number, int8 (`count(*)`, `sum` of ints) as text on
 * postgres.js; null (no row) is 0. Anything that is not a whole number is a decoding error.
 */
export function toInt(value: unknown): number {
  if (value === null || value === undefined) return 0;
  const n = typeof value === 'number' || typeof value === 'bigint' ? Number(value) : Number(String(value));
  if (!Number.isSafeInteger(n)) throw new Error(`not an integer: ${String(value)}`);
  return n;
}

/** A user's text as a LIKE / ILIKE pattern that matches it literally (`\`, `%` and `_` escaped). */
export function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * One page of a raw select with the number of all its rows (a list with its count, one query):
 * `select` has no order and no limit; `order` sorts by its output column names. A page past the end
 * has no row to carry the count, so only then the count is read on its own.
 */
export async function pagedRows<T extends object>(
  db: Db | Tx,
  select: SQL,
  order: SQL,
  window: { limit: number; offset: number },
): Promise<{ rows: T[]; total: number }> {
  const rows = await execRows<T & { paged_total: unknown }>(
    db,
    sql`select paged.*, count(*) over () as paged_total from (${select}) paged order by ${order} limit ${window.limit} offset ${window.offset}`,
  );
  if (rows.length === 0 && window.offset > 0) {
    const [counted] = await execRows<{ n: unknown }>(db, sql`select count(*) as n from (${select}) paged`);
    return { rows: [], total: toInt(counted?.n) };
  }
  return { rows: rows.map(({ paged_total: _, ...row }) => row as unknown as T), total: toInt(rows[0]?.paged_total) };
}
