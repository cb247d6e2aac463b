import { type SQL, sql } from 'drizzle-orm';

/**
 * The cash of a department's accounts (DOMAIN.md "Bookings": cash balance of an account = initial
 * balance + revenues − paid expenses ± account transfers), as plain SQL over the bookings. Every
 * source yields rows `(account_id, year, amount)` — the scope year of the booking and the signed
 * amount it moves on the account — for the department's bookings of the years `yearFrom..yearTo`:
 * - a revenue position (type 0 Revenue) adds to the head's account;
 * - a paid instalment (movement_payments with date_paid) takes its amount off its account — the one it was
 *   paid from by hand (movement_payments.account_id, DOMAIN decision 21), else the head's — in the year of
 *   its date paid (a carried-over instalment paid in a later year), an open one moves nothing until it is paid;
 * - an instalment the bank returned (payment_order_items.returned_on, DOMAIN decision 22) is open again,
 *   but its order paid it: the amount left the order's account on the order's date paid and came back on
 *   the date of the return (source 'paymentReturn');
 * - an account transfer moves its amount from `account_from_id` to `account_to_id`;
 * - transfers of chapters (types 3, 5) move no cash; cancelled movements and transfers count nothing.
 * The typed initial balances of the first year are not a source: balances.ts adds them.
 * Each source also yields what the cash journal (services/digests) lists per row, after those three:
 * `booked_on` (the date the cash moved: record date, date paid), `source` ('revenue', 'payment',
 * 'paymentReturn', 'accountTransfer'), `movement_id`, `payment_id`, `transfer_id`, `counter_account_id` (the
 * transfer's other account) and `record_number`; the balances read only the first three (cashFlowsSql).
 * One list, so the per-account balances (Accounts/Balance), their total (Accounts/Balance/Total) and
 * the home page's cash card are the same sums.
 */

export type CashFlowScope =
  | {
      departmentId: number;
      /** The first year whose bookings count (a number or an SQL expression such as the department's first year). */
      yearFrom: number | SQL;
      yearTo: number;
    }
  | {
      /**
       * Many departments at once (the union's dashboard): a relation of `(department_id, year)` pairs, each
       * department with the years whose bookings count (its first year up to the year asked) — a hashed semi-join.
       */
      departmentYears: SQL;
    };

/** The bookings of the scope: a condition on a department column and a year column. */
function inScope(scope: CashFlowScope, department: SQL, year: SQL): SQL {
  if ('departmentYears' in scope) return sql`(${department}, ${year}) in (${scope.departmentYears})`;
  return sql`${department} = ${scope.departmentId} and ${year} between ${scope.yearFrom} and ${scope.yearTo}`;
}

export interface CashSource {
  name: string;
  select: (scope: CashFlowScope) => SQL;
}

function movementsOf(scope: CashFlowScope): SQL {
  return sql`${inScope(scope, sql`m.department_id`, sql`m.year`)} and not m.cancelled`;
}

export const cashSources: CashSource[] = [
  {
    name: 'revenues',
    select: (scope) => sql`select m.account_id, m.year, p.amount, m.record_date as booked_on, 'revenue' as source, m.id as movement_id,
        null::int as payment_id, null::int as transfer_id, null::int as counter_account_id, m.record_number
      from movement_positions p join movements m on m.id = p.movement_id
      where m.type = 0 and m.account_id is not null and ${movementsOf(scope)}`,
  },
  {
    // cash leaves in the year of the payment date: an instalment carried over and paid in a later year
    // (DOMAIN decision 13) is that year's flow, not its movement's
    name: 'paidInstalments',
    select: (
      scope,
    ) => sql`select coalesce(pay.account_id, m.account_id), greatest(m.year, extract(year from pay.date_paid)::int), -pay.amount, pay.date_paid, 'payment', m.id, pay.id, null::int, null::int, m.record_number
      from movement_payments pay join movements m on m.id = pay.movement_id
      where pay.date_paid is not null and coalesce(pay.account_id, m.account_id) is not null and ${movementsOf(scope)}`,
  },
  {
    // a returned transfer: paid by its order that day (a payment row), back on the return date, each in the year of its date
    // (a December transfer returned in January comes back in the new year, DOMAIN decision 22)
    name: 'returnedInstalments',
    select: (scope) => {
      const returned = sql`from payment_order_items i join payment_orders o on o.id = i.order_id
          join movement_payments pay on pay.id = i.payment_id join movements m on m.id = pay.movement_id
        where i.returned_on is not null and ${movementsOf(scope)}`;
      return sql`select o.account_id, greatest(m.year, extract(year from o.date_paid)::int), -pay.amount, o.date_paid, 'payment', m.id, pay.id, null::int, null::int, m.record_number
        ${returned}
      union all
      select o.account_id, greatest(m.year, extract(year from i.returned_on)::int), pay.amount, i.returned_on, 'paymentReturn', m.id, pay.id, null::int, null::int, m.record_number
        ${returned}`;
    },
  },
  {
    name: 'accountTransfers',
    select: (
      scope,
    ) => sql`select t.account_from_id, t.year, -t.amount, t.record_date, 'accountTransfer', null::int, null::int, t.id, t.account_to_id, t.record_number
      from account_transfers t
      where ${inScope(scope, sql`t.department_id`, sql`t.year`)} and not t.cancelled
    union all
    select t.account_to_id, t.year, t.amount, t.record_date, 'accountTransfer', null::int, null::int, t.id, t.account_from_id, t.record_number
      from account_transfers t
      where ${inScope(scope, sql`t.department_id`, sql`t.year`)} and not t.cancelled`,
  },
];

/** Every source as one `(account_id, year, amount)` relation. */
export function cashFlowsSql(scope: CashFlowScope): SQL {
  return sql.join(
    cashSources.map((s) => sql`(select f.account_id, f.year, f.amount from (${s.select(scope)}) f (account_id, year, amount))`),
    sql` union all `,
  );
}

/** Every source with the journal's columns (`account_id, year, amount, booked_on, source, movement_id, payment_id, transfer_id, counter_account_id, record_number`). */
export function cashFlowRowsSql(scope: CashFlowScope): SQL {
  return sql.join(
    cashSources.map((s) => sql`(${s.select(scope)})`),
    sql` union all `,
  );
}
