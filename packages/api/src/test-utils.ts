import { type DbHandle, schema } from '@app/db';
import { testDatabases, type TestDatabasesOptions } from '@app/db/testing';
import { TRPCError } from '@trpc/server';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { createContextInner } from './context.ts';
import { safeErrorInfo } from './errors.ts';
import { createCaller } from './root.ts';

export const CURRENT_YEAR = 2026;

/**
 * Runs a suite once per test database (testDatabases: PostgreSQL when TEST_DATABASE_URL is set, else PGlite; both
 * with `pglite: 'both'` or TEST_PGLITE=all), each on its own fresh migrated database with the demo data seeded on
 * request.
 */
export function describeOnDatabases(name: string, body: (get: () => DbHandle) => void, options: { seed?: boolean } & TestDatabasesOptions = {}): void {
  for (const target of testDatabases(undefined, options)) {
    describe(`${name} [${target.name}]`, () => {
      let handle: DbHandle | undefined;
      beforeAll(async () => {
        handle = await target.create(options.seed !== false ? { demo: { year: CURRENT_YEAR } } : {});
      });
      afterAll(async () => {
        await handle?.close();
      });
      body(() => {
        if (!handle) throw new Error('database not ready');
        return handle;
      });
    });
  }
}

/** A caller as an anonymous client from the given address. */
export async function anonymous(handle: DbHandle, ip = '10.0.0.1') {
  return createCaller(await createContextInner({ db: handle.db, ip }));
}

/** Signs a demo user in and returns a caller carrying the token. */
export async function signedIn(handle: DbHandle, username: string, password = 'demo', ip = '10.0.0.2') {
  const login = await (await anonymous(handle, ip)).auth.login({ username, password, remember: false });
  const caller = createCaller(await createContextInner({ db: handle.db, token: login.token, ip }));
  return { caller, login };
}

/**
 * `as(username, now?)`: signs a demo user in and returns a caller carrying the token, with the
 * clock at `now` (default `defaultNow`); each sign-in comes from its own address `${ipPrefix}.x.y`.
 */
export function signInAs(get: () => DbHandle, ipPrefix: string, defaultNow: Date) {
  let ip = 0;
  return async (username: string, now: Date = defaultNow) => {
    ip += 1;
    const address = `${ipPrefix}.${Math.floor(ip / 200)}.${ip % 200}`;
    const login = await createCaller(await createContextInner({ db: get().db, ip: address, now: () => now })).auth.login({
      username,
      password: 'demo',
      remember: false,
    });
    return createCaller(await createContextInner({ db: get().db, token: login.token, ip: address, now: () => now }));
  };
}

/** The id of a department by its code (throws when there is none). */
export async function departmentId(handle: DbHandle, code: string): Promise<number> {
  const [row] = await handle.db.select({ id: schema.departments.id }).from(schema.departments).where(eq(schema.departments.code, code));
  if (!row) throw new Error(`no department ${code}`);
  return row.id;
}

/** The id of a department's account by department and account code (throws when there is none). */
export async function accountIdOf(handle: DbHandle, departmentCode: string, code: string): Promise<number> {
  const [row] = await handle.db
    .select({ id: schema.accounts.id })
    .from(schema.accounts)
    .innerJoin(schema.departments, eq(schema.departments.id, schema.accounts.departmentId))
    .where(and(eq(schema.departments.code, departmentCode), eq(schema.accounts.code, code)));
  if (!row) throw new Error(`no account ${code} of ${departmentCode}`);
  return row.id;
}

/** Asserts a promise fails with the given business code. */
export async function expectAppError(promise: Promise<unknown>, code: string, info?: { field?: string; params?: Record<string, unknown> }): Promise<void> {
  let caught: unknown;
  try {
    await promise;
  } catch (error) {
    caught = error;
  }
  expect(caught, `expected ${code}`).toBeInstanceOf(TRPCError);
  expect(safeErrorInfo(caught as TRPCError)?.code).toBe(code);
  if (info) expect(safeErrorInfo(caught as TRPCError)).toMatchObject(info);
}
