import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { type DbHandle, migrateDb, openDb } from '@app/db';
import { seedDemo } from '@app/db/seed';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { type Acknowledged, burst, burstScope, checkStored, chapterPaymentsCents, freePort, injectCaller, signIn, sleep } from './faults.testkit.ts';

/**
 * A real PostgreSQL restart under load (issue 26): a throw-away cluster made with Debian's binaries (initdb,
 * pg_ctl; run as the `postgres` user when the test runs as root) on a free port, the app on it taking saves;
 * `pg_ctl stop -m fast`, a while down, `pg_ctl start`. While down every failed save is 503 DatabaseUnavailable
 * (never 500); after the start the app saves again by itself within 5 s (no app restart); nothing acknowledged
 * is lost, nothing half-written, the numbers gap-free.
 */
const run = promisify(execFile);
const binDir = existsSync('/usr/lib/postgresql')
  ? readdirSync('/usr/lib/postgresql')
      .sort((a, b) => Number(b) - Number(a))
      .map((v) => `/usr/lib/postgresql/${v}/bin`)
      .find((dir) => existsSync(`${dir}/initdb`) && existsSync(`${dir}/pg_ctl`))
  : undefined;
const asRoot = process.getuid?.() === 0;
const YEAR = 2026;

if (!binDir) console.info('postgresRestart.test.ts skipped: no PostgreSQL server binaries under /usr/lib/postgresql/*/bin (initdb, pg_ctl)');

/** A PostgreSQL binary, as the `postgres` user when this process is root (initdb refuses root). */
function pg(command: string, args: string[]) {
  const bin = `${binDir}/${command}`;
  return asRoot ? run('runuser', ['-u', 'postgres', '--', bin, ...args], { timeout: 60_000 }) : run(bin, args, { timeout: 60_000 });
}

describe.skipIf(!binDir)('a PostgreSQL restart under load [faults] (skipped without /usr/lib/postgresql/*/bin/initdb)', () => {
  const uncaught: unknown[] = [];
  const recordUncaught = (error: unknown) => uncaught.push(error);
  const dir = mkdtempSync(join(tmpdir(), 'fwh-pg-'));
  const data = join(dir, 'data');
  let handle: DbHandle | undefined;
  let app: FastifyInstance | undefined;

  afterAll(async () => {
    process.off('uncaughtException', recordUncaught);
    process.off('unhandledRejection', recordUncaught);
    await app?.close();
    await handle?.close();
    await pg('pg_ctl', ['stop', '-D', data, '-m', 'immediate']).catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers 503 while the database is down, saves again by itself after the start, loses nothing acknowledged', async () => {
    process.on('uncaughtException', recordUncaught);
    process.on('unhandledRejection', recordUncaught);
    if (asRoot) {
      const { stdout } = await run('id', ['-u', 'postgres']);
      const { stdout: gid } = await run('id', ['-g', 'postgres']);
      chownSync(dir, Number(stdout.trim()), Number(gid.trim()));
    }
    const port = await freePort();
    await pg('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync', '--no-instructions', '-E', 'UTF8', '--locale', 'C']);
    const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`;
    const start = () => pg('pg_ctl', ['start', '-D', data, '-w', '-t', '30', '-l', join(dir, 'log'), '-o', options]);
    await start();

    handle = await openDb(`postgres://postgres@127.0.0.1:${port}/postgres`);
    await migrateDb(handle);
    await seedDemo(handle.db, YEAR);
    const scope = await burstScope(handle.db, '101', YEAR - 1);
    app = await buildApp({ database: handle });
    const call = injectCaller(app);
    const login = await signIn(call, 'kassier');
    expect(login.status).toBe(200);
    const token = login.token as string;
    const before = await chapterPaymentsCents(call, token, scope);

    // the load: 4 saves at a time until 15 saves after the recovery were answered
    const acknowledged: Acknowledged[] = [];
    let startedAt = 0;
    let recoveredAfterMs = -1;
    let afterRecovery = 0;
    const load = burst(call, token, scope, {
      workers: 4,
      total: 2000,
      stop: () => afterRecovery >= 15,
      onAck: (ack) => {
        acknowledged.push(ack);
        if (startedAt > 0) {
          if (recoveredAfterMs < 0) recoveredAfterMs = performance.now() - startedAt;
          afterRecovery++;
        }
      },
    });
    while (acknowledged.length < 15) await sleep(20);
    await pg('pg_ctl', ['stop', '-D', data, '-m', 'fast', '-w']);
    const ackedBeforeStop = acknowledged.length;
    // down for a second: every request fails, and /health says so
    await sleep(1000);
    const health = await app.inject({ method: 'GET', url: '/health' });
    expect(health.statusCode).toBe(503);
    await start();
    startedAt = performance.now();
    const result = await Promise.race([load, sleep(30_000).then(() => null)]);
    expect(result, 'the load ended (the app recovered)').not.toBeNull();
    if (!result) return;

    expect(recoveredAfterMs, 'a save succeeded after the start').toBeGreaterThanOrEqual(0);
    expect(recoveredAfterMs, 'ms from the start to the first save').toBeLessThan(5000);
    const outage = result.failures.filter((f) => f.status === 503 && f.code === 'DatabaseUnavailable');
    expect(result.failures.filter((f) => !(f.status === 503 && f.code === 'DatabaseUnavailable'))).toEqual([]);
    expect(outage.length, 'the outage was answered 503').toBeGreaterThan(0);

    const check = await checkStored(handle.db, scope, result.acknowledged);
    const after = await chapterPaymentsCents(call, token, scope);
    console.info(
      `PostgreSQL restart: ${result.acknowledged.length} acknowledged (${ackedBeforeStop} before the stop), ${outage.length} × 503 while down, ` +
        `back ${Math.round(recoveredAfterMs)} ms after the start, ${check.lost.length} lost, ${check.halfWritten.length} half-written`,
    );
    expect(check.lost, 'acknowledged saves missing or with another number').toEqual([]);
    expect(check.halfWritten).toEqual([]);
    expect(check.gaps).toEqual([]);
    expect(check.counterMatches).toBe(true);
    expect(after - before, "the chapter's payments grew by exactly the stored saves").toBe(check.storedCents);
    expect(uncaught).toEqual([]);
  }, 120_000);
});
