import { inArray, sql } from 'drizzle-orm';
import type { Tx } from '../client.ts';
import { execRows, toCents } from '../rows.ts';
import { accountBalances, accountTransfers, accounts, recordCounters } from '../schema/index.ts';

/**
 * The demo cash of the first demo year (the departments' first year in the system, where initial
 * balances are typed, DOMAIN decision 8): a few account transfers per department (cash fetched from
 * the bank, takings paid in) and typed initial balances of K1 (cash) and B1 (bank) such that neither
 * account goes below zero at any day of the year's bookings (revenues on their record date, paid
 * instalments on their date paid, the transfers on theirs) — the smallest running balance rounded up
 * to whole hundred euros plus a float (200,00 in the cash, 2.000,00 in the bank). Later years start
 * from the previous year's final balance by themselves.
 */

/** The transfers of every demo department: day, direction, amount in cents, note. */
const demoTransfers = [
  { day: '02-14', from: 'B1', to: 'K1', amount: 50_000, note: 'Bargeld für die Kassa' },
  { day: '06-17', from: 'K1', to: 'B1', amount: 25_000, note: 'Einzahlung Festeinnahmen auf das Bankkonto' },
  { day: '09-12', from: 'B1', to: 'K1', amount: 40_000, note: 'Bargeld für die Kassa' },
  { day: '12-02', from: 'K1', to: 'B1', amount: 30_000, note: 'Einzahlung Kassabestand auf das Bankkonto' },
] as const;

const float = { K1: 20_000, B1: 200_000 } as const;

interface Flow {
  accountId: number;
  date: string;
  amount: number;
}

/** The initial balance that keeps the running balance of the flows at or above the float: cents. */
export function initialBalanceFor(flows: readonly Flow[], floatCents: number): number {
  // same day: what goes out first (the safe side)
  const sorted = [...flows].sort((a, b) => a.date.localeCompare(b.date) || a.amount - b.amount);
  let running = 0;
  let lowest = 0;
  for (const f of sorted) {
    running += f.amount;
    lowest = Math.min(lowest, running);
  }
  return Math.ceil(-lowest / 10_000) * 10_000 + floatCents;
}

/**
 * `opening` (a later year of the living demo: account id -> the balance the year starts with, the previous year's
 * final balance): no initial balance is typed; where an account would dip below its float, a transfer on the year's
 * first day with bookings tops it up — the cash (K1) from the bank, the bank (B1) from the cash.
 */
/**
 * The transfers (on the year's first flow day, `MM-DD`) that keep K1 and B1 at or above their floats over `flows` and the
 * demo transfers from `opening`: what one account lacks comes from the other, in whole hundred euros.
 */
function topUps(
  flows: readonly Flow[],
  ids: Record<'K1' | 'B1', number>,
  opening: ReadonlyMap<number, number>,
  year: number,
  today: string,
): { day: string; from: 'K1' | 'B1'; to: 'K1' | 'B1'; amount: number; note: string }[] {
  const planned = demoTransfers.filter((t) => `${year}-${t.day}` <= today);
  const own = (code: 'K1' | 'B1') => [
    ...flows.filter((f) => f.accountId === ids[code]),
    ...planned.flatMap((t) =>
      (t.from === code ? [-t.amount] : t.to === code ? [t.amount] : []).map((amount) => ({ accountId: ids[code], date: `${year}-${t.day}`, amount })),
    ),
  ];
  const first = [...flows].sort((a, b) => a.date.localeCompare(b.date))[0]?.date;
  if (!first) return [];
  const result: { day: string; from: 'K1' | 'B1'; to: 'K1' | 'B1'; amount: number; note: string }[] = [];
  for (const [code, other] of [
    ['K1', 'B1'],
    ['B1', 'K1'],
  ] as const) {
    const lacking = initialBalanceFor(own(code), float[code]) - (opening.get(ids[code]) ?? 0);
    if (lacking > 0)
      result.push({
        day: first.slice(5),
        from: other,
        to: code,
        amount: lacking,
        note: code === 'K1' ? 'Bargeld für die Kassa' : 'Einzahlung Kassabestand auf das Bankkonto',
      });
  }
  return result;
}

export async function seedCash(tx: Tx, year: number, today: string, opening?: ReadonlyMap<number, number>): Promise<{ transfers: number }> {
  const rows = await tx
    .select({ id: accounts.id, departmentId: accounts.departmentId, code: accounts.code })
    .from(accounts)
    .where(inArray(accounts.code, ['K1', 'B1']));
  const departmentIds = [...new Set(rows.map((r) => r.departmentId))];
  if (departmentIds.length === 0) return { transfers: 0 };
  const booked = await execRows<{ account_id: number; date: string; amount: string }>(
    tx,
    sql`select m.account_id, m.record_date::text as date, p.amount
        from movement_positions p join movements m on m.id = p.movement_id
        where m.type = 0 and m.year = ${year} and not m.cancelled and m.account_id is not null
      union all
      select coalesce(pay.account_id, m.account_id), pay.date_paid::text, -pay.amount
        from movement_payments pay join movements m on m.id = pay.movement_id
        where pay.date_paid between ${`${year}-01-01`} and ${`${year}-12-31`} and not m.cancelled and coalesce(pay.account_id, m.account_id) is not null`,
  );
  const flows: Flow[] = booked.map((b) => ({ accountId: Number(b.account_id), date: b.date, amount: toCents(b.amount) }));
  const transfers: (typeof accountTransfers.$inferInsert)[] = [];
  const initials: (typeof accountBalances.$inferInsert)[] = [];
  for (const departmentId of departmentIds) {
    const idOf = (code: 'K1' | 'B1') => rows.find((r) => r.departmentId === departmentId && r.code === code)?.id;
    const ids = { K1: idOf('K1'), B1: idOf('B1') };
    if (ids.K1 === undefined || ids.B1 === undefined) continue;
    const own: { day: string; from: 'K1' | 'B1'; to: 'K1' | 'B1'; amount: number; note: string }[] = demoTransfers.filter((t) => `${year}-${t.day}` <= today);
    if (opening) own.unshift(...topUps(flows, ids as Record<'K1' | 'B1', number>, opening, year, today));
    own.forEach((t, i) => {
      const recordDate = `${year}-${t.day}`;
      const [from, to] = [ids[t.from] as number, ids[t.to] as number];
      transfers.push({ departmentId, year, recordNumber: i + 1, recordDate, note: t.note, accountFromId: from, accountToId: to, amount: t.amount });
      flows.push({ accountId: from, date: recordDate, amount: -t.amount }, { accountId: to, date: recordDate, amount: t.amount });
    });
    if (opening) continue;
    for (const code of ['K1', 'B1'] as const) {
      const accountId = ids[code] as number;
      initials.push({
        accountId,
        year,
        initialBalance: initialBalanceFor(
          flows.filter((f) => f.accountId === accountId),
          float[code],
        ),
      });
    }
  }
  if (initials.length > 0) await tx.insert(accountBalances).values(initials);
  if (transfers.length === 0) return { transfers: 0 };
  await tx.insert(accountTransfers).values(transfers);
  const last = new Map<number, number>();
  for (const t of transfers) last.set(t.departmentId, Math.max(last.get(t.departmentId) ?? 0, t.recordNumber));
  await tx
    .insert(recordCounters)
    .values([...last.entries()].map(([departmentId, n]) => ({ departmentId, year, kind: 'accountTransfer', last: n })))
    .onConflictDoUpdate({
      target: [recordCounters.departmentId, recordCounters.year, recordCounters.kind],
      set: { last: sql`excluded.last` },
    });
  return { transfers: transfers.length };
}
