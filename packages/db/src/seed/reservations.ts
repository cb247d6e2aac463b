import { sql } from 'drizzle-orm';
import type { Tx } from '../client.ts';
import { execRows, toCents } from '../rows.ts';
import { recordCounters, reservations } from '../schema/index.ts';

/**
 * The demo reservations (DOMAIN decision 7): in every department whose forecast of `year` is approved,
 * up to three reservations on the expense lines (title 1 or 2, current lines) with the most left after
 * the demo bookings — one open and partly used by a typed amount, one closed (mostly used), one open
 * and unused. Each books a share of what the line has left, in whole euros, so no availability turns
 * negative. Numbered gap-free by record date (none after `today`), the counter at the last number.
 */

const plan = [
  { day: '03-16', share: 0.5, used: 0.3, closed: false, note: 'Auftrag erteilt, erste Teillieferung erhalten' },
  { day: '05-11', share: 0.4, used: 0.9, closed: true, note: 'Auftrag erledigt, Restbetrag freigegeben' },
  { day: '10-05', share: 0.3, used: 0, closed: false, note: 'Bestellung laut Angebot' },
] as const;

/** Whole euros (cents rounded down to 100). */
const euros = (cents: number) => Math.floor(cents / 100) * 100;

export async function seedReservations(tx: Tx, year: number, today: string): Promise<{ reservations: number }> {
  const lines = await execRows<{ id: number | string; department_id: number | string; available: string }>(
    tx,
    sql`select l.id, l.department_id,
          l.budget_initial
          + coalesce((select sum(cp.amount) from budget_change_positions cp where cp.chapter_budget_id = l.id), 0)
          - coalesce((select sum(p.amount) from movement_positions p join movements m on m.id = p.movement_id
                      where p.chapter_budget_id = l.id and not m.cancelled), 0)
          - coalesce((select sum(t.amount) from movement_transfer_positions t join movements m on m.id = t.movement_id
                      where (t.from_chapter_budget_id = l.id or t.to_chapter_budget_id = l.id) and not m.cancelled), 0) as available
        from chapter_budgets l
        join chapters c on c.id = l.chapter_id
        join budget_heads h on h.department_id = l.department_id and h.year = l.year and h.forecast_approved is not null
        where l.year = ${year} and l.chapter_year = l.year and c.part = 2 and c.title in (1, 2)
        order by l.department_id, available desc, c.chapter`,
  );
  // the numbers continue after what the year holds already (the reservations a carry-over brought in)
  const taken = await execRows<{ department_id: number | string; last: number | string }>(
    tx,
    sql`select department_id, last from record_counters where year = ${year} and kind = 'reservation'`,
  );
  const rows: (typeof reservations.$inferInsert)[] = [];
  const last = new Map<number, number>();
  for (const departmentId of [...new Set(lines.map((l) => Number(l.department_id)))]) {
    const own = lines.filter((l) => Number(l.department_id) === departmentId && toCents(l.available) >= 10_000).slice(0, plan.length);
    let number = Number(taken.find((t) => Number(t.department_id) === departmentId)?.last ?? 0);
    const before = number;
    for (const [i, line] of own.entries()) {
      const p = plan[i];
      const recordDate = `${year}-${p?.day}`;
      if (!p || recordDate > today) continue;
      const amountBooked = euros(toCents(line.available) * p.share);
      number += 1;
      rows.push({
        departmentId,
        year,
        recordNumber: number,
        recordDate,
        note: p.note,
        chapterBudgetId: Number(line.id),
        amountBooked,
        amountUsedTyped: euros(amountBooked * p.used),
        closed: p.closed,
      });
    }
    if (number > before) last.set(departmentId, number);
  }
  if (rows.length === 0) return { reservations: 0 };
  await tx.insert(reservations).values(rows);
  await tx
    .insert(recordCounters)
    .values([...last.entries()].map(([departmentId, n]) => ({ departmentId, year, kind: 'reservation', last: n })))
    .onConflictDoUpdate({
      target: [recordCounters.departmentId, recordCounters.year, recordCounters.kind],
      set: { last: sql`excluded.last` },
    });
  return { reservations: rows.length };
}
