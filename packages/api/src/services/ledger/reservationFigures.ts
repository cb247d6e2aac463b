import { sql } from 'drizzle-orm';
import { reservationRemainingSql } from './counting.ts';
import type { FigureSource } from './figureSources.ts';
import { sqlList } from './sql.ts';

/**
 * The remaining reservations of the chapter lines (DOMAIN.md "Figures of a chapter", decision 7): per
 * open reservation (not closed, not cancelled) max(0, booked − typed used − what positions consume),
 * on its line. Asked for one line (`line`), it starts from the line index (reservations_line_idx).
 */
export const reservationFigureSource: FigureSource = {
  name: 'reservations',
  select: (scope, line) => sql`select r.chapter_budget_id, 0::numeric as payments, 0::numeric as open_payments,
        ${reservationRemainingSql(scope.excludeMovementIds)} as reservations
      from reservations r
      where r.department_id in (${sqlList(scope.departmentIds)}) and r.year between ${scope.yearFrom} and ${scope.yearTo}
        and not r.closed and not r.cancelled${line ? sql` and r.chapter_budget_id = ${line}` : sql``}`,
};
