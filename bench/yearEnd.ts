/**
 * The year-end reads of issue 24 (run with `npm run bench -- --only yearEnd`): the carry-over status of
 * scope 512 in 2027 (GET /api/Budget/Residues/CarryOver/Status: 2026's lines against the residue lines
 * carried into 2027, the lines in use, the reservations to carry) and its open payments of 2026
 * (POST /api/Payments/Open, the unpaid instalments by supplier) and the instalments it paid by hand
 * (`paidByHand: true`). Set-up on the generated data (SQL, as a cashier's year end would leave it):
 * every 2026 line of 512 determined (final residue = its unspent budget, 0 when overspent), carried into
 * 2027 as residue lines (every fifth one carried 1,00 higher, so the status lists differences), and
 * every tenth paid instalment paid by hand from the cash account K1 with a note; every booking
 * department's registered monthly orders of B1 pay a third of its other paid bills, every 50th of
 * those returned by the bank (the cash journal of B1 is measured too: its sources read both).
 *
 * Each call is captured from the app (bookings.ts captureApp: every statement it runs, in order) and
 * measured three ways in one run: the app (autocannon, 1 and 10 connections), a bare Fastify route in
 * this process running the captured statements one after the other (no auth, no tRPC, no zod), and the
 * same statements bare one at a time. The statement count shows there is no N+1 (it does not grow with
 * the rows); `--explain` prints EXPLAIN (ANALYZE, BUFFERS) of each statement.
 */
import postgres from 'postgres';
import type { BookingsContext } from './bookings.ts';
import { type MeasuredCall, measureCalls } from './calls.ts';
import { BOOKING_YEAR } from './generate.ts';

async function prepare(
  sql: postgres.Sql,
  departmentId: number,
): Promise<{ lines: number; carried: number; byHand: number; open: number; items: number; returned: number }> {
  const next = BOOKING_YEAR + 1;
  await sql.begin(async (tx) => {
    // 2026 determined: the unspent budget of each line (payments by date paid in 2026), never below 0
    await tx`update chapter_budgets l set final_residue = greatest(0, l.budget_initial - coalesce((
               select sum(s.amount) from movement_positions p join movement_payment_shares s on s.position_id = p.id
               join movement_payments pay on pay.id = s.payment_id where p.chapter_budget_id = l.id and pay.date_paid is not null), 0)),
               residue_minimum = 0, residue_maximum = l.budget_initial
             where l.department_id = ${departmentId} and l.year = ${BOOKING_YEAR}`;
    // carried into 2027 (a re-run's target), every fifth line 1,00 off: the status lists them
    await tx`insert into chapter_budgets (department_id, year, chapter_id, chapter_year, budget_initial)
             select l.department_id, ${next}, l.chapter_id, l.chapter_year,
                    l.final_residue + case when row_number() over (order by l.id) % 5 = 0 then 1 else 0 end
             from chapter_budgets l where l.department_id = ${departmentId} and l.year = ${BOOKING_YEAR} and l.final_residue > 0
             on conflict do nothing`;
    await tx`insert into financial_years (year) values (${next}) on conflict do nothing`;
    // every tenth paid instalment paid by hand from the cash account
    await tx`update movement_payments pay set account_id = (select a.id from accounts a where a.department_id = ${departmentId} and a.code = 'K1'), note = 'bar bezahlt'
             from movements m where m.id = pay.movement_id and m.department_id = ${departmentId} and m.year = ${BOOKING_YEAR}
               and pay.date_paid is not null and pay.id % 10 = 0`;
    // every booking department pays a third of its other paid bills through a registered monthly order of
    // B1, and the bank returned every 50th of those (open again): the order items of a union's year
    await tx`insert into payment_orders (department_id, year, order_number, account_id, payment_range, payment_date, filename, msg_id, registered_at, date_paid)
             select d.id, ${BOOKING_YEAR}, mth, a.id, 1, make_date(${BOOKING_YEAR}, mth, 28), 'bench', 'BENCH-' || d.id || '-' || mth, now(), make_date(${BOOKING_YEAR}, mth, 28)
             from departments d join accounts a on a.department_id = d.id and a.code = 'B1' cross join generate_series(1, 12) mth
             where exists (select 1 from movements m where m.department_id = d.id and m.year = ${BOOKING_YEAR})`;
    await tx`insert into payment_order_items (order_id, payment_id, movement_id)
             select o.id, pay.id, m.id from movement_payments pay join movements m on m.id = pay.movement_id
             join payment_orders o on o.department_id = m.department_id and o.year = ${BOOKING_YEAR} and o.order_number = extract(month from pay.date_paid)::int
             where m.year = ${BOOKING_YEAR} and m.type = 2 and pay.date_paid is not null and pay.account_id is null and pay.id % 3 = 0`;
    await tx`with returned as (update payment_order_items i set returned_on = o.date_paid + 3, returned_at = now()
               from payment_orders o where o.id = i.order_id and i.id % 50 = 0 returning i.payment_id)
             update movement_payments pay set date_paid = null from returned r where pay.id = r.payment_id`;
  });
  await sql`vacuum analyze chapter_budgets, movement_payments, payment_orders, payment_order_items`;
  const [counts] = await sql<{ lines: number; carried: number; by_hand: number; open: number; items: number; returned: number }[]>`
    select (select count(*)::int from chapter_budgets where department_id = ${departmentId} and year = ${BOOKING_YEAR}) as lines,
           (select count(*)::int from chapter_budgets where department_id = ${departmentId} and year = ${next}) as carried,
           (select count(*)::int from movement_payments pay join movements m on m.id = pay.movement_id
              where m.department_id = ${departmentId} and m.year = ${BOOKING_YEAR} and pay.account_id is not null) as by_hand,
           (select count(*)::int from movement_payments pay join movements m on m.id = pay.movement_id
              where m.department_id = ${departmentId} and m.year = ${BOOKING_YEAR} and pay.date_paid is null) as open,
           (select count(*)::int from payment_order_items) as items,
           (select count(*)::int from payment_order_items where returned_on is not null) as returned`;
  return {
    lines: counts?.lines ?? 0,
    carried: counts?.carried ?? 0,
    byHand: counts?.by_hand ?? 0,
    open: counts?.open ?? 0,
    items: counts?.items ?? 0,
    returned: counts?.returned ?? 0,
  };
}

export async function runYearEnd(ctx: BookingsContext): Promise<string> {
  const { url, seconds } = ctx;
  const sql = postgres(url, { max: 4, onnotice: () => undefined });
  const [scope] = await sql<{ id: number }[]>`select d.id from departments d where d.code = '512'`;
  if (!scope) throw new Error('bench department 512 missing');
  const data = await prepare(sql, scope.id);
  const token = await ctx.login('k512');
  const q = (year: number) => `departmentId=${scope.id}&year=${year}`;
  const scopeBody = { departmentId: scope.id, year: BOOKING_YEAR };
  const calls: MeasuredCall[] = [
    { name: 'carry-over status 2026 → 2027', method: 'GET', path: `/api/Budget/Residues/CarryOver/Status?${q(BOOKING_YEAR + 1)}` },
    { name: 'open payments 2026', method: 'POST', path: '/api/Payments/Open', body: scopeBody },
    { name: 'paid by hand 2026', method: 'POST', path: '/api/Payments/Open', body: { ...scopeBody, paidByHand: true } },
    // the cash sources with the payments by hand and the bank returns (ledger/cashSources.ts)
    { name: 'cash journal B1 2026 (every row)', method: 'GET', path: `/api/Digests/CashJournal?${q(BOOKING_YEAR)}&accountCode=B1` },
  ];
  const table = await measureCalls(ctx, sql, token, calls, (answer) => {
    const a = answer as { lines?: unknown[]; outOfDate?: boolean; suppliers?: { rows: unknown[] }[]; movements?: unknown[] };
    return a.lines
      ? `${a.lines.length} lines differ (out of date: ${a.outOfDate})`
      : a.movements
        ? `${a.movements.length} journal rows`
        : `${(a.suppliers ?? []).reduce((n, s) => n + s.rows.length, 0)} instalments of ${(a.suppliers ?? []).length} suppliers`;
  });
  const lines: string[] = [
    `Scope 512 (${scope.id}): ${data.lines} lines in ${BOOKING_YEAR}, ${data.carried} carried into ${BOOKING_YEAR + 1}; ${data.open} open instalments, ${data.byHand} paid by hand; all departments: ${data.items} order items, ${data.returned} returned; ${seconds} s per run.`,
    '',
    ...table,
  ];
  await sql.end();
  return lines.join('\n');
}
