import { type Db, execRows, schema } from '@app/db';
import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { fail } from '../errors.ts';
import { likeEscape } from './access.ts';

export { parseOrFail, permissionArea } from './access.ts';

/**
 * A PATCH: the keys sent replace those of the entity; nested objects (bankInfo, commander, ...)
 * are merged one level deep. The result is checked again by the caller with the full schema.
 */
export function mergePatch<T extends object>(entity: T, patch: Record<string, unknown>, omit: readonly string[] = ['id', 'departmentId', 'year']): T {
  const out: Record<string, unknown> = { ...(entity as Record<string, unknown>) };
  for (const [key, value] of Object.entries(patch)) {
    if (omit.includes(key) || value === undefined) continue;
    const current = out[key];
    out[key] =
      current && typeof current === 'object' && !Array.isArray(current) && value && typeof value === 'object' && !Array.isArray(value)
        ? { ...current, ...value }
        : value;
  }
  return out as T;
}

/** A table that points at a base-data row; `column` holds the referenced id. */
export interface ReferenceCheck {
  /** What uses the row, reported in InUse's params (e.g. `suppliers`, `movements`). */
  name: string;
  column: AnyPgColumn;
}

/**
 * What may not be deleted while referenced. The bookings area adds its tables here (movements by
 * department, supplier and account; account transfers; payment orders ...).
 */
export const departmentReferences: ReferenceCheck[] = [
  { name: 'users', column: schema.userDepartments.departmentId },
  { name: 'suppliers', column: schema.suppliers.departmentId },
  { name: 'accounts', column: schema.accounts.departmentId },
  { name: 'budgets', column: schema.budgetHeads.departmentId },
  { name: 'movementTemplates', column: schema.movementTemplates.departmentId },
];
/** Documents of a supplier (no movement tables yet: the bookings area adds movements.supplierId). */
export const supplierReferences: ReferenceCheck[] = [];
/** Movements of an account (no movement tables yet: the bookings area adds movements and transfers). */
export const accountReferences: ReferenceCheck[] = [];

/** SQL true when any of the checks finds a row pointing at `id` (an id value or a column of the outer query). */
export function referencedSql(checks: readonly ReferenceCheck[], id: number | AnyPgColumn): SQL<boolean> {
  if (checks.length === 0) return sql<boolean>`false`;
  const parts = checks.map((c) => sql`exists (select 1 from ${c.column.table} where ${c.column} = ${id})`);
  return sql<boolean>`(${sql.join(parts, sql` or `)})`;
}

/** The names of the checks that find a row pointing at `id`, in one query. */
export async function referencesTo(db: Db, checks: readonly ReferenceCheck[], id: number): Promise<string[]> {
  if (checks.length === 0) return [];
  const columns = Object.fromEntries(checks.map((c, i) => [`r${i}`, sql<boolean>`exists (select 1 from ${c.column.table} where ${c.column} = ${id})`]));
  const [row] = await execRows<Record<string, unknown>>(db, sql`select ${sql.join(Object.entries(columns).map(([alias, expr]) => sql`${expr} as ${sql.identifier(alias)}`), sql`, `)}`);
  return checks.filter((_, i) => row?.[`r${i}`] === true || row?.[`r${i}`] === 't').map((c) => c.name);
}

/** Refuses a delete (InUse, with what uses the row) while anything points at it. */
export async function assertUnused(db: Db, checks: readonly ReferenceCheck[], id: number): Promise<void> {
  const used = await referencesTo(db, checks, id);
  if (used.length > 0) fail('InUse', { params: { usedBy: used.join(',') } });
}

/** Case-insensitive "contains" pattern for ILIKE, with the wildcards of the text escaped. */
export function containsPattern(text: string): string {
  return `%${likeEscape(text)}%`;
}

/** Case-insensitive "starts with" pattern for ILIKE. */
export function prefixPattern(text: string): string {
  return `${likeEscape(text)}%`;
}
