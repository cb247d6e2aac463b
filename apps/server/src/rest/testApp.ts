import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DbHandle } from '@app/db';
import type { TestDatabase } from '@app/db/testing';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildApp } from '../app.ts';

/** The demo year the REST tests seed. */
export const YEAR = 2026;

export interface RestTestOptions {
  /** Seed the demo data for YEAR (default true). */
  seed?: boolean;
  /** Sign-ins come from `${ipPrefix}.1`, `.2`, … (each file its own range, default 10.8.0). */
  ipPrefix?: string;
  /** Demo users to sign in before the tests (password `demo`). */
  signIn?: string[];
  /** Load the department ids by code from GET Scopes of the first user of `signIn`. */
  departments?: boolean;
  /** The largest receipt (DOCUMENT_MAX_BYTES); the server's default when not given. */
  documentMaxBytes?: number;
}

export interface RestTestApp {
  readonly app: FastifyInstance;
  readonly handle: DbHandle;
  /** Signs the demo user in (again), asserting 200; remembers token and user id. */
  signIn(username: string): Promise<string>;
  /** The user's token, signing in once if not yet signed in. */
  token(username: string): Promise<string>;
  /** The user id of a signed-in user. */
  userId(username: string): number;
  /** The authorization header of a signed-in user. */
  auth(username: string): { authorization: string };
  /** A REST call below /api/ as the user; the payload is sent when given. */
  call(username: string, method: InjectOptions['method'], url: string, payload?: unknown, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  /** The id of a department by code (0 when unknown); needs `departments`. */
  dept(code: string): number;
}

/**
 * The REST test setup, called inside a `describe` per database: the app on a fresh database (with
 * demo data) and a temporary web-dist with an index.html, closed after the tests, plus sign-in
 * tokens of demo users and a `call(user, method, path, body)` helper.
 */
export function restTestApp(target: TestDatabase, options: RestTestOptions = {}): RestTestApp {
  const { seed = true, ipPrefix = '10.8.0', signIn: users = [], departments = false, documentMaxBytes } = options;
  let app: FastifyInstance | undefined;
  let handle: DbHandle | undefined;
  const signedIn = new Map<string, { token: string; userId: number }>();
  const departmentIds = new Map<string, number>();
  const webDist = mkdtempSync(join(tmpdir(), 'web-dist-'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Feuerwehr</title>');

  const ready = (): FastifyInstance => {
    if (!app) throw new Error('the test app is not built yet');
    return app;
  };
  const auth = (username: string) => {
    const known = signedIn.get(username);
    if (!known) throw new Error(`${username} is not signed in`);
    return { authorization: `Bearer ${known.token}` };
  };
  async function signIn(username: string): Promise<string> {
    const ip = `${ipPrefix}.${signedIn.size + 1}`;
    const res = await ready().inject({ method: 'POST', url: '/api/Authenticate/login', payload: { username, password: 'demo' }, remoteAddress: ip });
    expect(res.statusCode, `${username} sign-in: ${res.body}`).toBe(200);
    const body = res.json() as { token: string; userId: number };
    signedIn.set(username, { token: body.token, userId: body.userId });
    return body.token;
  }
  async function token(username: string): Promise<string> {
    return signedIn.get(username)?.token ?? signIn(username);
  }

  beforeAll(async () => {
    handle = await target.create(seed ? { demo: { year: YEAR } } : {});
    app = await buildApp({ database: handle, webDist, ...(documentMaxBytes ? { documentMaxBytes } : {}) });
    for (const username of users) await signIn(username);
    if (departments) {
      const first = users[0];
      if (!first) throw new Error('departments needs a user to sign in');
      const scopes = await app.inject({ method: 'GET', url: '/api/Scopes', headers: auth(first) });
      for (const d of scopes.json().departments as { id: number; code: string }[]) departmentIds.set(d.code, d.id);
    }
  });
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  return {
    get app() {
      return ready();
    },
    get handle() {
      if (!handle) throw new Error('the test database is not open yet');
      return handle;
    },
    signIn,
    token,
    userId: (username) => signedIn.get(username)?.userId ?? 0,
    auth,
    async call(username, method, url, payload, headers = {}) {
      const authorization = `Bearer ${await token(username)}`;
      return ready().inject({
        method,
        url: `/api/${url}`,
        headers: { authorization, ...headers },
        ...(payload !== undefined ? { payload: payload as InjectOptions['payload'] } : {}),
      });
    },
    dept: (code) => departmentIds.get(code) ?? 0,
  };
}
