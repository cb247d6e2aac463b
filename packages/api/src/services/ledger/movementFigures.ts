import { type SQL, sql } from 'drizzle-orm';
import { carriedInstalment, carriedLine, paidBy, returnedIn } from './counting.ts';
import type { FigureScope, FigureSource } from './figureSources.ts';
import { sqlList } from './sql.ts';

/**
 * What the movements add to the chapter figures (DOMAIN.md "Bookings"; their cash is ledger/cashSources.ts), as plain
 * SQL sums over the scope's movements (index movements_scope_date_idx):
 * - a revenue position counts as collected (payments) on its line;
 * - an expense position counts through its instalment shares: shares of paid instalments as payments,
 *   unpaid ones as openPayments (per position paid + open = its amount, DOMAIN decision 4);
 * - a transfer position counts as payments on both lines (expense paid, revenue collected), no cash.
 * A cancelled movement keeps its positions and transfer positions at amount 0 and its instalments as they were
 * (DOMAIN decision 27); it is filtered out anyway.
 * Asked for one line (`line`, the chapter figures' per-line LATERAL), each branch starts from the
 * line's index (movement_positions_line_amount_idx, the transfer positions' from/to indexes).
 */

/** `and <column> = <line>` when one line is asked for. */
function onLine(column: SQL, line: SQL | undefined): SQL {
  return line ? sql` and ${column} = ${line}` : sql``;
}

/**
 * The scope's movements as a condition on alias `m` (departments, years, minus the excluded
 * movements). Asked for one line, the line already fixes department and year (a position is always on
 * a line of its movement's scope): leaving those out keeps the planner on the line index and the
 * movements' primary key instead of scanning the scope's movements.
 */
/** ` and m.id not in (...)` for the movements left out of the figures (else nothing). */
function excludedMovements(scope: FigureScope): SQL {
  return scope.excludeMovementIds?.length ? sql` and m.id not in (${sqlList(scope.excludeMovementIds)})` : sql``;
}

function movementsOf(scope: FigureScope, line: SQL | undefined): SQL {
  const excluded = excludedMovements(scope);
  if (line) return sql`not m.cancelled${excluded}`;
  return sql`m.department_id in (${sqlList(scope.departmentIds)}) and m.year between ${scope.yearFrom} and ${scope.yearTo} and not m.cancelled${excluded}`;
}

/**
 * Spent on one line (`spentOnly`, the availability check of a save): every position of the line by its
 * amount as payments — per expense position paid + open = its amount (decision 4), so the instalments
 * need not be read — straight from the line index, without joining the movements: a cancelled movement's
 * kept positions have amount 0 (their amount before is `cancelled_amount`), and a line's positions are all of its
 * part's kind.
 */
function spentPositions(scope: FigureScope, line: SQL): SQL {
  const excluded = scope.excludeMovementIds?.length ? sql` and p.movement_id not in (${sqlList(scope.excludeMovementIds)})` : sql``;
  return sql`select p.chapter_budget_id, p.amount as payments, 0::numeric as open_payments, 0::numeric as reservations
      from movement_positions p where p.chapter_budget_id = ${line}${excluded}`;
}

/**
 * The shares of instalments returned in a later year than their order paid them, on the residue lines `dst`
 * they count on (carriedLine): `from .. where` with the aliases dst, src, p, m, s, pay and the return `ri`
 * (counting.ts returnedIn, one per instalment and year) — the figure source returnedCarried and the
 * chapter register's return rows. `lines`: a condition on `dst` (one line, or the scope's lines).
 */
export function returnedCarriedFrom(scope: FigureScope | null, lines: SQL): SQL {
  return sql`from chapter_budgets dst
      join chapter_budgets src on ${carriedLine(sql`src`, sql`dst`)}
      join movement_positions p on p.chapter_budget_id = src.id
      join movements m on m.id = p.movement_id
      join movement_payment_shares s on s.position_id = p.id
      join movement_payments pay on pay.id = s.payment_id
      join payment_order_items ri on ri.payment_id = pay.id and ${returnedIn(sql`dst`)}
      where m.kind = 'expenses' and not m.cancelled${scope ? excludedMovements(scope) : sql``} and ${lines}`;
}

export const movementFigureSources: FigureSource[] = [
  {
    name: 'revenuePositions',
    select: (scope, line) =>
      scope.spentOnly && line
        ? spentPositions(scope, line)
        : sql`select p.chapter_budget_id, p.amount as payments, 0::numeric as open_payments, 0::numeric as reservations
      from movement_positions p join movements m on m.id = p.movement_id
      where m.kind = 'revenues' and ${movementsOf(scope, line)}${onLine(sql`p.chapter_budget_id`, line)}`,
  },
  {
    // paid in the movement's year (by 31.12); an instalment paid later is open in its year and, once carried
    // over, counts on the new year's residue line (carriedInstalments)
    name: 'expenseShares',
    // spentOnly: counted by spentPositions
    select: (scope, line) =>
      scope.spentOnly && line
        ? null
        : sql`select p.chapter_budget_id,
        case when ${paidBy(sql`m.year`)} then s.amount else 0::numeric end as payments,
        case when ${paidBy(sql`m.year`)} then 0::numeric else s.amount end as open_payments,
        0::numeric as reservations
      from movement_positions p
      join movements m on m.id = p.movement_id
      join movement_payment_shares s on s.position_id = p.id
      join movement_payments pay on pay.id = s.payment_id
      where m.kind = 'expenses' and ${movementsOf(scope, line)}${onLine(sql`p.chapter_budget_id`, line)}`,
  },
  {
    // carry-over (DOMAIN decision 13): an instalment of an earlier year still unpaid at the end of the
    // year before a residue line's year counts on that residue line (same chapter and chapter year):
    // paid when paid by the line year's 31.12, else open. Its movement and order stay where they are.
    name: 'carriedInstalments',
    select: (scope, line) => sql`select dst.id as chapter_budget_id,
        case when ${paidBy(sql`dst.year`)} then s.amount else 0::numeric end as payments,
        case when ${paidBy(sql`dst.year`)} then 0::numeric else s.amount end as open_payments,
        0::numeric as reservations
      from chapter_budgets dst
      join chapter_budgets src on ${carriedLine(sql`src`, sql`dst`)}
      join movement_positions p on p.chapter_budget_id = src.id
      join movements m on m.id = p.movement_id
      join movement_payment_shares s on s.position_id = p.id
      join movement_payments pay on pay.id = s.payment_id
      where m.kind = 'expenses' and not m.cancelled${excludedMovements(scope)} and ${carriedInstalment(sql`dst`)}
        and ${line ? sql`dst.id = ${line}` : sql`dst.department_id in (${sqlList(scope.departmentIds)}) and dst.year between ${scope.yearFrom} and ${scope.yearTo}`}`,
  },
  {
    // a bank return in a later year than its order's payment (DOMAIN decision 22): the old year keeps the
    // payment (paidBy), the instalment counts again on the residue line (carriedInstalments) and the
    // return is a payment of minus its share there, as the cash came back in the line's year
    name: 'returnedCarried',
    select: (scope, line) => sql`select dst.id as chapter_budget_id, -s.amount as payments, 0::numeric as open_payments, 0::numeric as reservations
      ${returnedCarriedFrom(scope, line ? sql`dst.id = ${line}` : sql`dst.department_id in (${sqlList(scope.departmentIds)}) and dst.year between ${scope.yearFrom} and ${scope.yearTo}`)}`,
  },
  {
    // both sides count as payments (expense paid, revenue collected): one branch per side
    name: 'transferPositions',
    select: (
      scope,
      line,
    ) => sql`select t.from_chapter_budget_id as chapter_budget_id, t.amount as payments, 0::numeric as open_payments, 0::numeric as reservations
      from movement_transfer_positions t join movements m on m.id = t.movement_id
      where ${movementsOf(scope, line)}${onLine(sql`t.from_chapter_budget_id`, line)}
    union all
    select t.to_chapter_budget_id, t.amount, 0::numeric, 0::numeric
      from movement_transfer_positions t join movements m on m.id = t.movement_id
      where ${movementsOf(scope, line)}${onLine(sql`t.to_chapter_budget_id`, line)}`,
  },
];
