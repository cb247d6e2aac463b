import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import postgres from 'postgres';
import { inject } from 'vitest';
import { type DbHandle, openDb, openPgliteFromDump } from './client.ts';
import { childEnv, readDbEnv } from './env.ts';
import { migrateDb } from './migrate.ts';
import { seedDemo } from './seed/index.ts';

export { childEnv };

/** The run's test database templates, built once by the vitest global setup (testTemplates.ts). */
export interface DbTemplates {
  demoYear: number;
  /** The day the demo data was seeded for (seedDemo's `today`). */
  demoToday: string;
  /** Data-directory dumps (file paths). */
  pglite?: { empty: string; demo: string } | undefined;
  /** Template database names on the TEST_DATABASE_URL server. */
  postgres?: { empty: string; demo: string } | undefined;
}

declare module 'vitest' {
  export interface ProvidedContext {
    dbTemplates: DbTemplates;
  }
}

/** What a test database starts with: nothing (migrated, empty) or the demo data of a year. */
export interface CreateOptions {
  /** Seed the demo data for this year (and `today`, default the real date), as `seedDemo` does. */
  demo?: { year: number; today?: string | undefined } | undefined;
}

export interface TestDatabase {
  name: 'pglite' | 'postgres';
  /** A fresh, migrated database (empty, or with the demo data asked for); `close` drops it (PostgreSQL) or discards it (PGlite). */
  create(options?: CreateOptions): Promise<DbHandle>;
}

/** The templates the vitest global setup built for this run (testTemplates.ts), or undefined outside it. */
function runTemplates(): DbTemplates | undefined {
  try {
    return inject('dbTemplates');
  } catch {
    return undefined;
  }
}

/** Whether the run's demo template holds exactly the demo data asked for (same year and day). */
function demoTemplateFits(templates: DbTemplates | undefined, demo: CreateOptions['demo']): boolean {
  return !!templates && !!demo && demo.year === templates.demoYear && (demo.today ?? templates.demoToday) === templates.demoToday;
}

/** Seeds what the template did not hold. */
async function completeSeed(handle: DbHandle, demo: CreateOptions['demo'], fromDemoTemplate: boolean): Promise<DbHandle> {
  if (demo && !fromDemoTemplate) await seedDemo(handle.db, demo.year, demo.today);
  return handle;
}

/** Which databases a test file asks for: `both` runs it on PGlite also when PostgreSQL is there. */
export interface TestDatabasesOptions {
  pglite?: 'both' | undefined;
}

/**
 * The databases an API test runs on: PostgreSQL when TEST_DATABASE_URL is set (CI sets it), else PGlite. A file
 * that passes `{ pglite: 'both' }` (the driver's and the year's contract: the REST wire, the seeds, the start-up,
 * the final account's aggregates) runs on both, and `TEST_PGLITE=all` runs every file on both (README › Tests:
 * the e2e servers run on PGlite, so every screen's path is tried there as well). Each `create()` gives an isolated
 * database so test files never share state. Inside vitest a database is a copy of the run's migrated template
 * (empty or with the demo data, built once by the global setup): a PGlite data-directory dump is loaded, a
 * PostgreSQL database is created from its template database — instead of an initdb, the migrations and the demo
 * seed per test file.
 */
export function testDatabases(env: Record<string, string | undefined> = readDbEnv(), options: TestDatabasesOptions = {}): TestDatabase[] {
  const templates = runTemplates();
  const url = env.TEST_DATABASE_URL;
  const withPglite = !url || env.TEST_PGLITE === 'all' || options.pglite === 'both';
  const list: TestDatabase[] = [];
  if (withPglite)
    list.push({
      name: 'pglite',
      async create(options = {}) {
        const fromDemo = demoTemplateFits(templates, options.demo);
        const dumpFile = templates?.pglite ? (fromDemo ? templates.pglite.demo : templates.pglite.empty) : undefined;
        if (dumpFile) return completeSeed(await openPgliteFromDump(new Blob([await readFile(dumpFile)])), options.demo, fromDemo);
        const handle = await openDb('pglite:memory');
        await migrateDb(handle);
        return completeSeed(handle, options.demo, false);
      },
    });
  if (url) {
    list.push({
      name: 'postgres',
      async create(options = {}) {
        const fromDemo = demoTemplateFits(templates, options.demo);
        const template = templates?.postgres ? (fromDemo ? templates.postgres.demo : templates.postgres.empty) : undefined;
        const fresh = await freshPostgresDatabase(url, template);
        const handle = await openDb(fresh.url);
        if (!template) await migrateDb(handle);
        await completeSeed(handle, options.demo, fromDemo);
        return {
          ...handle,
          async close() {
            await handle.close();
            await fresh.drop();
          },
        };
      },
    });
  }
  return list;
}

/** The PostgreSQL server the tests also run on (TEST_DATABASE_URL), or undefined: PGlite only. */
export function testDatabaseUrl(): string | undefined {
  return readDbEnv().TEST_DATABASE_URL || undefined;
}

/** Runs one statement on the server `baseUrl` names, over a connection of its own. */
export async function adminStatement(baseUrl: string, statement: string): Promise<void> {
  const admin = postgres(baseUrl, { max: 1, onnotice: () => undefined });
  try {
    await admin.unsafe(statement);
  } finally {
    await admin.end();
  }
}

/** `url` with another database name. */
export function databaseUrl(baseUrl: string, dbName: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${dbName}`;
  return url.toString();
}

/**
 * A new PostgreSQL database next to the one `baseUrl` names (empty, or a copy of `template`), for tests
 * that need its URL, such as those spawning a command; `drop` removes it.
 */
export async function freshPostgresDatabase(baseUrl: string, template?: string): Promise<{ url: string; drop(): Promise<void> }> {
  const dbName = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await adminStatement(baseUrl, `CREATE DATABASE "${dbName}"${template ? ` TEMPLATE "${template}"` : ''}`);
  return {
    url: databaseUrl(baseUrl, dbName),
    drop: () => adminStatement(baseUrl, `DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`),
  };
}

/** What a command a test spawned did: its exit code and output. */
export interface CommandRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a command to its end (the real CLI as an operator types it) in `cwd` with `env`; killed after `timeoutMs`. */
export function runCommand(command: string, args: string[], options: { cwd: string; env: Record<string, string>; timeoutMs?: number }): Promise<CommandRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => child.kill('SIGTERM'), options.timeoutMs ?? 120_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** The module files a fresh Node process resolves when it imports `specifier` from `cwd` (through tsx, like the server's sources). */
export function resolvedModules(specifier: string, cwd: string): string[] {
  const script = `import { registerHooks } from 'node:module';
const seen = [];
registerHooks({ resolve(s, c, next) { const r = next(s, c); seen.push(r.url); return r; } });
await import(${JSON.stringify(specifier)});
console.log(JSON.stringify(seen));`;
  const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd, encoding: 'utf8' });
  return JSON.parse(out.trim().split('\n').at(-1) ?? '[]') as string[];
}
