import { type DbHandle, seedDemo } from '@app/db';
import { testDatabases } from '@app/db/testing';
import { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { createContextInner } from './context.ts';
import { safeErrorInfo } from './errors.ts';
import { createCaller } from './root.ts';

export const CURRENT_YEAR = 2026;

/**
 * Runs a suite once per test database (PGlite always, PostgreSQL when TEST_DATABASE_URL is set),
 * each on its own fresh migrated database with the demo data seeded on request.
 */
export function describeOnDatabases(name: string, body: (get: () => DbHandle) => void, options: { seed?: boolean } = {}): void {
  for (const target of testDatabases()) {
    describe(`${name} [${target.name}]`, () => {
      let handle: DbHandle | undefined;
      beforeAll(async () => {
        handle = await target.create();
        if (options.seed !== false) await seedDemo(handle.db, CURRENT_YEAR);
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

/** Asserts a promise fails with the given business code. */
export async function expectAppError(promise: Promise<unknown>, code: string): Promise<void> {
  let caught: unknown;
  try {
    await promise;
  } catch (error) {
    caught = error;
  }
  expect(caught, `expected ${code}`).toBeInstanceOf(TRPCError);
  expect(safeErrorInfo(caught as TRPCError)?.code).toBe(code);
}
