import { type DbHandle, postgresDb } from '@app/db';
import { freshPostgresDatabase, testDatabaseUrl } from '@app/db/testing';
import type { FastifyInstance } from 'fastify';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../app.ts';
import { burstScope, type BurstScope, injectCaller, signIn } from './faults.testkit.ts';

/**
 * A tRPC batch (the web client asks for several procedures in one request) runs the session statement
 * once per department asked, not once per call (issue 29, trpc.ts lookupSession); a batch with a token
 * that is gone answers 401 for every call. The database logs what it runs (PostgreSQL).
 */
const baseUrl = testDatabaseUrl();
if (!baseUrl) console.info('batchSession.test.ts skipped: needs PostgreSQL (set TEST_DATABASE_URL)');

describe.skipIf(!baseUrl)('the session statement of a batch [faults] (skipped without TEST_DATABASE_URL)', () => {
  let fresh: { url: string; drop(): Promise<void> };
  let client: postgres.Sql;
  const log: string[] = [];
  let app: FastifyInstance;
  let scope: BurstScope;

  beforeAll(async () => {
    const templates = inject('dbTemplates');
    fresh = await freshPostgresDatabase(baseUrl as string, templates.postgres?.demo);
    client = postgres(fresh.url, { max: 4, onnotice: () => undefined });
    const handle: DbHandle = { db: postgresDb(client, { logQuery: (query) => log.push(query) }), kind: 'postgres', label: 'logged', close: () => client.end() };
    app = await buildApp({ database: handle });
    scope = await burstScope(handle.db, '101', templates.demoYear - 1);
  });
  afterAll(async () => {
    await app?.close();
    await client?.end();
    await fresh?.drop();
  });

  it('three calls of one scope in a batch read the session once; a token gone answers 401 for each', async () => {
    const call = injectCaller(app);
    const token = (await signIn(call, 'kassier')).token as string;
    const input = { departmentId: scope.departmentId, year: scope.year };
    const url = `/trpc/scope.status,scope.list,overview.home?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: input, 1: null, 2: input }))}`;
    log.length = 0;
    const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode, res.body).toBe(200);
    const answers = res.json() as { result?: { data: unknown } }[];
    expect(answers).toHaveLength(3);
    expect((answers[0]?.result?.data as { departmentId: number }).departmentId).toBe(scope.departmentId);
    const sessionStatements = log.filter((q) => /from "sessions"/.test(q));
    // one for the scope's department (status and home), one without a department (scope.list)
    expect(sessionStatements).toHaveLength(2);

    await call('POST', '/trpc/auth.logout', {}, token);
    const gone = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    const refused = gone.json() as { error?: { data?: { httpStatus?: number } } }[];
    expect(refused.map((r) => r.error?.data?.httpStatus)).toEqual([401, 401, 401]);
  });
});
