import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { Db, DbHandle } from './client.ts';
import { execRows } from './rows.ts';

export const migrationsFolder = fileURLToPath(new URL('../../../drizzle', import.meta.url));

/** One migration of drizzle's journal (`drizzle/meta/_journal.json`): its tag (`0018_...`) and `when` (created_at in the database). */
export interface MigrationEntry {
  idx: number;
  tag: string;
  when: number;
}

/** The committed migrations in order, from drizzle's journal. */
export function migrationJournal(folder: string = migrationsFolder): MigrationEntry[] {
  const journal = JSON.parse(readFileSync(join(folder, 'meta/_journal.json'), 'utf8')) as { entries: MigrationEntry[] };
  return journal.entries.map(({ idx, tag, when }) => ({ idx, tag, when }));
}

/** The tag of the newest committed migration: the schema version this code expects. */
export function lastMigrationTag(folder: string = migrationsFolder): string {
  const entries = migrationJournal(folder);
  const last = entries[entries.length - 1];
  if (!last) throw new Error(`no migration in ${folder}`);
  return last.tag;
}

/** The database's own words for a failure (drizzle wraps them as "Failed query: ..."), with the statement's start. */
function failureReason(error: unknown): string {
  let root: unknown = error;
  while (root instanceof Error && root.cause instanceof Error) root = root.cause;
  const message = root instanceof Error ? root.message : String(root);
  const query = (error as { query?: unknown } | null)?.query;
  const statement = typeof query === 'string' ? query.trim().split('\n')[0]!.slice(0, 160) : '';
  return statement ? `${message} (statement: ${statement})` : message;
}

/** A migration that could not be applied: it was rolled back, the migrations before it stay applied. */
export class MigrationError extends Error {
  constructor(
    readonly migration: string,
    cause: unknown,
  ) {
    super(`migration ${migration} failed and was rolled back (the database stays at the migration before it): ${failureReason(cause)}`, {
      cause,
    });
    this.name = 'MigrationError';
  }
}

const createTable = sql`create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)`;

/** The tag of the newest migration applied to the database (null: none), matched through the journal's `when`. */
export async function appliedMigration(db: Db, folder: string = migrationsFolder): Promise<string | null> {
  const [exists] = await execRows<{ t: string | null }>(db, sql`select to_regclass('drizzle.__drizzle_migrations')::text as t`);
  if (!exists?.t) return null;
  const [row] = await execRows<{ created_at: string | number }>(db, sql`select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`);
  if (!row) return null;
  const when = Number(row.created_at);
  return migrationJournal(folder).find((m) => m.when === when)?.tag ?? `unknown (${when})`;
}

/** The `created_at` of the newest applied migration; null when none is (or drizzle's table does not exist yet). */
async function lastAppliedWhen(db: Db): Promise<number | null> {
  const [exists] = await execRows<{ t: string | null }>(db, sql`select to_regclass('drizzle.__drizzle_migrations')::text as t`);
  if (!exists?.t) return null;
  const [row] = await execRows<{ created_at: string | number | null }>(db, sql`select max(created_at) as created_at from drizzle.__drizzle_migrations`);
  return row?.created_at === null || row?.created_at === undefined ? null : Number(row.created_at);
}

export interface MigrateOptions {
  folder?: string | undefined;
  /** Stop after this migration (tag): the upgrade test applies them one by one. */
  upTo?: string | undefined;
}

/**
 * Applies the committed drizzle migrations that the database lacks, each in its own transaction with its
 * row in drizzle.__drizzle_migrations (the same bookkeeping as drizzle's migrator, which runs all of them in
 * one): a migration that fails is rolled back whole, the ones before it stay, and the error names it
 * (MigrationError). Re-running is a no-op.
 */
export async function migrateDb(handle: Pick<DbHandle, 'db'>, options: MigrateOptions = {}): Promise<void> {
  const folder = options.folder ?? migrationsFolder;
  const journal = migrationJournal(folder);
  const db = handle.db;
  // a database already at the journal's last migration (every start but the first after an update): the journal and one
  // statement, no SQL file read (issue 29)
  const newest = journal[journal.length - 1];
  const applied = await lastAppliedWhen(db);
  if (newest && applied !== null && applied >= newest.when) return;
  const files = readMigrationFiles({ migrationsFolder: folder });
  await db.execute(sql`create schema if not exists drizzle`);
  await db.execute(createTable);
  const lastWhen = (await lastAppliedWhen(db)) ?? -Infinity;
  for (const [i, migration] of files.entries()) {
    const tag = journal[i]?.tag ?? String(migration.folderMillis);
    if (migration.folderMillis > lastWhen) {
      try {
        await db.transaction(async (tx) => {
          for (const statement of migration.sql) if (statement.trim()) await tx.execute(sql.raw(statement));
          await tx.execute(sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${migration.hash}, ${migration.folderMillis})`);
        });
      } catch (error) {
        throw new MigrationError(tag, error);
      }
    }
    if (options.upTo === tag) return;
  }
}

export type { PGlite };
