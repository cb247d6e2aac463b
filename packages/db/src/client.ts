import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { Logger } from 'drizzle-orm/logger';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { DEFAULT_DATABASE_URL } from './env.ts';
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

export { DEFAULT_DATABASE_URL };

/** The application_name of the server's PostgreSQL sessions (pg_stat_activity). */
export const POSTGRES_APPLICATION_NAME = 'feuerwehr-haushalt';

/**
 * The settings of every PostgreSQL session of the app (and of the bench's bare SQL, so both run a statement alike):
 * jit off — the app's statements are short, and PostgreSQL's JIT compiles any plan over jit_above_cost for 0.1–0.2 s
 * a statement (measured on the union's dashboard, 04.12.: open payments 190 → 100 ms, the cash month ends −114 ms).
 */
export const POSTGRES_SESSION_SETTINGS = { jit: 'off' } as const;

/** Seconds before a pooled connection reconnects after its `attempt`-th failure in a row: 0.05, 0.1, 0.2, ... at most 1. */
export function reconnectDelaySeconds(attempt: number): number {
  return Math.min(0.05 * 2 ** Math.max(0, attempt - 1), 1);
}

/** Driver and server codes that mean "the database can't be reached right now", not "the query is wrong". */
const unavailableCodes = new Set([
  // postgres.js
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
  // sockets
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  // PostgreSQL: admin_shutdown, crash_shutdown, cannot_connect_now, too_many_connections
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);

/**
 * Whether an error (or one of its causes: drizzle wraps driver errors, tRPC wraps drizzle's) says the
 * database is unreachable: a lost or refused connection, a terminated backend, a server shutting down
 * (SQLSTATE class 08 and 57P01-57P03). Such an error is answered 503 DatabaseUnavailable, never 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 8 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (unavailableCodes.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

type Sql = postgres.Sql;

/**
 * The client with every statement prepared (named, its plan cached per connection): drizzle runs its
 * statements through `unsafe(..., { prepare: false })`, so PostgreSQL parsed and planned each one again
 * on every call — for the chapter-figures query of a save the planning took longer than the execution.
 * Transactions and savepoints hand out their own clients; they are wrapped the same way.
 */
export function preparingClient(client: Sql): Sql {
  return new Proxy(client, {
    get(target, key, receiver) {
      if (key === 'unsafe') return (query: string, args?: unknown[], options?: object) => target.unsafe(query, args as never, { ...options, prepare: true });
      if (key === 'begin' || key === 'savepoint')
        return (...args: unknown[]) => {
          const last = args.length - 1;
          const fn = args[last] as (tx: Sql) => unknown;
          args[last] = (tx: Sql) => fn(preparingClient(tx));
          return (Reflect.get(target, key) as (...a: unknown[]) => unknown)(...args);
        };
      return Reflect.get(target, key, receiver);
    },
  });
}

/** The drizzle database over a postgres.js client (statements prepared, see preparingClient). */
export function postgresDb(client: Sql, logger?: Logger): Db {
  return drizzlePostgres({ client: preparingClient(client), schema, ...(logger ? { logger } : {}) }) as unknown as Db;
}

/**
 * Opens the database named by one URL: `postgres://...` (or `postgresql://`) uses postgres.js,
 * `pglite:<dir>` an embedded file-backed PGlite, `pglite:memory` an in-memory one.
 */
export async function openDb(url: string = DEFAULT_DATABASE_URL): Promise<DbHandle> {
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) {
    const client = postgres(url, {
      max: 10,
      onnotice: () => undefined,
      // Pooled connections stay fresh: idle ones close after 30 s, every one is replaced after 30 min;
      // a connect that hangs fails after 5 s (answered 503 DatabaseUnavailable, not a hung request).
      idle_timeout: 30,
      max_lifetime: 60 * 30,
      connect_timeout: 5,
      // Reconnect after a lost connection within at most 1 s (the driver's default backoff grows to 20 s
      // after repeated failures, so the server would stay unavailable long after the database is back).
      backoff: reconnectDelaySeconds,
      connection: { application_name: POSTGRES_APPLICATION_NAME, ...POSTGRES_SESSION_SETTINGS },
    });
    const db = postgresDb(client);
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
    // Durable against the process dying (kill -9, OOM): a commit's WAL is written into the directory's files before
    // the answer. Not against a power loss: PGlite starts with fsync off and its Node file system has no fsync
    // (README › Decisions › Embedded database durability; apps/server/src/faults/pgliteKill.test.ts).
    // `relaxedDurability` stays off (it only concerns browser file systems).
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
