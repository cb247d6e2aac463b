import { type Db, schema } from '@app/db';
import { type Area, isYearOpen } from '@app/domain';
import { and, eq } from 'drizzle-orm';
import { fail } from '../../errors.ts';
import type { BookingScope } from './bookingScope.ts';
import { budgetUseReferences, holds, scopeReferencedSql } from './references.ts';

const { budgetHeads, financialYears } = schema;

export type BudgetHead = typeof budgetHeads.$inferSelect;

function emptyHead(scope: BookingScope): BudgetHead {
  return {
    id: 0,
    departmentId: scope.departmentId,
    year: scope.year,
    forecastApproved: null,
    finalApproved: null,
    cashBalance: 0,
    revenuesActual: 0,
    revenuesResidue: 0,
    expensesActual: 0,
    expensesResidue: 0,
    surplusUsed: 0,
  };
}

/** The budget head of the scope (defaults when none was written yet). */
export async function readHead(db: Db, scope: Pick<BookingScope, 'departmentId' | 'year'> & Partial<BookingScope>): Promise<BudgetHead> {
  const [head] = await db
    .select()
    .from(budgetHeads)
    .where(and(eq(budgetHeads.departmentId, scope.departmentId), eq(budgetHeads.year, scope.year)))
    .limit(1);
  return head ?? emptyHead(scope as BookingScope);
}

/**
 * The budget head of the scope, created when missing and locked FOR UPDATE: every budget write of a
 * scope runs behind this lock, so approval, forecast saves and change saves never interleave.
 * Bookings take it FOR SHARE (`shareOpenHead`): they wait for and exclude those writes, not each other.
 */
export async function lockHead(db: Db, scope: Pick<BookingScope, 'departmentId' | 'year'>, mode: 'update' | 'share' = 'update'): Promise<BudgetHead> {
  await db.insert(budgetHeads).values({ departmentId: scope.departmentId, year: scope.year }).onConflictDoNothing();
  const [head] = await db
    .select()
    .from(budgetHeads)
    .where(and(eq(budgetHeads.departmentId, scope.departmentId), eq(budgetHeads.year, scope.year)))
    .for(mode);
  if (!head) throw new Error('budget head missing after insert');
  return head;
}

/**
 * lockHead for a budget write: first refuses a year closed for the area (a past year without its
 * year unlock: YearLocked), then locks the scope's budget head.
 */
export async function lockOpenHead(db: Db, scope: BookingScope): Promise<BudgetHead> {
  await assertYearOpen(db, scope.area, scope.year, scope.today);
  return lockHead(db, scope);
}

/**
 * lockOpenHead for a booking (movement, reservation, account transfer): the head is locked FOR SHARE,
 * so an approval, a forecast or a budget change (FOR UPDATE) never interleaves with a booking, but
 * the bookings of a scope run side by side; what must stay serial among them is serialised by the
 * rows they lock (the record counter, taken just before the inserts; the movement edited; the
 * reservations used). The availability check is a confirmation, not a block: two cashiers booking
 * the same chapter at the same moment may both pass it (README Decisions).
 */
export async function shareOpenHead(db: Db, scope: BookingScope): Promise<BudgetHead> {
  await assertYearOpen(db, scope.area, scope.year, scope.today);
  return lockHead(db, scope, 'share');
}

/**
 * Is the budget of the scope in use, so the forecast approval can't be revoked? Yes once a budget
 * change or the adjustment exists. The booking area adds its checks (movements, reservations) here.
 */
export async function isBudgetInUse(db: Db, scope: Pick<BookingScope, 'departmentId' | 'year'>): Promise<boolean> {
  return holds(db, scopeReferencedSql(budgetUseReferences, scope.year, scope.departmentId));
}

/** Closed budget: BudgetClosed; approved forecast: BudgetAlreadyApproved. */
export function assertForecastEditable(head: BudgetHead): void {
  if (head.finalApproved) fail('BudgetClosed');
  if (head.forecastApproved) fail('BudgetAlreadyApproved');
}

/**
 * Refuses a booking or budget write into a year that is closed for the area: a past year (older than
 * the previous one of `today`) while its year unlock for the area is not set (YearLocked).
 */
export async function assertYearOpen(db: Db, area: Area, year: number, today: string): Promise<void> {
  if (isYearOpen(year, today, false)) return;
  if (!isYearOpen(year, today, await isYearUnlocked(db, area, year))) fail('YearLocked', { params: { year, area } });
}

/**
 * Is a Supervisor's year unlock of `year` in force for the area (FinancialYears/Status)? It opens a past
 * year for writes and lifts the 31.10 limit of the year's final-account approval (DOMAIN decision 26).
 */
export async function isYearUnlocked(db: Db, area: Area, year: number): Promise<boolean> {
  const [fy] = await db.select().from(financialYears).where(eq(financialYears.year, year)).limit(1);
  return fy ? (area === 1 ? fy.unionUnlocked : area === 2 ? fy.districtUnlocked : fy.departmentUnlocked) : false;
}

/**
 * The start of every booking write (movement, reservation): the year open (YearLocked), the budget
 * head share-locked (as shareOpenHead, a missing head not created), the budget not closed (BudgetClosed: final account approved)
 * and the forecast approved (BudgetNotApproved).
 */
export async function shareBookableHead(tx: Db, scope: BookingScope): Promise<BudgetHead> {
  await assertYearOpen(tx, scope.area, scope.year, scope.today);
  // shareOpenHead without creating a missing head: a missing head has no approved forecast (one statement fewer per booking)
  const [head] = await tx
    .select()
    .from(budgetHeads)
    .where(and(eq(budgetHeads.departmentId, scope.departmentId), eq(budgetHeads.year, scope.year)))
    .for('share');
  if (head?.finalApproved) fail('BudgetClosed');
  if (!head?.forecastApproved) fail('BudgetNotApproved');
  return head;
}
