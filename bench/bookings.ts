/**
 * The bookings figures of issue 11 "Performance" (run with `npm run bench -- --only bookings`):
 * - POST /api/Movements saving an expense with five positions (availability check included) from 20
 *   concurrent writers, once all in one scope (512) and once spread over 20 scopes (501..520), next
 *   to the same SQL statements replayed bare through postgres.js (captured from one app save) by 20
 *   concurrent workers and by a bare Fastify route;
 * - POST /api/Movements/ChaptersBefore (five chapters) and GET /api/Budget/Chapter on a scope with
 *   1,500 movements, next to their chapter-figures query run bare (the same text and parameters) and
 *   behind a bare Fastify route, one at a time and with 10 connections.
 * The SQL is captured from the app itself (drizzle's query logger on a second app instance), so the
 * bare runs execute exactly what the procedures execute.
 */
import { type DbHandle, postgresDb } from '@app/db';
import { addDays, todayIso } from '@app/domain';
import Fastify from 'fastify';
import postgres from 'postgres';
import { buildApp } from '../apps/server/src/app.ts';
import { BOOKING_DEPARTMENTS, BOOKING_YEAR } from './generate.ts';
import { concurrent, type LoadResult, load, ms, sequential, staggered } from './measure.ts';

export interface BookingsContext {
  url: string;
  /** The app under load (listening). */
  base: string;
  seconds: number;
  login: (username: string) => Promise<string>;
  /** Print EXPLAIN (ANALYZE, BUFFERS) of the captured chapter-figures queries. */
  explain: boolean;
}

export interface Captured {
  query: string;
  params: unknown[];
}

/** A second app on a logging connection: the SQL one request runs, in order, BEGIN/COMMIT marked. */
export async function captureApp(url: string) {
  const log: Captured[] = [];
  const client = postgres(url, { max: 1, onnotice: () => undefined });
  const begin = client.begin.bind(client) as (fn: (tx: unknown) => Promise<unknown>) => Promise<unknown>;
  Object.assign(client, {
    begin: async (fn: (tx: unknown) => Promise<unknown>) => {
      log.push({ query: 'BEGIN', params: [] });
      const result = await begin(fn);
      log.push({ query: 'COMMIT', params: [] });
      return result;
    },
  });
  const db = postgresDb(client, { logQuery: (query, params) => log.push({ query, params }) });
  const handle: DbHandle = { db, kind: 'postgres', label: 'capture', close: () => client.end() };
  const app = await buildApp({ database: handle });
  return {
    async capture(method: 'GET' | 'POST', path: string, token: string, body?: unknown): Promise<{ log: Captured[]; answer: unknown }> {
      log.length = 0;
      const res = await app.inject({
        method,
        url: path,
        headers: { authorization: `Bearer ${token}` },
        ...(body === undefined ? {} : { payload: body as object }),
      });
      if (res.statusCode !== 200) throw new Error(`capture ${method} ${path}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      // a JSON answer parsed, a file (the statistics CSV) as its text
      return { log: [...log], answer: String(res.headers['content-type']).startsWith('application/json') ? res.json() : res.body };
    },
    close: async () => {
      await app.close();
      await handle.close();
    },
  };
}

/** The chapter-figures query of a captured request (the one statement of the budget area's SQL module). */
function figuresQuery(log: Captured[]): Captured {
  const found = log.filter((q) => q.query.includes('with lines as'));
  if (found.length !== 1) throw new Error(`expected one chapter-figures query, got ${found.length}`);
  return found[0] as Captured;
}

interface Scope {
  code: string;
  departmentId: number;
  token: string;
  body: string;
}

/** Five expense chapters of the area-3 chart, each booked on by the bench save. */
const SAVE_CHAPTERS = ['21001', '21002', '21003', '21004', '21006'];

/** The save body of a scope: a PaymentDone of five positions (one paid instalment by default), euros on the wire. */
function saveBody(departmentId: number, supplierId: number, accountId: number, recordDate: string): string {
  return JSON.stringify({
    departmentId,
    year: BOOKING_YEAR,
    kind: 'expenses',
    type: 1,
    recordDate,
    documentDate: recordDate,
    documentNumber: 'BENCH',
    supplierId,
    accountId,
    positions: SAVE_CHAPTERS.map((chapter, i) => ({ chapter, amount: 1.25 + i, note: `Bench ${i + 1}` })),
  });
}

/**
 * The transaction statements of one captured save, replayable as they are: the write is one statement
 * that takes the next record number and creates every row itself, so each replay commits a new movement
 * like the app (sequentially: the app sends its first reads pipelined).
 */
function saveReplay(log: Captured[], trail = true) {
  const from = log.findIndex((q) => q.query === 'BEGIN');
  const to = log.findIndex((q) => q.query === 'COMMIT');
  const captured = log.slice(from + 1, to);
  if (from < 0 || to < 0 || !captured.some((s) => s.query.includes('insert into movement_payment_shares')))
    throw new Error('captured save: no transaction writing shares');
  if (!captured.some(isAuditAppend)) throw new Error('captured save: no audit append');
  // without the trail: the capture triggers off (one set_config, not counted as the trail's) and no append statement
  const statements: Captured[] = trail
    ? captured
    : [{ query: `select set_config('audit.off', 'on', true)`, params: [] }, ...captured.filter((s) => !isAuditAppend(s))];
  return async (tx: postgres.TransactionSql): Promise<void> => {
    for (const s of statements) await tx.unsafe(s.query, s.params as postgres.ParameterOrJSON<never>[], { prepare: true });
  };
}

/** The save's one audit statement (services/auditChain.ts appendAudit). */
const isAuditAppend = (s: Captured) => /^\s*with pend as \(\s*delete from audit_pending/.test(s.query);

/**
 * Deletes the bench's own saves (document number BENCH) and sets the expense counters back, so every
 * run measures the departments as generated (1,500 movements) instead of five lines growing by thousands
 * of positions run after run; then VACUUM ANALYZE, so no run reads the dead rows of the one before.
 */
async function resetSaves(sql: postgres.Sql, departmentIds: number[]): Promise<void> {
  // a load run ends with saves still in flight: the counters locked first, so those commit before the
  // delete reads (a save that reaches its counter later numbers on from the reset value: no gap, no clash)
  await sql.begin(async (tx) => {
    await tx`select 1 from record_counters where kind = 'expense' and year = ${BOOKING_YEAR} and department_id in ${tx(departmentIds)} for update`;
    await tx`delete from movements where document_number = 'BENCH' and year = ${BOOKING_YEAR} and department_id in ${tx(departmentIds)}`;
    await tx`update record_counters c set last = coalesce((select max(m.record_number) from movements m
               where m.department_id = c.department_id and m.year = c.year and m.kind = 'expenses'), 0)
             where c.kind = 'expense' and c.year = ${BOOKING_YEAR} and c.department_id in ${tx(departmentIds)}`;
  });
  await sql`vacuum analyze movements, movement_positions, movement_payments, movement_payment_shares, record_counters`;
}

function row(name: string, r: LoadResult): string {
  return `| ${name} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p99)} | ${Math.round(r.rps)} | ${r.non2xx} |`;
}

export async function runBookings(ctx: BookingsContext): Promise<string> {
  const { url, base, seconds } = ctx;
  const sql = postgres(url, { max: 10, onnotice: () => undefined });
  const recordDate = addDays(todayIso(), -1);
  const scopes: Scope[] = [];
  for (const code of BOOKING_DEPARTMENTS) {
    const [ids] = await sql<{ id: number; supplier: number; account: number }[]>`
      select d.id, (select min(s.id) from suppliers s where s.department_id = d.id) as supplier,
             (select a.id from accounts a where a.department_id = d.id and a.code = 'B1') as account
      from departments d where d.code = ${code}`;
    if (!ids) throw new Error(`bench department ${code} missing`);
    scopes.push({ code, departmentId: ids.id, token: await ctx.login(`k${code}`), body: saveBody(ids.id, ids.supplier, ids.account, recordDate) });
  }
  const one = scopes.find((s) => s.code === '512') as Scope;
  const [{ n: movementCount } = { n: 0 }] = await sql<{ n: number }[]>`select count(*)::int as n from movements where department_id = ${one.departmentId}`;
  const capturer = await captureApp(url);

  // ---- reads: ChaptersBefore and Budget/Chapter ------------------------------------------------
  const chaptersBody = JSON.stringify({ departmentId: one.departmentId, year: BOOKING_YEAR, chapters: SAVE_CHAPTERS });
  const chapterPath = `/api/Budget/Chapter?departmentId=${one.departmentId}&year=${BOOKING_YEAR}&chapter=21001`;
  const reads = [
    { name: 'ChaptersBefore (5 chapters)', method: 'POST' as const, path: '/api/Movements/ChaptersBefore', body: chaptersBody },
    { name: 'Budget/Chapter (21001)', method: 'GET' as const, path: chapterPath, body: undefined },
  ];
  const bare = Fastify();
  const captures: { name: string; all: Captured[]; main: Captured }[] = [];
  for (const [i, r] of reads.entries()) {
    const { log } = await capturer.capture(r.method, r.path, one.token, r.body === undefined ? undefined : JSON.parse(r.body));
    const main = figuresQuery(log);
    captures.push({ name: r.name, all: log, main });
    if (ctx.explain) {
      const plan = await sql.unsafe(`explain (analyze, buffers) ${main.query}`, main.params as postgres.ParameterOrJSON<never>[], { prepare: true });
      console.log(`\n${r.name}: ${main.query.trim()}\nparams ${JSON.stringify(main.params)}\n${plan.map((p) => p['QUERY PLAN']).join('\n')}`);
    }
    bare.route({
      method: r.method,
      url: `/bare/${i}`,
      handler: async () => sql.unsafe(main.query, main.params as postgres.ParameterOrJSON<never>[], { prepare: true }),
    });
  }

  // ---- the save: capture one per scope (each a real save), then build its replay -------------
  const replays = new Map<string, (tx: postgres.TransactionSql) => Promise<void>>();
  const untrailed = new Map<string, (tx: postgres.TransactionSql) => Promise<void>>();
  for (const scope of scopes) {
    const { log } = await capturer.capture('POST', '/api/Movements', scope.token, JSON.parse(scope.body));
    replays.set(scope.code, saveReplay(log));
    untrailed.set(scope.code, saveReplay(log, false));
    if (scope === one)
      console.log(
        `one save runs ${log.length} statements, ${log.filter((q) => q.query === 'BEGIN').length} transaction(s):\n${log.map((q) => `  ${q.query.slice(0, 110)}`).join('\n')}`,
      );
  }
  await capturer.close();
  const replayOf = (code: string) => replays.get(code) as (tx: postgres.TransactionSql) => Promise<void>;
  const untrailedOf = (code: string) => untrailed.get(code) as (tx: postgres.TransactionSql) => Promise<void>;
  bare.post('/bare/save/:code', async (req) => {
    await sql.begin((tx) => replayOf((req.params as { code: string }).code)(tx));
    return { ok: true };
  });
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const bareAddress = bare.server.address();
  const bareBase = `http://127.0.0.1:${typeof bareAddress === 'object' && bareAddress ? bareAddress.port : 0}`;

  const lines: string[] = [];
  lines.push(`Scope 512 (${one.departmentId}): ${movementCount} movements in ${BOOKING_YEAR}; ${seconds} s per run.`);
  lines.push('', '### Reads (p50 ratio app / bare)', '');
  lines.push(
    '| call | connections | app p50 ms | app p95 ms | app req/s | bare route p50 ms | bare route req/s | bare SQL p50 ms | all SQL of the call p50 ms | app / bare route p50 | app / bare SQL p50 |',
  );
  lines.push('|---|---|---|---|---|---|---|---|---|---|---|');
  for (const [i, r] of reads.entries()) {
    const c = captures[i] as (typeof captures)[number];
    const bareSql = await sequential(() => sql.unsafe(c.main.query, c.main.params as postgres.ParameterOrJSON<never>[], { prepare: true }), 300);
    const allSql = await sequential(async () => {
      for (const q of c.all)
        if (q.query !== 'BEGIN' && q.query !== 'COMMIT') await sql.unsafe(q.query, q.params as postgres.ParameterOrJSON<never>[], { prepare: true });
    }, 200);
    const sqlP50 = bareSql[Math.floor(bareSql.length / 2)] ?? 0;
    const allP50 = allSql[Math.floor(allSql.length / 2)] ?? 0;
    for (const connections of [1, 10]) {
      const headers = { authorization: `Bearer ${one.token}` };
      const app = await load({
        url: `${base}${r.path}`,
        method: r.method,
        connections,
        seconds,
        request: () => ({ headers, ...(r.body ? { body: r.body } : {}) }),
      });
      const route = await load({ url: `${bareBase}/bare/${i}`, method: r.method, connections, seconds, request: () => (r.body ? { body: r.body } : {}) });
      if (app.firstError) console.log(`${r.name}: ${app.firstError}`);
      lines.push(
        `| ${r.name} | ${connections} | ${ms(app.p50)} | ${ms(app.p95)} | ${Math.round(app.rps)} | ${ms(route.p50)} | ${Math.round(route.rps)} | ${sqlP50.toFixed(2)} | ${allP50.toFixed(2)} | ${(app.p50 / route.p50).toFixed(1)} | ${(app.p50 / sqlP50).toFixed(1)} |`,
      );
    }
  }

  // ---- writes: 20 concurrent savers ------------------------------------------------------------
  lines.push('', '### Saves: expense with 5 positions, 20 concurrent writers (target p95 <= 25 ms)', '');
  lines.push('| run | p50 ms | p95 ms | p99 ms | saves/s | errors |', '|---|---|---|---|---|---|');
  // every run starts from the generated departments (resetSaves)
  const fresh = () =>
    resetSaves(
      sql,
      scopes.map((s) => s.departmentId),
    );
  // one writer at a time in scope 512: the cost of one save without queueing (what fewer statements buy)
  await fresh();
  const single = await load({
    url: `${base}/api/Movements`,
    method: 'POST',
    connections: 1,
    seconds,
    request: () => ({ headers: { authorization: `Bearer ${one.token}` }, body: one.body }),
  });
  await fresh();
  const singleRoute = await load({ url: `${bareBase}/bare/save/${one.code}`, method: 'POST', connections: 1, seconds, request: () => ({ body: '{}' }) });
  await fresh();
  const singleBare = await concurrent(() => sql.begin((tx) => replayOf(one.code)(tx)), 1, seconds);
  lines.push(row('app POST /api/Movements, one writer (512)', single));
  lines.push(row('bare Fastify route (replayed SQL), one writer (512)', singleRoute));
  await fresh();
  const singleUntrailed = await concurrent(() => sql.begin((tx) => untrailedOf(one.code)(tx)), 1, seconds);
  lines.push(row('bare SQL replay (postgres.js), one writer (512)', singleBare));
  lines.push(row('bare SQL replay without the audit trail (capture off, no append), one writer (512)', singleUntrailed));
  const spread = (i: number) => scopes[i % scopes.length] as Scope;
  const runs: [string, (i: number) => Scope][] = [
    ['one scope (512)', () => one],
    ['20 scopes (501..520)', spread],
  ];
  const appSaves = (scopeOf: (i: number) => Scope, connectionRate?: number) =>
    load({
      url: `${base}/api/Movements`,
      method: 'POST',
      connections: 20,
      seconds,
      ...(connectionRate ? { connectionRate } : {}),
      request: (i) => ({ headers: { authorization: `Bearer ${scopeOf(i).token}` }, body: scopeOf(i).body }),
    });
  for (const [name, scopeOf] of runs) {
    await fresh();
    const app = await appSaves(scopeOf);
    if (app.firstError) console.log(`save ${name}: ${app.firstError}`);
    await fresh();
    const route = await load({
      url: `${bareBase}/bare/save/${one.code}`,
      method: 'POST',
      connections: 20,
      seconds,
      request: (i) => ({ path: `/bare/save/${scopeOf(i).code}`, body: '{}' }),
    });
    if (route.firstError) console.log(`bare save route ${name}: ${route.firstError}`);
    await fresh();
    const bareRun = await concurrent((w) => sql.begin((tx) => replayOf(scopeOf(w).code)(tx)), 20, seconds);
    if (bareRun.firstError) console.log(`bare save ${name}: ${bareRun.firstError}`);
    lines.push(row(`app POST /api/Movements, ${name}`, app));
    lines.push(row(`bare Fastify route (replayed SQL), ${name}`, route));
    await fresh();
    const untrailedRun = await concurrent((w) => sql.begin((tx) => untrailedOf(scopeOf(w).code)(tx)), 20, seconds);
    lines.push(row(`bare SQL replay (postgres.js, 20 workers, pool 10), ${name}`, bareRun));
    lines.push(row(`bare SQL replay without the audit trail, ${name}`, untrailedRun));
  }
  // 20 cashiers each saving once a second: the latency of a save among others, not of a saturated server
  for (const [name, scopeOf] of runs) {
    await fresh();
    const paced = await appSaves(scopeOf, 1);
    if (paced.firstError) console.log(`paced save ${name}: ${paced.firstError}`);
    lines.push(row(`app POST /api/Movements, ${name}, paced: each writer 1 save/s (all at the same instant)`, paced));
    // the same 20 writers at one save a second, their seconds spread evenly (cashiers don't book in step)
    await fresh();
    const spreadOut = await staggered(
      async (w) => {
        const s = scopeOf(w);
        const res = await fetch(`${base}/api/Movements`, {
          method: 'POST',
          headers: { authorization: `Bearer ${s.token}`, 'content-type': 'application/json' },
          body: s.body,
        });
        const text = await res.text();
        if (!res.ok) throw new Error(`${res.status} ${text.slice(0, 300)}`);
      },
      20,
      seconds,
    );
    if (spreadOut.firstError) console.log(`staggered save ${name}: ${spreadOut.firstError}`);
    lines.push(row(`app POST /api/Movements, ${name}, paced: each writer 1 save/s, spread over the second`, spreadOut));
  }
  await bare.close();
  await sql.end();
  return lines.join('\n');
}
