import { type Db, execRows, toBool, toCents } from '@app/db';
import { type MovementKind, reservationParts } from '@app/domain';
import { sql } from 'drizzle-orm';
import { fail } from '../../errors.ts';
import type { BookingScope } from '../ledger/bookingScope.ts';
import { reservationRemainingSql } from '../ledger/counting.ts';
import type { ChapterLine } from '../ledger/lines.ts';
import { sqlList } from '../ledger/sql.ts';

/** Per position the part taken from its reservation, and the used reservations' record numbers. */
export interface ReservationUse {
  consumed: number[];
  recordNumbers: Map<number, number>;
}

/**
 * The reservations the positions use (DOMAIN decision 7), their rows locked FOR UPDATE: each must be of
 * the scope, on the position's line, not cancelled and open — a reservation this movement already
 * used may stay linked after it was closed (README Decisions) — else InvalidValue on the position's
 * reservationId; only expense positions may use one. Answers per position the part taken from the
 * reservation's unused amount without this movement's previous consumption (positions in order, each
 * at most its amount; 0 without reservation; the rest of a larger position is ordinary spending), and
 * the reservations' record numbers (for the answer).
 */
export async function reservationUse(
  tx: Db,
  scope: BookingScope,
  kind: MovementKind,
  positions: readonly { amount: number; reservationId: number | null }[],
  lines: readonly ChapterLine[],
  movementId: number | null,
): Promise<ReservationUse> {
  const ids = [...new Set(positions.flatMap((p) => (p.reservationId === null ? [] : [p.reservationId])))];
  if (ids.length === 0) return { consumed: positions.map(() => 0), recordNumbers: new Map() };
  const idList = sqlList(ids);
  await execRows(tx, sql`select id from reservations where id in (${idList}) order by id for update`);
  const linked =
    movementId === null ? sql`false` : sql`exists (select 1 from movement_positions p where p.reservation_id = r.id and p.movement_id = ${movementId})`;
  const rows = await execRows<{
    id: number | string;
    record_number: number | string;
    line_id: number | string;
    closed: unknown;
    linked: unknown;
    unused: string | number;
  }>(
    tx,
    sql`select r.id, r.record_number, r.chapter_budget_id as line_id, r.closed, ${linked} as linked,
          ${reservationRemainingSql(movementId === null ? undefined : [movementId])} as unused
        from reservations r
        where r.id in (${idList}) and r.department_id = ${scope.departmentId} and r.year = ${scope.year} and not r.cancelled`,
  );
  positions.forEach((p, i) => {
    if (p.reservationId === null) return;
    const row = rows.find((r) => Number(r.id) === p.reservationId);
    const usable = row && kind === 'expenses' && Number(row.line_id) === lines[i]?.lineId && (!toBool(row.closed) || toBool(row.linked));
    if (!usable) fail('InvalidValue', { field: `positions.${i}.reservationId`, params: { reservationId: p.reservationId } });
  });
  return {
    consumed: reservationParts(positions, new Map(rows.map((r) => [Number(r.id), toCents(r.unused)]))),
    recordNumbers: new Map(rows.map((r) => [Number(r.id), Number(r.record_number)])),
  };
}
