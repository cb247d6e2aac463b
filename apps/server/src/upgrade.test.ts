import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { backupFigures } from '@app/api';
import { appliedMigration, type DbHandle, execRows, migrateDb, migrationJournal, openDb } from '@app/db';
import { type BackupHeader, type BackupRowLine, catalogTables, dumpDatabase, insertRows, MIGRATION_FILLED_TABLES } from '@app/db/backup';
import { freshPostgresDatabase, testDatabases, testDatabaseUrl } from '@app/db/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupFileLines, countsOf } from './cli/backupTestkit.ts';

/**
 * Upgrades (issue 26): a database that starts at the FIRST migration with the demo rows, taken up by every
 * later migration one at a time, keeps every row and every figure. The migrations come from drizzle's
 * journal, so a new one is in the test the day it is committed. The demo rows are the demo data of the
 * current schema, each table loaded as soon as the migration that creates it has run (with the columns it
 * has then: columns added later get what their migration gives them).
 */

const DEMO_YEAR = 2026;
const folder = mkdtempSync(join(tmpdir(), 'fwh-upgrade-test-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** An unmigrated database of the kind. */
async function bareDatabase(kind: 'pglite' | 'postgres'): Promise<DbHandle> {
  if (kind === 'pglite') return openDb('pglite:memory');
  const fresh = await freshPostgresDatabase(testDatabaseUrl()!);
  const handle = await openDb(fresh.url);
  return { ...handle, close: async () => (await handle.close(), await fresh.drop()) };
}

/** The figures, or null while the schema is too old for the app's SQL. */
async function figuresOrNull(db: DbHandle['db']) {
  try {
    return await backupFigures(db);
  } catch {
    return null;
  }
}

for (const database of testDatabases()) {
  describe(`upgrade from the first migration [${database.name}]`, { timeout: 180_000 }, () => {
    const journal = migrationJournal();
    let header: BackupHeader;
    let rowsOf: Map<string, string[]>;
    let sourceCounts: Record<string, number>;
    let target: DbHandle;
    let parentsOf: Map<string, string[]>;
    beforeAll(async () => {
      const source = await database.create({ demo: { year: DEMO_YEAR } });
      try {
        const file = join(folder, `demo-${database.name}.gz`);
        parentsOf = new Map((await catalogTables(source.db)).map((t) => [t.name, t.parents]));
        header = await dumpDatabase(source.db, file, { figures: backupFigures });
        sourceCounts = await countsOf(source.db);
        const [, ...lines] = backupFileLines(file);
        rowsOf = new Map();
        for (const line of lines) {
          const row = JSON.parse(line) as BackupRowLine;
          (rowsOf.get(row.t) ?? rowsOf.set(row.t, []).get(row.t)!).push(JSON.stringify(row.v));
        }
      } finally {
        await source.close();
      }
      target = await bareDatabase(database.name);
    }, 180_000);
    afterAll(async () => target?.close());

    it('applies every later migration one by one: rows and figures stay, the end equals the demo data', async () => {
      expect(journal.length).toBeGreaterThan(1);
      const loaded = new Set<string>();
      /**
       * Loads the demo rows of the tables that exist now and were not loaded yet, with the columns they have
       * now, once every table they refer to (in the current schema) is loaded: rows as an older version of the
       * app could have written them. The tables the migrations fill keep the migrations' rows (ready once filled).
       */
      const loadNewTables = async () => {
        const tables = new Map((await catalogTables(target.db)).map((t) => [t.name, t]));
        const counts = await countsOf(target.db);
        for (const name of MIGRATION_FILLED_TABLES) if (counts[name]) loaded.add(name);
        await target.db.transaction(async (tx) => {
          for (const t of header.tables) {
            const table = tables.get(t.name);
            if (!table || loaded.has(t.name) || MIGRATION_FILLED_TABLES.includes(t.name)) continue;
            if (!(parentsOf.get(t.name) ?? []).every((p) => loaded.has(p))) continue;
            loaded.add(t.name);
            const present = new Set(table.columns.map((c) => c.name));
            const keep = t.columns.map((c, i) => [c, i] as const).filter(([c]) => present.has(c));
            const rows = (rowsOf.get(t.name) ?? []).map((json) => {
              const values = JSON.parse(json) as unknown[];
              return JSON.stringify(keep.map(([, i]) => values[i]));
            });
            for (let i = 0; i < rows.length; i += 1000)
              await insertRows(
                tx,
                table,
                keep.map(([c]) => c),
                rows.slice(i, i + 1000),
              );
          }
          // the sequences of the loaded tables (serial `<table>_id_seq`), not of those the migrations fill
          const ownTable = (name: string) => [...loaded].some((t) => !MIGRATION_FILLED_TABLES.includes(t) && name === `${t}_id_seq`);
          for (const s of header.sequences.filter((q) => ownTable(q.name))) {
            const found = await execRows<{ t: string | null }>(tx, sql`select to_regclass(${`public."${s.name}"`})::text as t`);
            if (found?.[0]?.t) await tx.execute(sql`select setval(${`public."${s.name}"`}::regclass, ${s.value}::bigint, ${s.isCalled})`);
          }
        });
      };

      await migrateDb(target, { upTo: journal[0]!.tag });
      expect(await appliedMigration(target.db)).toBe(journal[0]!.tag);
      await loadNewTables();
      expect(loaded.size).toBeGreaterThan(0);
      let figures = await figuresOrNull(target.db);
      let compared = 0;
      for (const migration of journal.slice(1)) {
        const before = await countsOf(target.db);
        await migrateDb(target, { upTo: migration.tag });
        expect(await appliedMigration(target.db)).toBe(migration.tag);
        const after = await countsOf(target.db);
        // no table the data was in lost or gained a row
        for (const [name, n] of Object.entries(before)) if (loaded.has(name)) expect([migration.tag, name, after[name]]).toEqual([migration.tag, name, n]);
        const next = await figuresOrNull(target.db);
        if (figures && next) {
          expect([migration.tag, next]).toEqual([migration.tag, figures]);
          compared++;
        }
        await loadNewTables();
        figures = await figuresOrNull(target.db);
      }
      expect(await appliedMigration(target.db)).toBe(journal.at(-1)!.tag);
      expect(compared).toBeGreaterThan(0);
      expect(await countsOf(target.db)).toEqual(sourceCounts);
      expect(await backupFigures(target.db)).toEqual(header.figures);
    });
  });
}
