import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../client.ts';
import { execRows, toBool, toInt } from '../rows.ts';

/** Tables whose rows the migrations themselves write (reference data): a database with only these is empty. */
export const MIGRATION_FILLED_TABLES = ['app_settings', 'ets_categories'];

export interface CatalogColumn {
  name: string;
  /** format_type: `numeric(14,2)`, `character varying(40)`, `text[]`... (the cast on load). */
  type: string;
}

export interface CatalogTable {
  name: string;
  columns: CatalogColumn[];
  /** The primary key's columns (the order rows are dumped in), empty when it has none. */
  key: string[];
  /** Has a GENERATED ALWAYS identity column (a load says OVERRIDING SYSTEM VALUE). */
  identityAlways: boolean;
  /** The tables its foreign keys point to (itself left out). */
  parents: string[];
}

/** A quoted identifier. */
export function ident(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/**
 * The tables of schema public in dependency order (a table after every table its foreign keys point to),
 * with their stored columns (generated ones are left out: the load computes them again).
 */
export async function catalogTables(db: Db | Tx): Promise<CatalogTable[]> {
  const tables = await execRows<{ name: string }>(
    db,
    sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition order by c.relname`,
  );
  const columns = await execRows<{ table_name: string; name: string; type: string; generated: string; identity: string }>(
    db,
    sql`select c.relname as table_name, a.attname as name, format_type(a.atttypid, a.atttypmod) as type,
               a.attgenerated::text as generated, a.attidentity::text as identity
        from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped
        order by c.relname, a.attnum`,
  );
  const keys = await execRows<{ table_name: string; name: string }>(
    db,
    sql`select c.relname as table_name, a.attname as name
        from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_namespace n on n.oid = c.relnamespace
        cross join lateral unnest(k.conkey) with ordinality as u(attnum, pos)
        join pg_attribute a on a.attrelid = c.oid and a.attnum = u.attnum
        where n.nspname = 'public' and k.contype = 'p' order by c.relname, u.pos`,
  );
  const edges = await execRows<{ child: string; parent: string }>(
    db,
    sql`select c.relname as child, p.relname as parent
        from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
        join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and k.contype = 'f'`,
  );
  const byName = new Map<string, CatalogTable>(tables.map((t) => [t.name, { name: t.name, columns: [], key: [], identityAlways: false, parents: [] }]));
  for (const c of columns) {
    const table = byName.get(c.table_name);
    if (!table || (c.generated && c.generated !== '')) continue;
    table.columns.push({ name: c.name, type: c.type });
    if (c.identity === 'a') table.identityAlways = true;
  }
  for (const k of keys) byName.get(k.table_name)?.key.push(k.name);
  const parents = new Map<string, Set<string>>();
  for (const e of edges) if (e.child !== e.parent) (parents.get(e.child) ?? parents.set(e.child, new Set()).get(e.child)!).add(e.parent);
  for (const [child, set] of parents) byName.get(child)?.parents.push(...[...set].sort());
  // depth-first: a table after its parents; names sorted so the order is the same on every database
  const ordered: CatalogTable[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (name: string) => {
    if (state.get(name)) return;
    state.set(name, 'visiting');
    for (const parent of [...(parents.get(name) ?? [])].sort()) if (byName.has(parent)) visit(parent);
    state.set(name, 'done');
    ordered.push(byName.get(name)!);
  };
  for (const t of tables) visit(t.name);
  return ordered;
}

export interface CatalogSequence {
  name: string;
  value: string;
  isCalled: boolean;
}

/** The sequences of schema public with their current state. */
export async function catalogSequences(db: Db | Tx): Promise<CatalogSequence[]> {
  const names = await execRows<{ name: string }>(
    db,
    sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'S' order by c.relname`,
  );
  const list: CatalogSequence[] = [];
  for (const { name } of names) {
    const [row] = await execRows<{ value: string; is_called: unknown }>(db, sql.raw(`select last_value::text as value, is_called from public.${ident(name)}`));
    list.push({ name, value: String(row?.value ?? '1'), isCalled: toBool(row?.is_called) });
  }
  return list;
}

/** Rows per table. */
export async function tableCounts(db: Db | Tx, tables: readonly { name: string }[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const { name } of tables) {
    const [row] = await execRows<{ n: unknown }>(db, sql.raw(`select count(*) as n from public.${ident(name)}`));
    counts.set(name, toInt(row?.n));
  }
  return counts;
}

/** The tables holding data, other than what the migrations write (MIGRATION_FILLED_TABLES): empty when none. */
export async function filledTables(db: Db | Tx): Promise<string[]> {
  const tables = (await catalogTables(db)).filter((t) => !MIGRATION_FILLED_TABLES.includes(t.name));
  const filled: string[] = [];
  for (const t of tables) {
    const rows = await execRows<{ one: unknown }>(db, sql.raw(`select 1 as one from public.${ident(t.name)} limit 1`));
    if (rows.length) filled.push(t.name);
  }
  return filled;
}
