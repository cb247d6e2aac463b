import { type SQL, sql } from 'drizzle-orm';
import { sqlList } from './sql.ts';

/**
 * The counting rules of the bookings as named SQL fragments, each written once: the figure sources
 * (movementFigures.ts, reservationFigures.ts) count with them, and every area that lists or checks what
 * they count (digests, final-account criteria, payments, residues, the movement save) uses the same
 * fragment, so a rule changed here changes everywhere. The aliases are the ones the fragments name.
 */

/**
 * The instalment `pay` is paid by 31.12 of `year` (an SQL year expression): paid in that year's figures, else open.
 * Also paid there: an instalment an order paid by that 31.12 and the bank returned after it (a December
 * transfer returned in January, DOMAIN decision 22) — open again or paid again later, but that year's books
 * keep the payment; the return counts in the year of its date (movementFigures.ts returnedCarried).
 */
export function paidBy(year: SQL): SQL {
  return sql`((pay.date_paid is not null and pay.date_paid <= make_date(${year}, 12, 31))
    or ${returnedAfter(year)})`;
}

/** The instalment `pay` was paid by an order by 31.12 of `year` and returned by the bank after it. */
function returnedAfter(year: SQL): SQL {
  return sql`exists (select 1 from payment_order_items ri join payment_orders ro on ro.id = ri.order_id
      where ri.payment_id = pay.id and ri.returned_on > make_date(${year}, 12, 31) and ro.date_paid <= make_date(${year}, 12, 31))`;
}

/**
 * A bank return in a later year than its order's payment (DOMAIN decision 22), a condition on the order
 * item `ri` (of the instalment `pay`) and the line `dst`: `ri` returned the instalment in `dst`'s year and
 * its order paid it in an earlier year. On the carried line `dst` the return counts as a payment of minus
 * the instalment's share (the cash came back), so that with its payment again the line's payments net
 * to what the cash moved.
 */
export function returnedIn(dst: SQL): SQL {
  return sql`ri.returned_on >= make_date(${dst}.year, 1, 1) and ri.returned_on <= make_date(${dst}.year, 12, 31)
        and exists (select 1 from payment_orders ro where ro.id = ri.order_id and ro.date_paid < make_date(${dst}.year, 1, 1))`;
}

/**
 * The carried instalment (DOMAIN decision 13), part 1: `src` is a line of an earlier year whose residue
 * line is `dst` (same department, chapter and chapter year; `dst`'s chapter year before its year) — a
 * join condition. The instalments of `src`'s positions may count on `dst` (part 2, carriedInstalment).
 */
export function carriedLine(src: SQL, dst: SQL): SQL {
  return sql`${src}.department_id = ${dst}.department_id and ${src}.chapter_id = ${dst}.chapter_id
        and ${src}.chapter_year = ${dst}.chapter_year and ${src}.year < ${dst}.year and ${dst}.chapter_year < ${dst}.year`;
}

/**
 * The carried instalment, part 2: the instalment `pay` of a position on a line carried onto `dst`
 * (carriedLine) counts on `dst` when it was still unpaid at the end of the year before `dst`'s year.
 * There it is paid when paid by 31.12 of `dst`'s year (`paidBy(dst.year)`), else open; its movement and
 * order stay where they are.
 */
export function carriedInstalment(dst: SQL): SQL {
  return sql`(pay.date_paid is null or pay.date_paid >= make_date(${dst}.year, 1, 1))`;
}

/**
 * What movement positions consume of the reservation `reservation` (alias, default `r`): the sum of
 * their `reservation_amount`, without the excluded movements (the figures "before" a movement show the
 * reservation as it was without it). A cancelled movement has no positions left; it is filtered anyway.
 */
export function usedByPositionsSql(excludeMovementIds?: readonly number[], reservation: SQL = sql`r`): SQL {
  const excluded = excludeMovementIds?.length ? sql` and m.id not in (${sqlList(excludeMovementIds)})` : sql``;
  return sql`coalesce((select sum(p.reservation_amount) from movement_positions p join movements m on m.id = p.movement_id
      where p.reservation_id = ${reservation}.id and not m.cancelled${excluded}), 0)`;
}

/**
 * A reservation's remaining amount (DOMAIN decision 7), on alias `r`: max(0, booked − typed used − what
 * positions consume), without the excluded movements. Whether it counts at all (open: not closed, not
 * cancelled) is the caller's condition.
 */
export function reservationRemainingSql(excludeMovementIds?: readonly number[]): SQL {
  return sql`greatest(0::numeric, r.amount_booked - r.amount_used_typed - ${usedByPositionsSql(excludeMovementIds)})`;
}

/**
 * The instalments year `year` pays (DOMAIN decisions 11 and 13), a condition on the movement `m` of the departments
 * `departments` (a condition on `m.department_id`): those of its own movements and those of an earlier year's
 * movement with a position on a line carried into it (carriedLine) — Payments/Open's rows (payments/rows.ts ofScope)
 * and the union's open payments (overview's dashboard) alike. A semi-join, no per-row query.
 */
export function paidInYearSql(departments: SQL, year: number): SQL {
  return sql`${departments} and (m.year = ${year} or (m.year < ${year} and exists (
      select 1 from movement_positions cp
        join chapter_budgets src on src.id = cp.chapter_budget_id
        join chapter_budgets dst on ${carriedLine(sql`src`, sql`dst`)}
      where cp.movement_id = m.id and dst.year = ${year})))`;
}
