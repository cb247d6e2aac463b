/** The ticked instalments of a payments table (register, homebanking): ids in a set, with the total of the ticked. */
export interface Tickable {
  id: number;
  amount: number;
}

/** Ticks or unticks one row. */
export function toggled(ticked: ReadonlySet<number>, id: number): Set<number> {
  const next = new Set(ticked);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

/** All rows that may be ticked. */
export function allOf(rows: readonly Tickable[]): Set<number> {
  return new Set(rows.map((r) => r.id));
}

/** The sum of the ticked rows in cents and their count. */
export function tickedTotal(rows: readonly Tickable[], ticked: ReadonlySet<number>): { count: number; total: number } {
  const chosen = rows.filter((r) => ticked.has(r.id));
  return { count: chosen.length, total: chosen.reduce((sum, r) => sum + r.amount, 0) };
}
