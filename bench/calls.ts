/**
 * Reads measured three ways in one run (yearEnd.ts, audit.ts): each call is captured from the app (bookings.ts
 * captureApp: every statement it runs, in order) and then timed as the app (autocannon, 1 and 10 connections), as a
 * bare Fastify route in this process running the captured statements one after the other (no auth, no tRPC, no zod),
 * and as the same statements bare one at a time. The statement count shows there is no N+1 (it does not grow with the
 * rows); `--explain` prints EXPLAIN (ANALYZE, BUFFERS) of each statement. Answers the markdown table's lines.
 */
import Fastify from 'fastify';
import type postgres from 'postgres';
import { type BookingsContext, type Captured, captureApp } from './bookings.ts';
import { load, ms, sequential } from './measure.ts';

type Params = postgres.ParameterOrJSON<never>[];

export interface MeasuredCall {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: object;
}

/** The statements a captured call runs against its data (BEGIN/COMMIT and the session/scope checks included: they are the call's SQL). */
const statementsOf = (log: Captured[]) => log.filter((s) => s.query !== 'BEGIN' && s.query !== 'COMMIT');

export async function measureCalls(
  ctx: BookingsContext,
  sql: postgres.Sql,
  token: string,
  calls: MeasuredCall[],
  describeRows: (answer: unknown) => string,
): Promise<string[]> {
  const { url, base, seconds } = ctx;
  const capturer = await captureApp(url);
  const bare = Fastify();
  const captured: (MeasuredCall & { statements: Captured[]; rows: string })[] = [];
  for (const [i, call] of calls.entries()) {
    const { log, answer } = await capturer.capture(call.method, call.path, token, call.body);
    const statements = statementsOf(log);
    captured.push({ ...call, statements, rows: describeRows(answer) });
    if (ctx.explain)
      for (const s of statements) {
        const plan = await sql.unsafe(`explain (analyze, buffers) ${s.query}`, s.params as Params, { prepare: true });
        console.log(`\n${call.name}: ${s.query.trim().slice(0, 400)}\n${plan.map((p) => p['QUERY PLAN']).join('\n')}`);
      }
    bare.get(`/bare/${i}`, async () => {
      for (const s of statements) await sql.unsafe(s.query, s.params as Params, { prepare: true });
      return { ok: true };
    });
  }
  await capturer.close();
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const address = bare.server.address();
  const bareBase = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const lines: string[] = [
    '| call | rows | statements | app p50 ms (1 conn.) | app p95 ms | app req/s | app p50 ms (10 conn.) | app req/s (10 conn.) | bare route p50 ms (1 conn.) | bare route req/s (10 conn.) | bare SQL p50 ms | app / bare route p50 | app / bare SQL p50 |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const [i, call] of captured.entries()) {
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const request = () => ({ headers, ...(call.body ? { body: JSON.stringify(call.body) } : {}) });
    const bareSql = await sequential(async () => {
      for (const s of call.statements) await sql.unsafe(s.query, s.params as Params, { prepare: true });
    }, 200);
    const one = await load({ url: `${base}${call.path}`, method: call.method, connections: 1, seconds, request });
    const ten = await load({ url: `${base}${call.path}`, method: call.method, connections: 10, seconds, request });
    const routeOne = await load({ url: `${bareBase}/bare/${i}`, connections: 1, seconds, request: () => ({}) });
    const routeTen = await load({ url: `${bareBase}/bare/${i}`, connections: 10, seconds, request: () => ({}) });
    for (const r of [one, ten, routeOne, routeTen]) if (r.firstError) console.log(`${call.name}: ${r.firstError}`);
    const bareP50 = bareSql[Math.floor(bareSql.length / 2)] ?? 0;
    lines.push(
      `| ${call.name} | ${call.rows} | ${call.statements.length} | ${ms(one.p50)} | ${ms(one.p95)} | ${Math.round(one.rps)} | ${ms(ten.p50)} | ${Math.round(ten.rps)} | ${ms(routeOne.p50)} | ${Math.round(routeTen.rps)} | ${bareP50.toFixed(2)} | ${(one.p50 / Math.max(routeOne.p50, 0.01)).toFixed(1)} | ${(one.p50 / Math.max(bareP50, 0.01)).toFixed(1)} |`,
    );
  }
  await bare.close();
  return lines;
}
