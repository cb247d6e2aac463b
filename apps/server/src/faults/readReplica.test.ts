import { type DbHandle, execRows, openDb, postgresDb } from '@app/db';
import { freshPostgresDatabase, testDatabaseUrl } from '@app/db/testing';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../app.ts';
import { burstInput, burstScope, type BurstScope, type Caller, chapterPaymentsCents, injectCaller, signIn } from './faults.testkit.ts';

/**
 * DATABASE_READ_URL (issue 29): the queries read from the read database once the session is resolved
 * on the primary, the saves and the session statement stay on the primary, and a save is in the next
 * read. Here the read database is a second connection to the same PostgreSQL database with a query
 * log (a primary is never "behind": pg_is_in_recovery() is false); a replica that has not yet replayed
 * the primary's WAL position of the call is read around (trpc.ts readReplica).
 */
const baseUrl = testDatabaseUrl();
if (!baseUrl) console.info('readReplica.test.ts skipped: a read database needs PostgreSQL (set TEST_DATABASE_URL)');

describe.skipIf(!baseUrl)('a read database (DATABASE_READ_URL) [faults] (skipped without TEST_DATABASE_URL)', () => {
  let fresh: { url: string; drop(): Promise<void> };
  let primary: DbHandle;
  let readClient: postgres.Sql;
  const readLog: string[] = [];
  let app: FastifyInstance;
  let call: Caller;
  let scope: BurstScope;

  beforeAll(async () => {
    const templates = inject('dbTemplates');
    fresh = await freshPostgresDatabase(baseUrl as string, templates.postgres?.demo);
    primary = await openDb(fresh.url);
    readClient = postgres(fresh.url, { max: 2, onnotice: () => undefined });
    const readDb = postgresDb(readClient, { logQuery: (query) => readLog.push(query) });
    app = await buildApp({ database: primary, readDatabase: { db: readDb, kind: 'postgres', label: 'read', close: () => readClient.end() } });
    call = injectCaller(app);
    scope = await burstScope(primary.db, '101', templates.demoYear - 1);
  });
  afterAll(async () => {
    await app?.close();
    await primary?.close();
    await readClient?.end();
    await fresh?.drop();
  });

  it('a query reads from the read database, a save goes to the primary and is in the next read', async () => {
    const token = (await signIn(call, 'kassier')).token as string;
    readLog.length = 0;
    const before = await chapterPaymentsCents(call, token, scope);
    // the read database was asked whether it has the primary's position, then ran the chapter's figures
    expect(readLog[0]).toMatch(/pg_last_wal_replay_lsn/);
    expect(readLog.some((q) => /chapter/i.test(q) && /select/i.test(q))).toBe(true);
    expect(
      readLog.some((q) => /from "sessions"|from sessions/i.test(q)),
      'the session is read on the primary',
    ).toBe(false);

    readLog.length = 0;
    const saved = await call('POST', '/trpc/movements.save', burstInput(scope, 777), token);
    expect(saved.status).toBe(200);
    expect(
      readLog.filter((q) => /insert|update/i.test(q)),
      'nothing written through the read database',
    ).toEqual([]);
    expect(await chapterPaymentsCents(call, token, scope)).toBe(before + 100 + 200 + 300 + 777);

    // a lock on the primary refuses the next read at once
    const [user] = await execRows<{ id: number }>(primary.db, sql`select id from users where username = 'kassier'`);
    await execRows(primary.db, sql`update users set locked = true where id = ${Number(user?.id)}`);
    expect((await call('GET', `/api/Scopes/Status?departmentId=${scope.departmentId}&year=${scope.year}`, undefined, token)).status).toBe(401);
    await execRows(primary.db, sql`update users set locked = false where id = ${Number(user?.id)}`);
  });
});
