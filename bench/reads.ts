/**
 * Hot reads at 50 connections beside the floor (issue 29; `npm run bench -- --only reads`): each read
 * of a cashier's evening and the union's overview, loaded by autocannon with 50 connections, right
 * after the floor (floorServer.ts: Fastify without logging, one primary-key select through
 * postgres.js, in its own process like the app) loaded the same way — a pair per row, so each ratio
 * comes from one moment of this noisy machine. Beside them: the statements the call runs (captured
 * from the app, bookings.ts captureApp) and all of them run bare one after the other.
 * Requests accept gzip, as browsers and fetch() do. Goal: every read ≥ 30 % of the floor's req/s with p99 ≤ 50 ms.
 */
import postgres from 'postgres';
import { type BookingsContext, captureApp } from './bookings.ts';
import { BOOKING_YEAR } from './generate.ts';
import { load, ms, sequential } from './measure.ts';
import { forkServer } from './processes.ts';

interface Read {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  user: 'k512' | 'supervisor';
}

/**
 * `pglite`: the app runs on the embedded database (readsPglite.ts); `url` is then the PostgreSQL bench database
 * the PGlite one was restored from (the same ids), and the SQL columns are left out (the capture speaks postgres.js).
 */
export async function runReads(ctx: BookingsContext & { connections?: number; pglite?: boolean }): Promise<string> {
  const pglite = ctx.pglite === true;
  const { url, base, seconds } = ctx;
  const connections = ctx.connections ?? 50;
  const sql = postgres(url, { max: 1, onnotice: () => undefined });
  const [scope] = await sql<{ id: number; account: number; supplier: string }[]>`
    select d.id, (select a.id from accounts a where a.department_id = d.id and a.code = 'B1') as account,
           (select s.search_key from suppliers s where s.department_id = d.id order by s.code limit 1) as supplier
    from departments d where d.code = '512'`;
  if (!scope) throw new Error('bench department 512 missing');
  const q = `departmentId=${scope.id}&year=${BOOKING_YEAR}`;
  const reads: Read[] = [
    { name: 'Scopes/Status', method: 'GET', path: `/api/Scopes/Status?${q}`, user: 'k512' },
    { name: 'Scopes', method: 'GET', path: '/api/Scopes', user: 'k512' },
    { name: 'Budget/Chapters (part 2)', method: 'GET', path: `/api/Budget/Chapters?${q}&part=2`, user: 'k512' },
    { name: 'Budget/Chapter 21001', method: 'GET', path: `/api/Budget/Chapter?${q}&chapter=21001`, user: 'k512' },
    {
      name: 'Movements/ChaptersBefore (5 chapters)',
      method: 'POST',
      path: `/api/Movements/ChaptersBefore?${q}`,
      body: { kind: 'expenses', chapters: ['21001', '21002', '21003', '21004', '21006'] },
      user: 'k512',
    },
    { name: 'Digests/Chapters 21001 (page of 30)', method: 'GET', path: `/api/Digests/Chapters?${q}&chapter=21001&page=1&pageSize=30`, user: 'k512' },
    {
      name: 'Digests/CashJournal B1 (page of 30)',
      method: 'GET',
      path: `/api/Digests/CashJournal?${q}&accountId=${scope.account}&page=1&pageSize=30`,
      user: 'k512',
    },
    {
      name: 'Suppliers search',
      method: 'GET',
      path: `/api/Suppliers/briefs/search?departmentId=${scope.id}&search=${encodeURIComponent((scope.supplier ?? 'a').slice(0, 3))}&page=1&pageSize=10`,
      user: 'k512',
    },
    { name: 'Movements/Expenses (page of 30)', method: 'GET', path: `/api/Movements/Expenses?${q}&page=1&pageSize=30`, user: 'k512' },
    { name: 'Payments/Open (page of 30)', method: 'POST', path: `/api/Payments/Open?${q}`, body: { page: 1, pageSize: 30 }, user: 'k512' },
    {
      name: 'overview of departments (supervisor, page of 10)',
      method: 'GET',
      path: `/trpc/overview.departments?input=${encodeURIComponent(JSON.stringify({ departmentId: scope.id, year: BOOKING_YEAR, page: 1, pageSize: 10 }))}`,
      user: 'supervisor',
    },
  ];
  const tokens = { k512: await ctx.login('k512'), supervisor: await ctx.login('supervisor') };
  const capturer = pglite ? null : await captureApp(url);
  const floor = await forkServer('./floorServer.ts', pglite ? { BENCH_FLOOR_PGLITE: '1' } : {});
  const lines = [
    `Scope 512 (${scope.id}), ${BOOKING_YEAR}; ${pglite ? 'embedded PGlite; ' : ''}${connections} connections, ${seconds} s per run; the floor loaded right before each read.`,
    '',
    '| read | statements | all SQL bare p50 ms | app req/s | app p50 ms | app p99 ms | floor req/s | floor p99 ms | app / floor req/s |',
    '|---|---|---|---|---|---|---|---|---|',
  ];
  for (const read of reads) {
    const token = tokens[read.user];
    const log = capturer ? (await capturer.capture(read.method, read.path, token, read.body)).log : [];
    const statements = log.filter((s) => s.query !== 'BEGIN' && s.query !== 'COMMIT');
    const all = capturer
      ? await sequential(async () => {
          for (const s of statements) await sql.unsafe(s.query, s.params as postgres.ParameterOrJSON<never>[], { prepare: true });
        }, 100)
      : [];
    const floorRun = await load({ url: `${floor.base}/floor/${scope.id}`, connections, seconds, request: () => ({}) });
    // as a browser or fetch() asks: gzip accepted
    const headers = { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' };
    const body = read.body === undefined ? undefined : JSON.stringify(read.body);
    const app = await load({
      url: `${base}${read.path}`,
      method: read.method,
      connections,
      seconds,
      request: () => ({ headers, ...(body === undefined ? {} : { body }) }),
    });
    if (app.firstError) console.log(`${read.name}: ${app.firstError}`);
    lines.push(
      `| ${read.name} | ${capturer ? statements.length : '–'} | ${capturer ? (all[Math.floor(all.length / 2)] ?? 0).toFixed(2) : '–'} | ${Math.round(app.rps)} | ${ms(app.p50)} | ${ms(app.p99)} | ${Math.round(floorRun.rps)} | ${ms(floorRun.p99)} | ${Math.round((100 * app.rps) / Math.max(floorRun.rps, 1))} %${app.non2xx ? ` (${app.non2xx} non-2xx)` : ''} |`,
    );
  }
  floor.stop();
  await capturer?.close();
  await sql.end();
  return lines.join('\n');
}
