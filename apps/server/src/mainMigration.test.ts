import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { appliedMigration, type Db, type DbHandle, execRows, MigrationError, migrateDb, migrationJournal, migrationsFolder, openDb } from '@app/db';
import { childEnv, freshPostgresDatabase, runCommand, testDatabaseUrl, testDatabases } from '@app/db/testing';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * A migration that fails leaves the database as it was before it (each migration is one transaction), the
 * error names it, and the server refuses to start on such a database: exit code 1 and the reason in its log.
 */

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const folder = mkdtempSync(join(tmpdir(), 'fwh-migration-test-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** Tables and columns of schema public, and the applied migration: what "as it was" compares. */
async function schemaState(db: Db) {
  const columns = await execRows<{ c: string }>(
    db,
    sql`select table_name || '.' || column_name as c from information_schema.columns where table_schema = 'public' order by 1`,
  );
  const indexes = await execRows<{ i: string }>(db, sql`select indexname as i from pg_indexes where schemaname = 'public' order by 1`);
  return { migration: await appliedMigration(db), columns: columns.map((r) => r.c), indexes: indexes.map((r) => r.i) };
}

describe('a migration that fails half-way', () => {
  for (const database of testDatabases()) {
    it(`is rolled back whole and named [${database.name}]`, async () => {
      // the committed migrations and one more whose second statement works and third fails
      const broken = join(folder, `drizzle-${database.name}`);
      cpSync(migrationsFolder, broken, { recursive: true });
      const journalFile = join(broken, 'meta/_journal.json');
      const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as {
        entries: { idx: number; version: string; when: number; tag: string; breakpoints: boolean }[];
      };
      const last = journal.entries.at(-1)!;
      journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1000, tag: '9999_broken_probe' });
      writeFileSync(journalFile, JSON.stringify(journal));
      writeFileSync(
        join(broken, '9999_broken_probe.sql'),
        [
          'CREATE TABLE "broken_probe" ("id" integer);',
          'ALTER TABLE "departments" ADD COLUMN "probe" integer DEFAULT 1;',
          'UPDATE "departments" SET "name1_deu" = \'geändert\';',
          'SELECT 1 / 0;',
        ].join('\n--> statement-breakpoint\n'),
      );
      const handle = await database.create({ demo: { year: 2026 } });
      try {
        const before = await schemaState(handle.db);
        expect(before.migration).toBe(last.tag);
        const names = async () => (await execRows<{ n: string }>(handle.db, sql`select string_agg(name1_deu, ',' order by id) as n from departments`))[0]?.n;
        const namesBefore = await names();
        const error = await migrateDb(handle, { folder: broken }).then(
          () => undefined,
          (e: unknown) => e,
        );
        expect(error).toBeInstanceOf(MigrationError);
        expect((error as MigrationError).migration).toBe('9999_broken_probe');
        expect((error as Error).message).toMatch(/^migration 9999_broken_probe failed and was rolled back .*division by zero/);
        expect(await schemaState(handle.db)).toEqual(before);
        expect(await names()).toBe(namesBefore);
        expect(namesBefore).not.toContain('geändert');
      } finally {
        await handle.close();
      }
    });
  }
});

/** The server's real entry point, as `npm start` runs it (without the build); stdout and stderr together. */
async function startServer(databaseUrl: string): Promise<{ code: number | null; output: string }> {
  const env = childEnv({ DATABASE_URL: databaseUrl, PORT: '0', HOST: '127.0.0.1', SEED_DEMO: 'never', LOG_LEVEL: 'info' });
  const run = await runCommand(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], { cwd: repoRoot, env, timeoutMs: 180_000 });
  return { code: run.code, output: run.stdout + run.stderr };
}

describe('the server on a database whose next migration fails', () => {
  it('refuses to start: exit code 1, the migration named, the database as it was', { timeout: 240_000 }, async () => {
    const journal = migrationJournal();
    const [previous, failing] = [journal.at(-2)!.tag, journal.at(-1)!.tag];
    const base = testDatabaseUrl();
    let url: string;
    let drop: () => Promise<void>;
    if (base) {
      const fresh = await freshPostgresDatabase(base);
      url = fresh.url;
      drop = fresh.drop;
    } else {
      const dir = join(folder, 'pglite');
      url = `pglite:${dir}`;
      drop = async () => rmSync(dir, { recursive: true, force: true });
    }
    let handle: DbHandle | undefined;
    try {
      handle = await openDb(url);
      await migrateDb(handle, { upTo: previous });
      // whatever the newest migration does, it fails at its end: the bookkeeping row it writes is refused
      await handle.db.execute(
        sql.raw(
          `create function public.refuse_migration() returns trigger language plpgsql as $$ begin raise exception 'migration refused by the test'; end $$`,
        ),
      );
      await handle.db.execute(
        sql.raw(`create trigger refuse_migration before insert on drizzle.__drizzle_migrations for each row execute function public.refuse_migration()`),
      );
      const before = await schemaState(handle.db);
      await handle.close();
      handle = undefined;

      const run = await startServer(url);
      expect(run.code).toBe(1);
      expect(run.output).toContain(`migration ${failing} failed and was rolled back`);
      expect(run.output).toContain('migration refused by the test');
      expect(run.output).not.toContain('läuft auf');

      handle = await openDb(url);
      expect(await schemaState(handle.db)).toEqual(before);
      expect(before.migration).toBe(previous);
    } finally {
      await handle?.close();
      await drop();
    }
  });
});
