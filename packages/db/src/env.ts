/**
 * The one place in packages/db that reads process.env: the database and password of
 * `npm run user:create`, the PostgreSQL server the tests also run on, and the environment a test
 * hands to a command it spawns.
 */
/** The embedded database of `npm start` and `npm run user:create` when DATABASE_URL is unset (client.ts re-exports it). */
export const DEFAULT_DATABASE_URL = 'pglite:./data/db';

export type DbEnv = {
  /** The database `npm run user:create` opens (unset or empty: the embedded ./data/db). */
  DATABASE_URL?: string;
  /** The new account's password for `npm run user:create` (unset: asked in the terminal). */
  USER_PASSWORD?: string;
  /** Set (CI): the tests run on PostgreSQL next to this database (and the files that ask for it on PGlite too). */
  TEST_DATABASE_URL?: string;
  /** `all`: with TEST_DATABASE_URL set, every test file runs on PGlite as well (default: only the files that ask). */
  TEST_PGLITE?: string;
};

export function readDbEnv(source: Record<string, string | undefined> = process.env): DbEnv {
  const { DATABASE_URL, USER_PASSWORD, TEST_DATABASE_URL, TEST_PGLITE } = source;
  return { DATABASE_URL, USER_PASSWORD, TEST_DATABASE_URL, TEST_PGLITE };
}

/** This process's environment with `overrides` on top (an `undefined` override removes the variable), for a spawned command. */
export function childEnv(overrides: Record<string, string | undefined> = {}): Record<string, string> {
  const merged: Record<string, string | undefined> = { ...process.env, ...overrides };
  return Object.fromEntries(Object.entries(merged).filter((entry): entry is [string, string] => entry[1] !== undefined));
}
