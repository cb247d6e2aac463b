/**
 * The digests of issue 14 "Performance" (run with `npm run bench -- --only digests`): the chapter
 * register (GET /api/Digests/Chapters) and the cash journal (GET /api/Digests/CashJournal) of scope 512
 * (1,500 movements), each as the online panel asks (a page of 30 rows) and as the print asks (every
 * row), next to the digest's one SQL statement run bare (the text and parameters captured from the
 * app, bookings.ts captureApp). Target: under 50 ms on PostgreSQL.
 */
import postgres from 'postgres';
import { type BookingsContext, type Captured, captureApp } from './bookings.ts';
import { BOOKING_YEAR } from './generate.ts';
import { load, ms, sequential } from './measure.ts';

/** The digest statement of a captured request (the one with the figure box or the account's balance). */
function digestQuery(log: Captured[]): Captured {
  const found = log.filter((q) => q.query.includes('with box as') || q.query.includes('with acct as'));
  if (found.length !== 1) throw new Error(`expected one digest query, got ${found.length}`);
  return found[0] as Captured;
}

export async function runDigests(ctx: BookingsContext): Promise<string> {
  const { url, base, seconds } = ctx;
  const sql = postgres(url, { max: 1, onnotice: () => undefined });
  const [scope] = await sql<{ id: number; account: number; movements: number }[]>`
    select d.id, (select a.id from accounts a where a.department_id = d.id and a.code = 'B1') as account,
           (select count(*)::int from movements m where m.department_id = d.id and m.year = ${BOOKING_YEAR}) as movements
    from departments d where d.code = '512'`;
  if (!scope) throw new Error('bench department 512 missing');
  // the expense chapter with the most positions
  const [busiest] = await sql<{ chapter: string; n: number }[]>`
    select c.chapter, count(*)::int as n from movement_positions p join movements m on m.id = p.movement_id
      join chapter_budgets l on l.id = p.chapter_budget_id join chapters c on c.id = l.chapter_id
    where m.department_id = ${scope.id} and m.year = ${BOOKING_YEAR} and c.part = 2 group by c.chapter order by n desc limit 1`;
  const token = await ctx.login('k512');
  const q = `departmentId=${scope.id}&year=${BOOKING_YEAR}`;
  const calls = [
    {
      name: `chapter register ${busiest?.chapter} (panel: page 1 of 30 rows)`,
      path: `/api/Digests/Chapters?${q}&chapter=${busiest?.chapter}&page=1&pageSize=30`,
    },
    { name: `chapter register ${busiest?.chapter} (print: every row)`, path: `/api/Digests/Chapters?${q}&chapter=${busiest?.chapter}` },
    { name: 'cash journal B1 (panel: last page of 30 rows)', path: '' },
    { name: 'cash journal B1 (print: every row)', path: `/api/Digests/CashJournal?${q}&accountId=${scope.account}` },
  ];
  const capturer = await captureApp(url);
  const whole = (await capturer.capture('GET', calls[3]?.path ?? '', token)).answer as { total: number };
  const chapterAll = (await capturer.capture('GET', calls[1]?.path ?? '', token)).answer as { total: number };
  (calls[2] as { path: string }).path = `/api/Digests/CashJournal?${q}&accountId=${scope.account}&page=${Math.max(1, Math.ceil(whole.total / 30))}&pageSize=30`;

  const lines: string[] = [];
  lines.push(
    `Scope 512 (${scope.id}): ${scope.movements} movements in ${BOOKING_YEAR}; chapter ${busiest?.chapter}: ${busiest?.n} positions, ${chapterAll.total} register rows; B1: ${whole.total} journal rows; ${seconds} s per run.`,
    '',
    '| digest | app p50 ms (1 conn.) | app p95 ms | app req/s | app p50 ms (10 conn.) | app req/s (10 conn.) | bare SQL p50 ms | bare SQL p95 ms | all SQL of the call p50 ms | app / bare SQL p50 |',
    '|---|---|---|---|---|---|---|---|---|---|',
  );
  for (const call of calls) {
    const { log } = await capturer.capture('GET', call.path, token);
    const main = digestQuery(log);
    if (ctx.explain) {
      const plan = await sql.unsafe(`explain (analyze, buffers) ${main.query}`, main.params as postgres.ParameterOrJSON<never>[], { prepare: true });
      console.log(`\n${call.name}:\n${plan.map((p) => p['QUERY PLAN']).join('\n')}`);
    }
    const bare = await sequential(() => sql.unsafe(main.query, main.params as postgres.ParameterOrJSON<never>[], { prepare: true }), 200);
    const all = await sequential(async () => {
      for (const s of log)
        if (s.query !== 'BEGIN' && s.query !== 'COMMIT') await sql.unsafe(s.query, s.params as postgres.ParameterOrJSON<never>[], { prepare: true });
    }, 100);
    const headers = { authorization: `Bearer ${token}` };
    const one = await load({ url: `${base}${call.path}`, method: 'GET', connections: 1, seconds, request: () => ({ headers }) });
    const ten = await load({ url: `${base}${call.path}`, method: 'GET', connections: 10, seconds, request: () => ({ headers }) });
    for (const r of [one, ten]) if (r.firstError) console.log(`${call.name}: ${r.firstError}`);
    const bareP50 = bare[Math.floor(bare.length / 2)] ?? 0;
    const bareP95 = bare[Math.floor(bare.length * 0.95)] ?? 0;
    const allP50 = all[Math.floor(all.length / 2)] ?? 0;
    lines.push(
      `| ${call.name} | ${ms(one.p50)} | ${ms(one.p95)} | ${Math.round(one.rps)} | ${ms(ten.p50)} | ${Math.round(ten.rps)} | ${bareP50.toFixed(2)} | ${bareP95.toFixed(2)} | ${allP50.toFixed(2)} | ${(one.p50 / Math.max(bareP50, 0.01)).toFixed(1)} |`,
    );
  }
  await capturer.close();
  await sql.end();
  return lines.join('\n');
}
