/**
 * The audit trail's list on union-sized data (issue 27; `npm run bench -- --only audit`): the generated trail
 * (auditData.ts: every department a year of saves) read through `GET /api/Audit` one page at a time — a brigade's
 * cashier his department, the supervisor the whole union (first page and a deep one), and the supervisor looking for
 * one record — each measured as the app, a bare route and its bare SQL (calls.ts). The save's cost of writing the trail
 * is measured in the bookings group (the save replayed with and without its audit statement).
 */
import postgres from 'postgres';
import type { BookingsContext } from './bookings.ts';
import { type MeasuredCall, measureCalls } from './calls.ts';

export async function runAudit(ctx: BookingsContext): Promise<string> {
  const sql = postgres(ctx.url, { max: 4, onnotice: () => undefined });
  const [scope] = await sql<{ id: number }[]>`select d.id from departments d where d.code = '512'`;
  const [trail] = await sql<{ n: string }[]>`select count(*)::text as n from audit_log`;
  if (!scope) throw new Error('bench department 512 missing');
  const page = (query: string) => `/api/Audit?${query}&pageSize=50`;
  const rowsOf = (answer: unknown) => {
    const a = answer as { entities?: unknown[]; total?: number };
    return `${(a.entities ?? []).length} of ${a.total ?? '?'}`;
  };
  const asCashier: MeasuredCall[] = [{ name: 'cashier 512: his department, page 1', method: 'GET', path: page(`departmentId=${scope.id}&page=1`) }];
  const asSupervisor: MeasuredCall[] = [
    { name: 'supervisor: the union, page 1', method: 'GET', path: page('page=1') },
    { name: 'supervisor: the union, page 200', method: 'GET', path: page('page=200') },
    { name: 'supervisor: 512, record 37 of the movements', method: 'GET', path: page(`departmentId=${scope.id}&entity=movement&recordNumber=37&page=1`) },
  ];
  const lines = [`${trail?.n} audit rows; ${ctx.seconds} s per run.`, ''];
  lines.push(...(await measureCalls(ctx, sql, await ctx.login('k512'), asCashier, rowsOf)));
  lines.push(...(await measureCalls(ctx, sql, await ctx.login('supervisor'), asSupervisor, rowsOf)).slice(2));
  await sql.end();
  return lines.join('\n');
}
