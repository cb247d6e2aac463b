/**
 * Latency and throughput of the hot calls under load (autocannon, 10 connections, 5 s each) next to
 * the same SQL run bare, so each figure is a ratio to the limit. Regenerates the bench database first.
 *   npm run bench                      (all groups)
 *   npm run bench -- --only base       (the scope and base-data calls below)
 *   npm run bench -- --only bookings   (issue 11: saves, ChaptersBefore, Budget/Chapter; bookings.ts)
 *   npm run bench -- --only bookings --explain   (also EXPLAIN ANALYZE of the chapter-figures queries)
 *   npm run bench -- --only digests    (issue 14: chapter register and cash journal of a 1,500-movement scope; digests.ts)
 *   npm run bench -- --only yearEnd    (issue 24: carry-over status and open / paid-by-hand payments of that scope; yearEnd.ts)
 *   npm run bench -- --only reads      (issue 29: the hot reads at 50 connections beside the floor route; reads.ts)
 *   npm run bench -- --only audit      (issue 27: the audit trail's list on a union's year of rows; audit.ts)
 *   npm run bench -- --only union      (issue 29: overview, statistics CSV, cash journal print on union-sized data of
 *                                       10 years, every fire brigade booking; union.ts; the data: generate.ts allDepartments, yearsBack 9)
 *   --reuse                            (keep the bench database as the last run generated it: no regeneration)
 * BENCH_DATABASE_URL overrides postgres://postgres@127.0.0.1:5432/bench, BENCH_SECONDS the 5 s per run.
 */
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import postgres from 'postgres';
import { runAudit } from './audit.ts';
import { runBookings } from './bookings.ts';
import { runDigests } from './digests.ts';
import { runReads } from './reads.ts';
import { runUnion } from './union.ts';
import { runYearEnd } from './yearEnd.ts';
import { benchEnv } from './env.ts';
import { generate } from './generate.ts';
import { percentile } from './measure.ts';
import { benchLogin, forkServer } from './processes.ts';

const GROUPS = ['base', 'bookings', 'digests', 'yearEnd', 'audit', 'reads', 'union'] as const;
const { values: args } = parseArgs({
  options: { only: { type: 'string' }, explain: { type: 'boolean', default: false }, reuse: { type: 'boolean', default: false } },
});
if (args.only !== undefined && !(GROUPS as readonly string[]).includes(args.only)) throw new Error(`--only takes one of ${GROUPS.join(', ')}`);
const runs = (group: (typeof GROUPS)[number]) => args.only === undefined || args.only === group;

const { databaseUrl: url, seconds } = benchEnv;
// the union group needs union-sized data: every fire brigade books, 10 years (the other groups run on it too, slower)
if (!args.reuse) await generate(url, runs('union') && args.only === 'union' ? { allDepartments: true, yearsBack: 9 } : {});

// the app in its own process (appServer.ts), as in production: autocannon's work is not in its event loop
const server = await forkServer('./appServer.ts');
const base = server.base;
const login = benchLogin(base);
const sql = postgres(url, { max: 1 });
const [dept] = await sql<{ id: number }[]>`select id from departments where code = '512'`;
const deptId = dept?.id ?? 0;
const kassier = await login('k512');
const supervisor = await login('supervisor');

interface Case {
  name: string;
  path: string;
  token: string;
  bare: () => Promise<unknown>;
}
const cases: Case[] = [
  {
    name: 'Scopes/Status (standard)',
    path: `/api/Scopes/Status?departmentId=${deptId}&year=2026`,
    token: kassier,
    bare: () => sql`select b.forecast_approved from budget_heads b where b.department_id = ${deptId} and b.year = 2026`,
  },
  {
    name: 'scope.list (supervisor, 307 departments)',
    path: '/trpc/scope.list',
    token: supervisor,
    bare: () => sql`select id, code, name1_deu, name2_deu from departments order by code`,
  },
  {
    name: 'Suppliers page 1 of 50',
    path: `/api/Suppliers?departmentId=${deptId}&page=1&pageSize=10`,
    token: kassier,
    bare: () => sql`select * from suppliers where department_id = ${deptId} order by code limit 10`,
  },
];

if (runs('base')) {
  const rows: string[] = [];
  for (const c of cases) {
    const bareTimes: number[] = [];
    for (let i = 0; i < 300; i++) {
      const t = performance.now();
      await c.bare();
      bareTimes.push(performance.now() - t);
    }
    bareTimes.sort((a, b) => a - b);
    const result = await autocannon({ url: `${base}${c.path}`, connections: 10, duration: seconds, headers: { authorization: `Bearer ${c.token}` } });
    const bareP50 = percentile(bareTimes, 50);
    rows.push(
      `| ${c.name} | ${result.latency.p50} | ${result.latency.p97_5} | ${Math.round(result.requests.average)} | ${result.non2xx} | ${bareP50.toFixed(2)} | ${(result.latency.p50 / Math.max(bareP50, 0.01)).toFixed(1)} |`,
    );
  }
  console.log('\n| call | p50 ms | p97.5 ms | req/s | non-2xx | bare SQL p50 ms | ratio p50 |\n|---|---|---|---|---|---|---|');
  console.log(rows.join('\n'));
}
if (runs('bookings')) console.log(`\n## Bookings\n\n${await runBookings({ url, base, seconds, login, explain: args.explain })}`);
if (runs('digests')) console.log(`\n## Digests\n\n${await runDigests({ url, base, seconds, login, explain: args.explain })}`);
if (runs('audit')) console.log(`\n## Audit trail\n\n${await runAudit({ url, base, seconds, login, explain: args.explain })}`);
if (runs('reads')) console.log(`\n## Hot reads\n\n${await runReads({ url, base, seconds, login, explain: args.explain })}`);
if (runs('yearEnd')) console.log(`\n## Year end\n\n${await runYearEnd({ url, base, seconds, login, explain: args.explain })}`);
if (runs('union') && args.only === 'union')
  console.log(`\n## Union\n\n${await runUnion({ url, base, seconds, login, explain: args.explain, serverPid: server.pid })}`);
await sql.end();
server.stop();
