import { type SQL, sql } from 'drizzle-orm';
import type { FigureSource } from './figureSources.ts';
import { sqlList } from './sql.ts';

/**
 * What movement positions of the scope consume of the reservation `r` (their `reservation_amount`),
 * without the excluded movements (the figures "before" a movement show the reservation as it was
 * without it). A cancelled movement has no positions left; it is filtered anyway.
 */
export function usedByPositionsSql(excludeMovementIds?: readonly number[]): SQL {
  const excluded = excludeMovementIds?.length ? sql` and m.id not in (${sqlList(excludeMovementIds)})` : sql``;
  return sql`coalesce((select sum(p.reservation_amount) from movement_positions p join movements m on m.id = p.movement_id
      where p.reservation_id = r.id and not m.cancelled${excluded}), 0)`;
}

/**
 * The remaining reservations of the chapter lines (DOMAIN.md "Figures of a chapter", decision 7): per
 * open reservation (not closed, not cancelled) max(0, booked − typed used − what positions consume),
 * on its line. Asked for one line (`line`), it starts from the line index (reservations_line_idx).
 */
export const reservationFigureSource: FigureSource = {
  name: 'reservations',
  select: (scope, line) => sql`select r.chapter_budget_id, 0::numeric as payments, 0::numeric as open_payments,
        greatest(0::numeric, r.amount_booked - r.amount_used_typed - ${usedByPositionsSql(scope.excludeMovementIds)}) as reservations
      from reservations r
      where r.department_id in (${sqlList(scope.departmentIds)}) and r.year between ${scope.yearFrom} and ${scope.yearTo}
        and not r.closed and not r.cancelled${line ? sql` and r.chapter_budget_id = ${line}` : sql``}`,
};
