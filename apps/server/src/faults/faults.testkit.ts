import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { type Db, execRows } from '@app/db';
import { childEnv } from '@app/db/testing';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';

/**
 * Shared pieces of the fault tests (issue 26): a caller over HTTP or inject, sign-in, a burst of revenue
 * saves (three positions each on chapter 11001) and the check of what the database holds afterwards.
 */

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface Answer {
  status: number;
  body: unknown;
}
/** One request to the app: a path under the server's root, a JSON body, a bearer token, a client address (inject only). */
export type Caller = (method: 'GET' | 'POST', path: string, body?: unknown, token?: string, ip?: string) => Promise<Answer>;

export function httpCaller(base: string): Caller {
  return async (method, path, body, token) => {
    const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${base}${path}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as unknown) : null };
  };
}

export function injectCaller(app: FastifyInstance): Caller {
  return async (method, path, body, token, ip = '10.26.0.1') => {
    const res = await app.inject({
      method,
      url: path,
      remoteAddress: ip,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(body === undefined ? {} : { payload: body as object }),
    });
    return { status: res.statusCode, body: res.body ? (res.json() as unknown) : null };
  };
}

/** The tRPC error code of an answer (appCode), or null. */
export function appCode(answer: Answer): string | null {
  return (answer.body as { error?: { data?: { appCode?: string } } } | null)?.error?.data?.appCode ?? null;
}

export async function signIn(call: Caller, username: string, password = 'demo', ip?: string): Promise<Answer & { token: string | null }> {
  const res = await call('POST', '/trpc/auth.login', { username, password, remember: false }, undefined, ip);
  return { ...res, token: (res.body as { result?: { data?: { token?: string } } }).result?.data?.token ?? null };
}

/** Where the burst books: a department, an open year, its cash account K1. */
export interface BurstScope {
  departmentId: number;
  year: number;
  accountId: number;
}

export async function burstScope(db: Db, code: string, year: number): Promise<BurstScope> {
  const [row] = await execRows<{ dept: number; account: number }>(
    db,
    sql`select d.id as dept, a.id as account from departments d join accounts a on a.department_id = d.id and a.code = 'K1' where d.code = ${code}`,
  );
  if (!row) throw new Error(`no department ${code} with account K1`);
  return { departmentId: Number(row.dept), year, accountId: Number(row.account) };
}

export const POSITIONS = 3;
/** Save `i`'s positions: 1.00 €, 2.00 €, 3.00 € + i cents, notes tagged `burst i/p`. */
export function burstInput(scope: BurstScope, i: number) {
  return {
    ...scope,
    kind: 'revenues',
    type: 0,
    recordDate: `${scope.year}-06-15`,
    positions: Array.from({ length: POSITIONS }, (_, p) => ({
      chapter: '11001',
      amount: (p + 1) * 100 + (p === POSITIONS - 1 ? i : 0),
      note: `burst ${i}/${p}`,
    })),
  };
}

export interface Acknowledged {
  i: number;
  recordNumber: number;
}

export interface BurstResult {
  acknowledged: Acknowledged[];
  /** Every answer that was not 200: status and appCode (status 0: no answer, the connection was lost). */
  failures: { status: number; code: string | null }[];
  sent: number;
}

/**
 * Revenue saves, `workers` at a time, until `stop()` says so (checked before each save) or `total` were sent.
 * `from` numbers the saves (their notes), so two bursts on one database stay apart.
 */
export async function burst(
  call: Caller,
  token: string,
  scope: BurstScope,
  opts: { workers: number; total: number; stop?: () => boolean; from?: number; onAck?: (ack: Acknowledged) => void },
): Promise<BurstResult> {
  const result: BurstResult = { acknowledged: [], failures: [], sent: 0 };
  const from = opts.from ?? 0;
  await Promise.all(
    Array.from({ length: opts.workers }, async () => {
      while (result.sent < opts.total && !opts.stop?.()) {
        const i = from + result.sent++;
        const res = await call('POST', '/trpc/movements.save', burstInput(scope, i), token).catch(() => ({ status: 0, body: null }));
        if (res.status === 200) {
          const ack = { i, recordNumber: Number((res.body as { result: { data: { recordNumber: number } } }).result.data.recordNumber) };
          result.acknowledged.push(ack);
          opts.onAck?.(ack);
        } else result.failures.push({ status: res.status, code: appCode(res) });
      }
    }),
  );
  return result;
}

export interface StoredCheck {
  lost: Acknowledged[];
  /** Burst saves stored with fewer positions than sent, or amounts not their own. */
  halfWritten: number[];
  /** Record numbers of the scope's revenues: what 1..last misses, and whether the counter says last. */
  gaps: number[];
  counterMatches: boolean;
  /** Burst saves stored (acknowledged or not), and their positions' sum in cents. */
  stored: number;
  storedCents: number;
}

/** What the database holds of a burst: every acknowledged save with its number, whole, numbers gap-free. */
export async function checkStored(db: Db, scope: BurstScope, acknowledged: Acknowledged[]): Promise<StoredCheck> {
  const rows = await execRows<{ i: number; record: number; positions: number; cents: string }>(
    db,
    sql`select split_part(substr(p.note, 7), '/', 1)::int as i, m.record_number as record, count(*)::int as positions, sum(p.amount * 100)::bigint::text as cents
        from movements m join movement_positions p on p.movement_id = m.id
        where m.department_id = ${scope.departmentId} and m.year = ${scope.year} and m.kind = 'revenues' and p.note like 'burst %'
        group by 1, 2`,
  );
  const byIndex = new Map(rows.map((r) => [Number(r.i), r]));
  const expectedCents = (i: number) => burstInput(scope, i).positions.reduce((sum, p) => sum + p.amount, 0);
  const lost = acknowledged.filter((a) => Number(byIndex.get(a.i)?.record) !== a.recordNumber);
  const halfWritten = rows.filter((r) => Number(r.positions) !== POSITIONS || Number(r.cents) !== expectedCents(Number(r.i))).map((r) => Number(r.i));
  const numbers = await execRows<{ n: number }>(
    db,
    sql`select record_number as n from movements where department_id = ${scope.departmentId} and year = ${scope.year} and kind = 'revenues' order by 1`,
  );
  const present = new Set(numbers.map((r) => Number(r.n)));
  const last = Math.max(0, ...present);
  const gaps = Array.from({ length: last }, (_, k) => k + 1).filter((n) => !present.has(n));
  const [counter] = await execRows<{ last: number }>(
    db,
    sql`select last from record_counters where department_id = ${scope.departmentId} and year = ${scope.year} and kind = 'revenue'`,
  );
  return {
    lost,
    halfWritten,
    gaps,
    counterMatches: Number(counter?.last) === last,
    stored: rows.length,
    storedCents: rows.reduce((sum, r) => sum + Number(r.cents), 0),
  };
}

/** The chapter's booked payments (REST Budget/Chapter, euros) in cents. */
export async function chapterPaymentsCents(call: Caller, token: string, scope: BurstScope, chapter = '11001'): Promise<number> {
  const res = await call('GET', `/api/Budget/Chapter?departmentId=${scope.departmentId}&year=${scope.year}&chapter=${chapter}`, undefined, token);
  if (res.status !== 200) throw new Error(`Budget/Chapter answered ${res.status}: ${JSON.stringify(res.body)}`);
  return Math.round((res.body as { payments: number }).payments * 100);
}

/** A TCP port nothing listens on right now (127.0.0.1). */
export async function freePort(): Promise<number> {
  const probe = createServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const address = probe.address();
  probe.close();
  await once(probe, 'close');
  return typeof address === 'object' && address ? address.port : 0;
}

const repoRoot = fileURLToPath(new URL('../../../..', import.meta.url));

export interface ServerProcess {
  child: ChildProcess;
  base: string;
  output(): string;
  /** SIGTERM and wait for the exit (the server's own shutdown). */
  stop(): Promise<void>;
  /** SIGKILL at once, no shutdown of any kind. */
  kill(): Promise<void>;
}

/** Starts apps/server/src/main.ts as `npm start` does (tsx), on `env`, and waits for /health. */
export async function startServer(env: Record<string, string | undefined>, timeoutMs = 120_000): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: childEnv({ LOG_LEVEL: 'warn', HOST: '127.0.0.1', ...env, PORT: String(port) }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const base = `http://127.0.0.1:${port}`;
  const exited = () => child.exitCode !== null || child.signalCode !== null;
  const ended = async (signal: NodeJS.Signals) => {
    if (exited()) return;
    const done = once(child, 'exit');
    child.kill(signal);
    await done;
  };
  const server: ServerProcess = { child, base, output: () => output, stop: () => ended('SIGTERM'), kill: () => ended('SIGKILL') };
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (exited()) throw new Error(`server exited: ${output}`);
    const ok = await fetch(`${base}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return server;
    if (Date.now() > deadline) {
      await server.kill();
      throw new Error(`server not healthy within ${timeoutMs} ms: ${output}`);
    }
    await sleep(100);
  }
}
