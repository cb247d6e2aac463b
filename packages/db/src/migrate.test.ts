import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { appliedMigration, lastMigrationTag, migrateDb, migrationJournal, migrationsFolder } from './migrate.ts';
import { execRows } from './rows.ts';
import { testDatabases } from './testing.ts';

/**
 * The migration check of a start (issue 29): a database already at the journal's last migration is recognised from the
 * journal alone — no SQL file is read. Proven with a folder holding only the journal: the check passes on an up-to-date
 * database and fails (the first SQL file is missing) on one that lacks the last migration.
 */
const journalOnly = mkdtempSync(join(tmpdir(), 'fwh-migrate-journal-'));
mkdirSync(join(journalOnly, 'meta'));
cpSync(join(migrationsFolder, 'meta/_journal.json'), join(journalOnly, 'meta/_journal.json'));
afterAll(() => rmSync(journalOnly, { recursive: true, force: true }));

for (const database of testDatabases(undefined, { pglite: 'both' })) {
  describe(`migrateDb on an up-to-date database [${database.name}]`, () => {
    it('reads only the journal (a folder without SQL files is enough) and changes nothing', async () => {
      const handle = await database.create();
      try {
        const count = async () =>
          Number((await execRows<{ n: string | number }>(handle.db, sql`select count(*) as n from drizzle.__drizzle_migrations`))[0]!.n);
        const before = await count();
        expect(before).toBe(migrationJournal().length);
        await migrateDb(handle, { folder: journalOnly });
        expect(await count()).toBe(before);
        expect(await appliedMigration(handle.db)).toBe(lastMigrationTag());
      } finally {
        await handle.close();
      }
    });

    it('still reads the SQL files when the last migration is missing (so the check above could fail)', async () => {
      const handle = await database.create();
      try {
        const last = migrationJournal().at(-1)!;
        await handle.db.execute(sql`delete from drizzle.__drizzle_migrations where created_at = ${last.when}`);
        await expect(migrateDb(handle, { folder: journalOnly })).rejects.toThrow(/^No file .*0000_platform\.sql/);
        expect(await appliedMigration(handle.db)).toBe(migrationJournal().at(-2)!.tag);
      } finally {
        await handle.close();
      }
    });
  });
}
