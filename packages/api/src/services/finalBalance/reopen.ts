import { type Db, execRows, toBool } from '@app/db';
import { AccessLevel, type FinalBalance, reopenRefusal, readsOnly } from '@app/domain';
import { sql } from 'drizzle-orm';
import { isYearUnlocked } from '../ledger/head.ts';
import { BOOKINGS_ON_LINE, budgetLineUsedSql } from '../ledger/references.ts';
import type { BookingScope } from '../ledger/bookingScope.ts';

/**
 * What reopening the final account of Y (clearing its approval) and a late approval depend on (DOMAIN
 * decisions 12, 26), three small indexed queries: whether Y+1's final account is approved (then nobody may reopen Y:
 * Y+1's opening cash and carried figures derive from Y), whether Y+1 booked on the lines carried from Y
 * (movement positions, transfer positions or reservations on a residue line of Y+1: Supervisors only),
 * and whether a Supervisor's year unlock of Y is in force for the area (it lifts the 31.10 limit).
 * `lock` share-locks Y+1's budget head, so Y+1's approval (which locks it FOR UPDATE) can't slip in
 * between the check and the reopening.
 */
export async function reopenFacts(
  db: Db,
  scope: Pick<BookingScope, 'departmentId' | 'year' | 'area'>,
  lock = false,
): Promise<{ nextYearApproved: boolean; nextYearBooked: boolean; yearUnlocked: boolean }> {
  const next = scope.year + 1;
  const [head] = await execRows<{ final_approved: string | null }>(
    db,
    sql`select final_approved::text from budget_heads where department_id = ${scope.departmentId} and year = ${next} ${lock ? sql`for share` : sql``}`,
  );
  const [row] = await execRows<{ booked: boolean | string }>(
    db,
    sql`select exists (
          select 1 from chapter_budgets l
          where l.department_id = ${scope.departmentId} and l.year = ${next} and l.chapter_year <= ${scope.year}
            and ${budgetLineUsedSql(sql`l.id`, { uses: BOOKINGS_ON_LINE, liveOnly: true })}
        ) as booked`,
  );
  return {
    nextYearApproved: (head?.final_approved ?? null) !== null,
    nextYearBooked: toBool(row?.booked),
    yearUnlocked: await isYearUnlocked(db, scope.area, scope.year),
  };
}

/** The reopen and unlock fields of GET FinalBalance. */
export function reopenAnswer(
  scope: Pick<BookingScope, 'accessLevel'>,
  state: { approved: boolean; yearLocked: boolean; nextYearApproved: boolean; nextYearBooked: boolean; yearUnlocked: boolean },
): Pick<FinalBalance, 'canReopen' | 'reopenRefusal' | 'isYearUnlocked'> {
  const refusal = reopenRefusal({ ...state, supervisor: scope.accessLevel === AccessLevel.Supervisor });
  return { canReopen: state.approved && refusal === null && !readsOnly(scope), reopenRefusal: refusal, isYearUnlocked: state.yearUnlocked };
}
