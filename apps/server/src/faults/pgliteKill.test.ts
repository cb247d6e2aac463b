import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { type Db, openDb } from '@app/db';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, describe, expect, inject, it } from 'vitest';
import {
  type Acknowledged,
  burst,
  burstScope,
  checkStored,
  chapterPaymentsCents,
  httpCaller,
  type ServerProcess,
  signIn,
  startServer,
} from './faults.testkit.ts';

/**
 * The embedded database under `kill -9` (issue 26): the real server (main.ts, DATABASE_URL=pglite:<dir>) takes a
 * burst of revenue saves; it is killed with SIGKILL in the middle, started again on the same data directory, and
 * what it holds is checked: every save answered 200 is there with its record number, every stored save whole (its
 * three positions and their amounts), the record numbers gap-free and the counter at the last, the chapter's
 * payments up by exactly the stored saves.
 */
describe('the embedded database under kill -9 [faults]', () => {
  const dir = mkdtempSync(join(tmpdir(), 'fwh-kill-'));
  const dataDir = join(dir, 'db');
  let server: ServerProcess | undefined;

  afterAll(async () => {
    await server?.kill();
    rmSync(dir, { recursive: true, force: true });
  });

  it('loses nothing acknowledged and leaves nothing half-written', async () => {
    // the data directory: the run's migrated demo template, unpacked into a directory of files
    const templates = inject('dbTemplates');
    if (!templates.pglite) throw new Error('no PGlite template');
    const seed = new PGlite(dataDir, { loadDataDir: new Blob([await readFile(templates.pglite.demo)]) });
    await seed.waitReady;
    const scope = await burstScope(drizzle({ client: seed }) as unknown as Db, '101', templates.demoYear - 1);
    await seed.close();

    const env = { DATABASE_URL: `pglite:${dataDir}`, SEED_DEMO: 'never' };
    server = await startServer(env);
    let call = httpCaller(server.base);
    const login = await signIn(call, 'kassier');
    expect(login.status).toBe(200);
    const before = await chapterPaymentsCents(call, login.token as string, scope);

    // 6 saves at a time; the kill comes after the 25th answer, with saves still in flight
    const acknowledged: Acknowledged[] = [];
    let killed: Promise<void> | undefined;
    const running = burst(call, login.token as string, scope, {
      workers: 6,
      total: 200,
      stop: () => killed !== undefined,
      onAck: (ack) => {
        acknowledged.push(ack);
        if (acknowledged.length === 25 && !killed) killed = server?.kill();
      },
    });
    const result = await running;
    await killed;
    expect(server.child.signalCode).toBe('SIGKILL');
    expect(result.acknowledged.length).toBeGreaterThanOrEqual(25);
    // the saves cut off by the kill got no answer (status 0), none got an error answer
    expect(result.failures.filter((f) => f.status !== 0)).toEqual([]);

    // the server starts again on the same directory (the database recovers from its WAL) and answers
    server = await startServer(env);
    call = httpCaller(server.base);
    const again = await signIn(call, 'kassier');
    expect(again.status).toBe(200);
    const after = await chapterPaymentsCents(call, again.token as string, scope);
    await server.stop();

    const check = await (async () => {
      const reopened = await openDb(`pglite:${dataDir}`);
      try {
        return await checkStored(reopened.db, scope, result.acknowledged);
      } finally {
        await reopened.close();
      }
    })();
    console.info(
      `kill -9 (PGlite): ${result.acknowledged.length} acknowledged, ${check.lost.length} lost, ${check.halfWritten.length} half-written, ` +
        `${check.stored - result.acknowledged.length} stored without an answer, ${check.gaps.length} gaps`,
    );
    expect(check.lost, 'acknowledged saves missing or with another number').toEqual([]);
    expect(check.halfWritten, 'saves stored without all their positions').toEqual([]);
    expect(check.gaps, 'record numbers missing between 1 and the last').toEqual([]);
    expect(check.counterMatches, 'the record counter stands at the last number').toBe(true);
    expect(check.stored).toBeGreaterThanOrEqual(result.acknowledged.length);
    expect(after - before, "the chapter's payments grew by exactly the stored saves").toBe(check.storedCents);
  }, 300_000);
});
