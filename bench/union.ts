/**
 * Issue 29 "Speed for a whole union" (`npm run bench -- --only union`): on union-sized data (every fire brigade
 * 1,500 movements a year, 10 years: run.ts generates it with allDepartments and yearsBack 9) the three union-wide
 * or year-wide answers, each beside the SQL it runs (captured from the app, captureApp of bookings.ts, run bare):
 * - the union's overview of departments (the supervisor's work list, /trpc/overview.departments and its export);
 * - the statistics CSV (GET /api/statistics, streamed) of 1 and 10 years with chapters, time and the server
 *   process's peak RSS (VmHWM of /proc/<pid>/status, reset through clear_refs before each download);
 * - the full-year cash journal print of scope 512's bank account (the data the browser renders the PDF from:
 *   /trpc/digests.cashJournal with the print's dates; REST's the same in euros), with where its time goes
 *   (SQL, the service's mapping, output validation, JSON, REST's euro walk; the PDF drawn in Node for scale).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { openDb, POSTGRES_SESSION_SETTINGS } from '@app/db';
import { CashJournal } from '@app/domain';
import { cashJournalPdf } from '@app/reports';
import postgres from 'postgres';
import { cashJournal, cashJournalSql } from '../packages/api/src/services/digests/cashJournal.ts';
import { procedureOutput, moneyOut } from '../apps/server/src/rest/money.ts';
import { type BookingsContext, type Captured, captureApp } from './bookings.ts';
import { benchEnv } from './env.ts';
import { BOOKING_YEAR } from './generate.ts';
import { load, ms, sequential } from './measure.ts';

export interface UnionContext extends BookingsContext {
  /** The app server's process (its memory is read from /proc). */
  serverPid: number;
}

const STATISTICS_RUNS = benchEnv.statisticsRuns;
const median = (sorted: number[]) => sorted[Math.floor(sorted.length / 2)] ?? 0;
const kib = (kb: number) => `${Math.round(kb / 1024)} MB`;

function procStatus(pid: number, field: 'VmHWM' | 'VmRSS'): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${field}:`));
  return Number(line?.replace(/\D+/g, '') ?? 0);
}

/** The one statement of a captured call that contains `marker`. */
function statementWith(log: Captured[], marker: string): Captured {
  const found = log.filter((q) => q.query.includes(marker));
  if (found.length !== 1) throw new Error(`expected one statement with ${marker}, got ${found.length}`);
  return found[0] as Captured;
}

const trpcPath = (procedure: string, input: unknown) => `/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`;

export async function runUnion(ctx: UnionContext): Promise<string> {
  const { url, base, seconds } = ctx;
  // the bare SQL in a session set as the app's (jit off), so app and bare run a statement alike
  const sql = postgres(url, { max: 1, onnotice: () => undefined, connection: { ...POSTGRES_SESSION_SETTINGS } });
  const bare = (q: Captured) => sql.unsafe(q.query, q.params as postgres.ParameterOrJSON<never>[], { prepare: true });
  const statements = (log: Captured[]) => log.filter((s) => s.query !== 'BEGIN' && s.query !== 'COMMIT');
  const [union] = await sql<{ id: number }[]>`select id from departments where code = '000'`;
  const [scope] = await sql<{ id: number; account: number; movements: number }[]>`
    select d.id, (select a.id from accounts a where a.department_id = d.id and a.code = 'B1') as account,
           (select count(*)::int from movements m where m.department_id = d.id and m.year = ${BOOKING_YEAR}) as movements
    from departments d where d.code = '512'`;
  const [size] = await sql<{ movements: number; booking: number; years: number; first: number }[]>`
    select count(*)::int as movements, count(distinct department_id)::int as booking, count(distinct year)::int as years, min(year)::int as first from movements`;
  if (!union || !scope || !size) throw new Error('bench data missing');
  const supervisor = await ctx.login('supervisor');
  const kassier = await ctx.login('k512');
  const capturer = await captureApp(url);
  const lines: string[] = [
    `Data: ${size.movements.toLocaleString('en')} movements of ${size.booking} fire brigades in ${size.years} years (${size.first}–${BOOKING_YEAR}); ${seconds} s per load run.`,
    '',
  ];

  // ---- 1. the union's overview of departments -------------------------------------------------------------
  const scopeInput = { departmentId: union.id, year: BOOKING_YEAR };
  const overviewCalls = [
    { name: 'overview: page 1 of 10 (the screen)', path: trpcPath('overview.departments', { ...scopeInput, page: 1, pageSize: 10 }) },
    {
      name: 'overview: every department on one page, by state',
      path: trpcPath('overview.departments', { ...scopeInput, page: 1, pageSize: 1000, sort: 'state' }),
    },
    { name: 'overview: the CSV export list (every department)', path: trpcPath('overview.departmentsExport', scopeInput) },
  ];
  lines.push(
    '| call | rows | statements | app p50 ms (1 conn.) | app p95 ms | bare SQL p50 ms | all SQL p50 ms | app / bare SQL |',
    '|---|---|---|---|---|---|---|---|',
  );
  for (const call of overviewCalls) {
    const { log, answer } = await capturer.capture('GET', call.path, supervisor);
    const data = (answer as { result: { data: { entities?: unknown[]; rows?: unknown[] } } }).result.data;
    const main = statementWith(log, 'with depts as');
    if (ctx.explain)
      console.log(
        `\n${call.name}:\n${(await sql.unsafe(`explain (analyze, buffers) ${main.query}`, main.params as never[])).map((p) => p['QUERY PLAN']).join('\n')}`,
      );
    const bareTimes = await sequential(() => bare(main), 30);
    const allTimes = await sequential(async () => {
      for (const s of statements(log)) await bare(s);
    }, 30);
    const one = await load({ url: `${base}${call.path}`, connections: 1, seconds, request: () => ({ headers: { authorization: `Bearer ${supervisor}` } }) });
    if (one.firstError) console.log(`${call.name}: ${one.firstError}`);
    lines.push(
      `| ${call.name} | ${(data.entities ?? data.rows ?? []).length} | ${statements(log).length} | ${ms(one.p50)} | ${ms(one.p95)} | ${median(bareTimes).toFixed(1)} | ${median(allTimes).toFixed(1)} | ${(one.p50 / Math.max(median(bareTimes), 0.01)).toFixed(1)} |`,
    );
  }

  // the year at a glance of one brigade (issue 30, overview.year): its reads beside all their SQL run bare (a held
  // answer serves the repeated call, so the SQL column is what a first call costs)
  {
    const path = trpcPath('overview.year', { departmentId: scope.id, year: BOOKING_YEAR });
    const { log } = await capturer.capture('GET', path, kassier);
    const allTimes = await sequential(async () => {
      for (const s of statements(log)) await bare(s);
    }, 30);
    const one = await load({ url: `${base}${path}`, connections: 1, seconds, request: () => ({ headers: { authorization: `Bearer ${kassier}` } }) });
    if (one.firstError) console.log(`overview.year: ${one.firstError}`);
    lines.push(
      `| year at a glance of 512 (overview.year) | – | ${statements(log).length} | ${ms(one.p50)} | ${ms(one.p95)} | – | ${median(allTimes).toFixed(1)} | ${(one.p50 / Math.max(median(allTimes), 0.01)).toFixed(1)} (of all SQL) |`,
    );
  }

  // the union's dashboard (issue 30, overview.union): the whole call, then a row per widget — its one statement run
  // bare (target ≤ 50 ms each on the union-sized data)
  {
    const path = trpcPath('overview.union', scopeInput);
    const { log, answer } = await capturer.capture('GET', path, supervisor);
    const departments = (answer as { result: { data: { departments: unknown[] } } }).result.data.departments.length;
    const one = await load({ url: `${base}${path}`, connections: 1, seconds, request: () => ({ headers: { authorization: `Bearer ${supervisor}` } }) });
    if (one.firstError) console.log(`overview.union: ${one.firstError}`);
    const allTimes = await sequential(async () => {
      for (const s of statements(log)) await bare(s);
    }, 10);
    lines.push(
      `| union dashboard (overview.union) | ${departments} | ${statements(log).length} | ${ms(one.p50)} | ${ms(one.p95)} | – | ${median(allTimes).toFixed(1)} | ${(one.p50 / Math.max(median(allTimes), 0.01)).toFixed(1)} (of all SQL) |`,
    );
    const widgets = [
      { name: 'union dashboard: states and approvals', marker: 'as has_forecast' },
      { name: 'union dashboard: cash at each month end', marker: 'with dy as' },
      { name: 'union dashboard: open payments', marker: 'sum(pay.amount)::text as amount' },
      { name: 'union dashboard: residues, exceeded chapters, determined', marker: 'as all_determined' },
    ];
    for (const widget of widgets) {
      const statement = statementWith(log, widget.marker);
      if (ctx.explain)
        console.log(
          `\n${widget.name}:\n${(await sql.unsafe(`explain (analyze, buffers) ${statement.query}`, statement.params as never[])).map((p) => p['QUERY PLAN']).join('\n')}`,
        );
      const bareTimes = await sequential(() => bare(statement), 10);
      lines.push(`| ${widget.name} | – | 1 | – | – | ${median(bareTimes).toFixed(1)} | – | – (target ≤ 50 ms) |`);
    }
  }

  // ---- 2. the statistics CSV, 1 and 10 years ---------------------------------------------------------------
  const statisticsCalls = [
    { name: `statistics ${BOOKING_YEAR}, with chapters`, from: BOOKING_YEAR, chapters: true },
    { name: `statistics ${size.first}–${BOOKING_YEAR}, without chapters`, from: size.first, chapters: false },
    { name: `statistics ${size.first}–${BOOKING_YEAR}, with chapters`, from: size.first, chapters: true },
  ];
  lines.push(
    '',
    '| download | rows | MB | app: first byte ms | app: whole ms | bare SQL ms | app / bare SQL | server RSS before | server peak RSS (VmHWM) | peak − before |',
    '|---|---|---|---|---|---|---|---|---|---|',
  );
  for (const call of statisticsCalls) {
    const path = `/api/statistics?language=de&yearFrom=${call.from}&yearTo=${BOOKING_YEAR}&withChapters=${call.chapters}`;
    const { log } = await capturer.capture('GET', path, supervisor);
    const main = statementWith(log, 'bh.forecast_approved is not null');
    const bareTimes = await sequential(() => bare(main), STATISTICS_RUNS);
    const runs: { first: number; whole: number; bytes: number; rows: number; before: number; peak: number }[] = [];
    for (let i = 0; i < STATISTICS_RUNS; i++) {
      writeFileSync(`/proc/${ctx.serverPid}/clear_refs`, '5'); // the peak RSS starts again from the current RSS
      const before = procStatus(ctx.serverPid, 'VmRSS');
      const t = performance.now();
      const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${supervisor}` } });
      if (res.status !== 200 || !res.body) throw new Error(`statistics ${res.status}: ${await res.text()}`);
      let first = 0;
      let bytes = 0;
      let breaks = 0;
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        first ||= performance.now() - t;
        bytes += chunk.length;
        for (const b of chunk) if (b === 10) breaks++;
      }
      runs.push({ first, whole: performance.now() - t, bytes, rows: breaks, before, peak: procStatus(ctx.serverPid, 'VmHWM') });
    }
    runs.sort((a, b) => a.whole - b.whole);
    const mid = runs[Math.floor(runs.length / 2)];
    if (!mid) continue;
    const peak = Math.max(...runs.map((r) => r.peak));
    const bareP50 = median(bareTimes);
    lines.push(
      `| ${call.name} | ${mid.rows.toLocaleString('en')} | ${(mid.bytes / 1e6).toFixed(1)} | ${ms(mid.first)} | ${ms(mid.whole)} | ${ms(bareP50)} | ${(mid.whole / Math.max(bareP50, 0.01)).toFixed(2)} | ${kib(mid.before)} | ${kib(peak)} | ${kib(peak - mid.before)} |`,
    );
  }

  // ---- 3. the full-year cash journal print of scope 512 ------------------------------------------------------
  const printInput = {
    departmentId: scope.id,
    year: BOOKING_YEAR,
    accountId: scope.account,
    dateFrom: `${BOOKING_YEAR}-01-01`,
    dateTo: `${BOOKING_YEAR}-12-31`,
  };
  const journalCalls = [
    { name: 'cash journal B1, print (tRPC: what the browser renders)', path: trpcPath('digests.cashJournal', printInput) },
    {
      name: 'cash journal B1, print (REST, euros)',
      path: `/api/Digests/CashJournal?${new URLSearchParams(Object.entries(printInput).map(([k, v]): [string, string] => [k, String(v)]))}`,
    },
  ];
  lines.push(
    '',
    `Scope 512: ${scope.movements} movements in ${BOOKING_YEAR}.`,
    '',
    '| call | rows | statements | app p50 ms (1 conn.) | app p95 ms | bare SQL p50 ms | all SQL p50 ms | app / bare SQL |',
    '|---|---|---|---|---|---|---|---|',
  );
  for (const call of journalCalls) {
    const { log, answer } = await capturer.capture('GET', call.path, kassier);
    const data = (answer as { result?: { data: CashJournal } }).result?.data ?? (answer as CashJournal);
    if (!log.some((q) => q.query.includes('with acct as'))) {
      // a held read (readCache.ts): the answer came from memory, no statement ran to time beside it
      lines.push(`| ${call.name} | ${data.movements.length} | 0 (held read) | – | – | – | – | – |`);
      continue;
    }
    const main = statementWith(log, 'with acct as');
    if (ctx.explain)
      console.log(
        `\n${call.name}:\n${(await sql.unsafe(`explain (analyze, buffers) ${main.query}`, main.params as never[])).map((p) => p['QUERY PLAN']).join('\n')}`,
      );
    const bareTimes = await sequential(() => bare(main), 50);
    const allTimes = await sequential(async () => {
      for (const s of statements(log)) await bare(s);
    }, 50);
    const one = await load({ url: `${base}${call.path}`, connections: 1, seconds, request: () => ({ headers: { authorization: `Bearer ${kassier}` } }) });
    if (one.firstError) console.log(`${call.name}: ${one.firstError}`);
    lines.push(
      `| ${call.name} | ${data.movements.length} | ${statements(log).length} | ${ms(one.p50)} | ${ms(one.p95)} | ${median(bareTimes).toFixed(1)} | ${median(allTimes).toFixed(1)} | ${(one.p50 / Math.max(median(bareTimes), 0.01)).toFixed(2)} |`,
    );
  }
  await capturer.close();

  // where the print's time goes, in this process (one connection, 30 runs each, p50)
  const handle = await openDb(url);
  const digestScope = { departmentId: scope.id, year: BOOKING_YEAR, area: 3 as const };
  const query = { ...printInput, page: undefined, pageSize: undefined, accountCode: undefined };
  const step = async (fn: () => unknown) => median(await sequential(async () => fn(), 30));
  const statement = await step(() => handle.db.execute(cashJournalSql(digestScope, query)));
  const service = await step(() => cashJournal(handle.db, digestScope, query));
  const data = await cashJournal(handle.db, digestScope, query);
  const validate = await step(() => CashJournal.parse(data));
  const json = await step(() => JSON.stringify(data));
  const euros = await step(() => moneyOut(procedureOutput('digests.cashJournal'), data));
  const pdf = await step(() => cashJournalPdf(data, 'FF 512', { username: 'k512', now: new Date(), language: 'de' }).output('arraybuffer'));
  await handle.close();
  lines.push(
    '',
    '| where the print’s time goes (in-process, p50 ms) | ms |',
    '|---|---|',
    `| the journal statement through drizzle (driver rows) | ${statement.toFixed(1)} |`,
    `| the service (statement + mapping the rows) | ${service.toFixed(1)} |`,
    `| output validation (CashJournal.parse) | ${validate.toFixed(1)} |`,
    `| JSON.stringify of the answer | ${json.toFixed(1)} |`,
    `| REST only: cents → euros walk (moneyOut) | ${euros.toFixed(1)} |`,
    `| the PDF (jsPDF, drawn in the browser; here in Node for scale) | ${pdf.toFixed(0)} |`,
  );
  await sql.end();
  return lines.join('\n');
}
