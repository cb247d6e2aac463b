import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The database as services see it: the same drizzle API on PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; services take `Db | Tx` where they may run inside a caller's transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface DbHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Where it lives, without credentials (for logs). */
  label: string;
  close(): Promise<void>;
}

export const DEFAULT_DATABASE_URL = 'pglite:./data/db';

/**
 * Opens the database named by one URL: `postgres://...` (or `postgresql://`) uses postgres.js,
 * `pglite:<dir>` an embedded file-backed PGlite, `pglite:memory` an in-memory one.
 */
export async function openDb(url: string = DEFAULT_DATABASE_URL): Promise<DbHandle> {
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) {
    const client = postgres(url, { max: 10, onnotice: () => undefined });
    const db = drizzlePostgres({ client, schema }) as unknown as Db;
    const parsed = new URL(url);
    return {
      db,
      kind: 'postgres',
      label: `postgres://${parsed.host}${parsed.pathname}`,
      close: () => client.end({ timeout: 5 }),
    };
  }
  if (!url.startsWith('pglite:')) throw new Error(`DATABASE_URL must start with postgres:// or pglite: (got ${url.split(':')[0]}:)`);
  const target = url.slice('pglite:'.length);
  let client: PGlite;
  if (target === 'memory' || target === '') {
    client = new PGlite();
  } else {
    mkdirSync(target, { recursive: true });
    client = new PGlite(target);
  }
  await client.waitReady;
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return { db, kind: 'pglite', label: url, close: () => client.close() };
}

/** A PGlite opened from a data-directory dump (tests clone one migrated template per file). */
export async function openPgliteFromDump(dump: Blob): Promise<DbHandle> {
  const client = new PGlite({ loadDataDir: dump });
  await client.waitReady;
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return { db, kind: 'pglite', label: 'pglite:memory', close: () => client.close() };
}

export async function dumpPglite(handle: DbHandle): Promise<Blob> {
  const client = (handle.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir('none');
  return dump;
}
