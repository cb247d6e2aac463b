/**
 * The vitest global setup (vitest.config.ts `globalSetup`): builds the run's test database templates
 * once, before any test file — a migrated empty database and one with the demo data of DEMO_YEAR —
 * as PGlite data-directory dumps in a temporary folder and, when TEST_DATABASE_URL is set, as
 * PostgreSQL template databases. `testDatabases().create()` copies them per test file (testing.ts);
 * the teardown drops them.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { type DbHandle, dumpPglite, openDb } from './client.ts';
import { readDbEnv } from './env.ts';
import { migrateDb } from './migrate.ts';
import { seedDemo } from './seed/index.ts';
import { adminStatement, databaseUrl } from './testing.ts';

/** The demo year of the API and REST tests (test-utils CURRENT_YEAR, testApp YEAR). */
export const DEMO_YEAR = 2026;

async function build(handle: DbHandle, demo: { year: number; today: string } | undefined): Promise<void> {
  await migrateDb(handle);
  if (demo) await seedDemo(handle.db, demo.year, demo.today);
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const demo = { year: DEMO_YEAR, today: new Date().toISOString().slice(0, 10) };
  const folder = await mkdtemp(join(tmpdir(), 'fwh-test-templates-'));
  const pglite = { empty: join(folder, 'empty.tar'), demo: join(folder, 'demo.tar') };
  for (const [file, seed] of [
    [pglite.empty, undefined],
    [pglite.demo, demo],
  ] as const) {
    const handle = await openDb('pglite:memory');
    await build(handle, seed);
    await writeFile(file, Buffer.from(await (await dumpPglite(handle)).arrayBuffer()));
    await handle.close();
  }
  const baseUrl = readDbEnv().TEST_DATABASE_URL || undefined;
  const run = `tpl_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const postgresNames = baseUrl ? { empty: `${run}_empty`, demo: `${run}_demo` } : undefined;
  if (baseUrl && postgresNames) {
    for (const [name, seed] of [
      [postgresNames.empty, undefined],
      [postgresNames.demo, demo],
    ] as const) {
      await adminStatement(baseUrl, `CREATE DATABASE "${name}"`);
      const handle = await openDb(databaseUrl(baseUrl, name));
      await build(handle, seed);
      await handle.close();
    }
  }
  project.provide('dbTemplates', { demoYear: demo.year, demoToday: demo.today, pglite, postgres: postgresNames });
  return async () => {
    await rm(folder, { recursive: true, force: true });
    if (baseUrl && postgresNames) {
      for (const name of Object.values(postgresNames)) await adminStatement(baseUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    }
  };
}
