import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { type DbHandle, openDb } from './client.ts';
import { childEnv, readDbEnv } from './env.ts';
import { migrateDb } from './migrate.ts';

export { childEnv };

export interface TestDatabase {
  name: 'pglite' | 'postgres';
  /** A fresh, migrated, empty database; `close` drops it (PostgreSQL) or discards it (PGlite). */
  create(): Promise<DbHandle>;
}

/**
 * The databases every API test runs on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set
 * (CI sets it). Each `create()` gives an isolated database so test files never share state.
 */
export function testDatabases(env: Record<string, string | undefined> = readDbEnv()): TestDatabase[] {
  const list: TestDatabase[] = [
    {
      name: 'pglite',
      async create() {
        const handle = await openDb('pglite:memory');
        await migrateDb(handle);
        return handle;
      },
    },
  ];
  const url = env.TEST_DATABASE_URL;
  if (url) {
    list.push({
      name: 'postgres',
      async create() {
        const fresh = await freshPostgresDatabase(url);
        const handle = await openDb(fresh.url);
        await migrateDb(handle);
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

/**
 * A new, empty PostgreSQL database next to the one `baseUrl` names (tests that need its URL, such as
 * those spawning a command); `drop` removes it.
 */
export async function freshPostgresDatabase(baseUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const dbName = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = postgres(baseUrl, { max: 1, onnotice: () => undefined });
  try {
    await admin.unsafe(`CREATE DATABASE "${dbName}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${dbName}`;
  return {
    url: url.toString(),
    async drop() {
      const dropper = postgres(baseUrl, { max: 1, onnotice: () => undefined });
      try {
        await dropper.unsafe(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
      } finally {
        await dropper.end();
      }
    },
  };
}
