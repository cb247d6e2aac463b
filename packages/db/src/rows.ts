import type { SQL } from 'drizzle-orm';
import type { Db, Tx } from './client.ts';
import { centsFromDriver } from './schema/types.ts';

/**
 * Runs raw SQL and returns its rows on both drivers: postgres.js resolves to the row array itself,
 * PGlite to a result object with `rows`. The one way services read rows of hand-written SQL.
 */
export async function execRows<T>(db: Db | Tx, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return Array.isArray(result) ? (result as T[]) : ((result as { rows?: T[] }).rows ?? []);
}

/**
 * A money value of a raw SQL row (numeric: a string on both drivers) as integer cents, through the
 * same mapping as the `money` column type; null (no rows summed) is 0.
 */
export function toCents(value: unknown): number {
  if (value === null || value === undefined) return 0;
  return centsFromDriver(typeof value === 'number' ? value : String(value));
}
