import { execRows } from '@app/db';
import { expect, it } from 'vitest';
import { describeOnDatabases } from '../../test-utils.ts';

/**
 * The audit capture of migration 0022 covers the whole schema: every table has the row trigger unless it is one of
 * the tables below (no business data: the trail itself, sessions, keys, throttles, counters; the receipts' bytes, which
 * the `documents` rows name by their hash), and every money
 * column (numeric(14,2)) of a table is named in its trigger's first argument, so its before/after are cents. A later
 * migration that adds a table or a money column without its trigger fails here. Read from the database's catalog, not
 * from the migration.
 */
const NOT_CAPTURED = [
  '__drizzle_migrations',
  'audit_chain_heads',
  'audit_log',
  'audit_pending',
  'document_chunks',
  'document_contents',
  'idempotency_keys',
  'login_throttle',
  'record_counters',
  'sessions',
];

/** The arguments of a trigger as PostgreSQL keeps them (`tgargs`: NUL-separated bytes). */
function triggerArgs(raw: unknown): string[] {
  const text =
    typeof raw === 'string' && raw.startsWith('\\x') ? Buffer.from(raw.slice(2), 'hex').toString('utf8') : Buffer.from(raw as Uint8Array).toString('utf8');
  return text.split('\0').slice(0, -1);
}

describeOnDatabases(
  'audit capture covers the schema',
  (get) => {
    it('every table but the listed ones has the trigger, with every money column and no password hash', async () => {
      const tables = (
        await execRows<{ name: string }>(
          get().db,
          `select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'` as never,
        )
      )
        .map((t) => t.name)
        .sort();
      const triggers = await execRows<{ name: string; args: unknown }>(
        get().db,
        `select c.relname as name, t.tgargs as args from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = 'public' and t.tgname = 'audit_capture'` as never,
      );
      const money = await execRows<{ name: string; columns: string }>(
        get().db,
        `select table_name as name, string_agg(column_name, ',' order by column_name) as columns from information_schema.columns
         where table_schema = 'public' and data_type = 'numeric' and numeric_scale = 2 group by table_name` as never,
      );
      const captured = new Map(triggers.map((t) => [t.name, triggerArgs(t.args)]));
      expect(tables.filter((t) => !captured.has(t) && !NOT_CAPTURED.includes(t))).toEqual([]);
      expect([...captured.keys()].filter((t) => NOT_CAPTURED.includes(t))).toEqual([]);
      for (const { name, columns } of money) {
        if (NOT_CAPTURED.includes(name)) continue;
        expect([name, (captured.get(name)?.[0] ?? '').split(',').sort().join(',')]).toEqual([name, columns]);
      }
      expect(captured.get('users')?.[1]).toBe('password_hash');
      expect(captured.size).toBeGreaterThan(25);
    });
  },
  { seed: false },
);
