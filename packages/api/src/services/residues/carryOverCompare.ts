import { type Db, execRows, toBool, toCents } from '@app/db';
import type { CarryOverAction, CarryOverLineDifference, CarryOverReservationDifference } from '@app/domain';
import { sql } from 'drizzle-orm';
import { reservationRemainingSql, usedByPositionsSql } from '../ledger/counting.ts';
import { returnedCarriedFrom } from '../ledger/movementFigures.ts';
import { budgetLineUsedSql } from '../ledger/references.ts';
import type { BookingScope } from '../ledger/bookingScope.ts';
import type { ResidueLine } from './lines.ts';

/**
 * What the carry-over compares (issue 24 item 8): Y's lines (final residue, open payments, remaining
 * reservations) against the residue lines Y+1 holds (by chapter and chapter year, budgetInitial = the
 * final residue), and Y's open reservations against their continuations in Y+1. The carry-over screen
 * lists the differences (Budget/Residues/CarryOver GET) and a re-run (carryOver.ts) applies them, so
 * both read the same comparison.
 */

/** A line of Y carries over when anything remains on it. */
export function carries(line: ResidueLine): boolean {
  return (line.finalResidue ?? 0) > 0 || line.openPayments > 0 || line.reservations > 0;
}

export function lineKey(chapterId: number, chapterYear: number): string {
  return `${chapterId}/${chapterYear}`;
}

/** A line of Y and the residue line of Y+1 of the same chapter and chapter year (either may be missing), with what a re-run does. */
export interface LineComparison {
  source: ResidueLine | null;
  carried: ResidueLine | null;
  /** null: the two agree. */
  action: CarryOverAction | null;
  /** The line of Y+1 stays only because something stands on it (its source carries nothing, or is gone). */
  kept: boolean;
}

/**
 * Every line of Y against Y+1's residue lines (`existing` by key; `inUse`: the residue lines of Y+1 on
 * which something is booked, reserved or changed, whatever its state):
 * - no line in Y+1 yet: `create` when the line of Y carries something;
 * - a line in Y+1 whose source carries nothing any more: `remove` when nothing stands on it, else it
 *   stays and is brought to 0 (`update`) or already is (`keep`);
 * - otherwise `update` when its residue is not Y's final residue (or that is not determined: the
 *   carry-over waits for the determination, the line stays meanwhile).
 * A residue line of Y+1 without any line of Y (its source gone) is removed when nothing stands on it, else kept.
 */
export function compareLines(previous: readonly ResidueLine[], existing: ReadonlyMap<string, ResidueLine>, inUse: ReadonlySet<number>): LineComparison[] {
  const seen = new Set<string>();
  const list: LineComparison[] = [];
  for (const source of previous) {
    const key = lineKey(source.chapterId, source.chapterYear);
    seen.add(key);
    const carried = existing.get(key) ?? null;
    if (!carried) {
      list.push({ source, carried, action: carries(source) ? 'create' : null, kept: false });
      continue;
    }
    // a line of Y not determined (again) keeps its line until it is: only its figure differs
    const standing = carries(source) || inUse.has(carried.lineId) || source.finalResidue === null;
    const differs = source.finalResidue === null || carried.budgetInitial !== source.finalResidue;
    const action: CarryOverAction | null = !standing ? 'remove' : differs ? 'update' : carries(source) ? null : 'keep';
    list.push({ source, carried, action, kept: inUse.has(carried.lineId) && !carries(source) });
  }
  for (const [key, carried] of existing) {
    const used = inUse.has(carried.lineId);
    if (!seen.has(key)) list.push({ source: null, carried, action: used ? 'keep' : 'remove', kept: used });
  }
  return list;
}

/** The comparisons that differ, as the screen lists them. */
export function lineDifferences(list: readonly LineComparison[]): CarryOverLineDifference[] {
  return list.flatMap(({ source, carried, action, kept }) => {
    const line = source ?? carried;
    if (action === null || !line) return [];
    return [
      {
        chapter: line.chapter,
        chapterYear: line.chapterYear,
        part: line.part,
        descriptionDeu: line.descriptionDeu,
        descriptionIta: line.descriptionIta,
        carried: carried?.budgetInitial ?? null,
        current: source?.finalResidue ?? null,
        action,
        kept,
      },
    ];
  });
}

/** The residue lines of Y+1 on which something stands (a movement or transfer position, a reservation, a change position; cancelled ones too; an instalment the bank returned in Y+1, DOMAIN decision 22). */
export async function carriedLinesInUse(db: Db, scope: BookingScope): Promise<Set<number>> {
  const rows = await execRows<{ id: number | string }>(
    db,
    sql`select l.id from chapter_budgets l
        where l.department_id = ${scope.departmentId} and l.year = ${scope.year} and l.chapter_year < l.year
          and (${budgetLineUsedSql(sql`l.id`)} or exists (select 1 ${returnedCarriedFrom(null, sql`dst.id = l.id`)}))`,
  );
  return new Set(rows.map((r) => Number(r.id)));
}

export interface OpenReservation {
  id: number;
  recordNumber: number;
  note: string;
  lineId: number;
  remaining: number;
  copyId: number | null;
  copyBooked: number;
  copyUsed: number;
  copyClosed: boolean;
}

/**
 * The open reservations of Y (remaining > 0) and every reservation of Y already carried, with their
 * copy in Y+1 (one query; `lock`: Y's reservations FOR UPDATE, inside the carry-over's transaction).
 */
export async function reservationsToCarry(db: Db, scope: BookingScope, lock: boolean): Promise<OpenReservation[]> {
  const rows = await execRows<Record<string, string | number | boolean | null>>(
    db,
    sql`select r.id, r.record_number, r.note, r.chapter_budget_id,
          case when r.closed or r.cancelled then 0 else ${reservationRemainingSql()} end::text as remaining,
          k.id as copy_id, k.amount_booked::text as copy_booked, k.closed as copy_closed,
          (k.amount_used_typed + ${usedByPositionsSql(undefined, sql`k`)})::text as copy_used
        from reservations r
        left join reservations k on k.carried_from_id = r.id
        where r.department_id = ${scope.departmentId} and r.year = ${scope.year - 1}
        order by r.record_number
        ${lock ? sql`for update of r` : sql``}`,
  );
  return rows
    .map((r) => ({
      id: Number(r.id),
      recordNumber: Number(r.record_number),
      note: String(r.note),
      lineId: Number(r.chapter_budget_id),
      remaining: toCents(r.remaining),
      copyId: r.copy_id === null ? null : Number(r.copy_id),
      copyBooked: toCents(r.copy_booked),
      copyUsed: toCents(r.copy_used),
      copyClosed: toBool(r.copy_closed),
    }))
    .filter((r) => r.remaining > 0 || r.copyId !== null);
}

/** A carried reservation's state after a re-run: closed once nothing remains of its source. */
export const copyClosedAfter = (r: OpenReservation): boolean => (r.remaining === 0 ? true : r.copyClosed);

/** Does a re-run write this reservation (a new continuation, or a copy whose booked amount or closed state differs)? */
export const reservationDiffers = (r: OpenReservation): boolean => r.copyId === null || r.copyBooked !== r.remaining || copyClosedAfter(r) !== r.copyClosed;

/** The reservations of Y whose continuation differs, with their line's chapter (`lines`: Y's lines). */
export function reservationDifferences(list: readonly OpenReservation[], lines: readonly ResidueLine[]): CarryOverReservationDifference[] {
  const byId = new Map(lines.map((l) => [l.lineId, l]));
  return list.filter(reservationDiffers).map((r) => ({
    recordNumber: r.recordNumber,
    chapter: byId.get(r.lineId)?.chapter ?? '',
    chapterYear: byId.get(r.lineId)?.chapterYear ?? 0,
    note: r.note,
    carried: r.copyId === null ? null : r.copyBooked,
    current: r.remaining,
  }));
}
