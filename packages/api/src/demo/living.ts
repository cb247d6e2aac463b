import { type Db, schema, type Tx } from '@app/db';
import { areaOf, demoForecast, seedBookings, seedCash, seedReservations } from '@app/db/seed';
import {
  AccessLevel,
  addDays,
  ForecastSaveInput,
  OrderRequestInput,
  PayablesInput,
  type PaymentRef,
  ReservationSaveInput,
  ResidueFinalSaveInput,
  SettleInput,
  SurplusSaveInput,
} from '@app/domain';
import { and, eq, inArray, isNotNull, isNull, lte } from 'drizzle-orm';
import { approveForecast } from '../services/budget/approval.ts';
import { saveForecastPart } from '../services/budget/forecast.ts';
import { saveSurplus } from '../services/budget/surplus.ts';
import { approveFinalBalance } from '../services/finalBalance/approve.ts';
import type { BookingScope } from '../services/ledger/bookingScope.ts';
import { accountBalanceRows } from '../services/ledger/cashBalances.ts';
import { settleInstalment } from '../services/payments/byHand.ts';
import { storeOrder } from '../services/payments/orders.ts';
import { payables } from '../services/payments/read.ts';
import { saveReservation } from '../services/reservations/save.ts';
import type { PaymentScope } from '../services/payments/rows.ts';
import { carryOver } from '../services/residues/carryOver.ts';
import { getResidueFinal, saveResidueFinal } from '../services/residues/determination.ts';

const { accounts, chapterBudgets, departments, movementPayments, movements, reservations, users } = schema;

/**
 * The living demo (issue 25 item 11): the demo fixture (seedDemo: the previous year booked and open, the
 * current year without a budget) carried on to `today` through the real services, so the books come out
 * right by construction:
 * - the previous year is closed in every department but OPEN_YEAR_BRIGADE: residues determined with
 *   their proposals (open payments + remaining reservations), carried over into the current year, the
 *   final account approved at the spring assembly (`livingDates`);
 * - the current year has an approved forecast (the fixture's plan, a little larger, with its presumed
 *   surplus), a year of bookings, account transfers and reservations up to a week ago (the fixture's
 *   generators: deterministic, gap-free, within the forecast), the instalments carried from the
 *   previous year paid by hand on their due date up to a week ago, and in 102 (open payments) a stored,
 *   unregistered homebanking order of the bills due next.
 */

/** The brigade whose previous year stays open (the year-end walk): FF Lana. */
export const OPEN_YEAR_BRIGADE = '201';

/** The brigade with open payments, whose stored homebanking order waits for registration: FF Eppan. */
export const ORDER_BRIGADE = '102';

/** The current year's forecast is the fixture's plan of the previous year, this much larger (per cent). */
const GROWTH_PERCENT = 104;

/**
 * The dates of the living demo for `today` (Europe/Rome): the current year is today's, bookings reach
 * `bookedUntil` (a week ago; in the first week of January that is still the previous year, so the
 * current year has no bookings of its own yet); the previous year's final account was approved at the
 * assembly of 20.03. or, before that day, today (the earliest valid date is 1.1., the latest 31.10.:
 * today always lies in between until 20.03.); the current forecast was approved on 15.12. of the
 * previous year; the homebanking order was made yesterday (today on 1.1.: an order belongs to its year).
 */
export function livingDates(today: string) {
  const year = Number(today.slice(0, 4));
  const assembly = `${year}-03-20`;
  const yesterday = addDays(today, -1);
  return {
    year,
    previousYear: year - 1,
    bookedUntil: addDays(today, -7),
    finalApproval: today < assembly ? today : assembly,
    forecastApproval: `${year - 1}-12-15`,
    orderCreated: yesterday < `${year}-01-01` ? today : yesterday,
    /** The order holds the payable bills due up to this day. */
    orderDueUntil: addDays(today, 7),
  };
}

export type Department = { id: number; code: string };

function scopeOf(d: Department, year: number, today: string): BookingScope {
  return { departmentId: d.id, year, area: areaOf(d.code), departmentCode: d.code, today, accessLevel: AccessLevel.Standard };
}

/** Seeds the living layer onto the fixture (inside seedDemo's transaction, `tx`). */
export async function seedLivingDemo(tx: Tx, today: string): Promise<void> {
  const db: Db = tx;
  const dates = livingDates(today);
  const depts = await db.select({ id: departments.id, code: departments.code }).from(departments).orderBy(departments.id);
  for (const d of depts) if (d.code !== OPEN_YEAR_BRIGADE) await closePreviousYear(db, d, dates.previousYear, today, dates.finalApproval);
  for (const [i, d] of depts.entries()) await approveCurrentForecast(db, d, dates.year, today, dates.forecastApproval, i);
  await seedBookings(tx, dates.bookedUntil, [dates.year]);
  const order = depts.find((d) => d.code === ORDER_BRIGADE);
  if (order) await payCarriedBills(db, order, dates.year, today, dates.bookedUntil);
  const opening = new Map<number, number>();
  for (const d of depts) for (const a of await accountBalanceRows(db, { departmentId: d.id, year: dates.year })) opening.set(a.accountId, a.initialBalance);
  await seedCash(tx, dates.year, dates.bookedUntil, opening);
  await seedReservations(tx, dates.year, dates.bookedUntil);
  if (dates.bookedUntil >= `${dates.year}-01-01`) for (const d of depts) await useCarriedReservations(db, d, dates.year, today);
  if (order) await storeDueOrder(db, order, dates);
}

/** Residues determined with their proposals, carried over, final account approved. */
async function closePreviousYear(db: Db, d: Department, year: number, today: string, approval: string): Promise<void> {
  const previous = scopeOf(d, year, today);
  for (const source of [1, 2] as const) {
    const final = await getResidueFinal(db, previous, source);
    if (final.positions.length === 0) continue;
    await saveResidueFinal(
      db,
      previous,
      ResidueFinalSaveInput.parse({
        departmentId: d.id,
        year,
        budgetType: source,
        positions: final.positions.map((p) => ({ budgetId: p.budget.budgetId, amount: p.proposal })),
      }),
    );
  }
  await carryOver(db, scopeOf(d, year + 1, today));
  await approveFinalBalance(db, previous, { departmentId: d.id, year, approval });
}

/** The fixture's forecast plan of the department, GROWTH_PERCENT larger, with its presumed surplus, approved. */
async function approveCurrentForecast(db: Db, d: Department, year: number, today: string, approval: string, index: number): Promise<void> {
  const scope = scopeOf(d, year, today);
  const scale = Math.round(([100, 110, 90, 105][index % 4] ?? 100) * GROWTH_PERCENT) / 100;
  const forecast = demoForecast(areaOf(d.code), scale);
  for (const part of [1, 2] as const) {
    const positions = forecast.lines.filter((l) => l.chapter.startsWith(String(part))).map((l) => ({ chapter: l.chapter, amountCurrYear: l.amount }));
    await saveForecastPart(db, scope, ForecastSaveInput.parse({ departmentId: d.id, year, part, positions }));
  }
  await saveSurplus(db, scope, SurplusSaveInput.parse({ departmentId: d.id, year, ...forecast.surplus }));
  await approveForecast(db, scope, { departmentId: d.id, year, approval });
}

/** The open reservations carried from the previous year: half of each used meanwhile (typed: the goods came). */
async function useCarriedReservations(db: Db, d: Department, year: number, today: string): Promise<void> {
  const carried = await db
    .select({
      id: reservations.id,
      recordDate: reservations.recordDate,
      note: reservations.note,
      chapterId: chapterBudgets.chapterId,
      chapterYear: chapterBudgets.chapterYear,
      amountBooked: reservations.amountBooked,
    })
    .from(reservations)
    .innerJoin(chapterBudgets, eq(chapterBudgets.id, reservations.chapterBudgetId))
    .where(and(eq(reservations.departmentId, d.id), eq(reservations.year, year), isNotNull(reservations.carriedFromId), eq(reservations.closed, false)))
    .orderBy(reservations.recordNumber);
  const scope = scopeOf(d, year, today);
  for (const r of carried) {
    const amountUsed = Math.floor(r.amountBooked / 200) * 100;
    if (amountUsed <= 0) continue;
    await saveReservation(
      db,
      scope,
      ReservationSaveInput.parse({
        departmentId: d.id,
        year,
        id: r.id,
        recordDate: r.recordDate,
        note: r.note,
        chapterId: r.chapterId,
        chapterYear: r.chapterYear,
        amountBooked: r.amountBooked,
        amountUsed,
      }),
    );
  }
}

export async function paymentScope(db: Db, d: Department, year: number, today: string, now: Date): Promise<PaymentScope> {
  const [user] = await db
    .select({ id: users.id, username: users.username, fullName: users.fullname })
    .from(users)
    .where(eq(users.mainDepartmentId, d.id))
    .orderBy(users.id)
    .limit(1);
  if (!user) throw new Error(`no demo user of ${d.code}`);
  return { ...scopeOf(d, year, today), userId: user.id, username: user.username, fullName: user.fullName, language: 'de', now };
}

/** The bills carried from the previous year, paid by hand on their due date where it lies up to `until`. */
async function payCarriedBills(db: Db, d: Department, year: number, today: string, until: string): Promise<void> {
  const due = await db
    .select({ paymentId: movementPayments.id, movementId: movements.id, dateDue: movementPayments.dateDue })
    .from(movementPayments)
    .innerJoin(movements, eq(movements.id, movementPayments.movementId))
    .where(
      and(
        eq(movements.departmentId, d.id),
        eq(movements.year, year - 1),
        eq(movements.cancelled, false),
        isNull(movementPayments.datePaid),
        lte(movementPayments.dateDue, until),
      ),
    )
    .orderBy(movementPayments.dateDue, movementPayments.id);
  const scope = await paymentScope(db, d, year, today, new Date(`${today}T09:00:00Z`));
  for (const p of due) {
    const datePaid = p.dateDue < `${year}-01-01` ? `${year}-01-02` : p.dateDue;
    await settleInstalment(db, scope, SettleInput.parse({ departmentId: d.id, year, movementId: p.movementId, paymentId: p.paymentId, datePaid }));
  }
}

/** A stored, unregistered domestic order (made yesterday) of the payable bills due within the next week, or else the next three. */
async function storeDueOrder(db: Db, d: Department, dates: ReturnType<typeof livingDates>): Promise<void> {
  const [bank] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.departmentId, d.id), inArray(accounts.code, ['B1'])));
  if (!bank) return;
  const scope = await paymentScope(db, d, dates.year, dates.orderCreated, new Date(`${dates.orderCreated}T09:00:00Z`));
  const items = (await payables(db, scope, PayablesInput.parse({ departmentId: d.id, year: dates.year, paymentRange: 1, accountId: bank.id })))
    .filter((i) => i.doHomeBank)
    .sort((a, b) => a.payment.dateDue.localeCompare(b.payment.dateDue) || a.payment.id - b.payment.id);
  const soon = items.filter((i) => i.payment.dateDue <= dates.orderDueUntil);
  const chosen = (soon.length > 0 ? soon : items).slice(0, Math.max(3, soon.length));
  if (chosen.length === 0) return;
  const toPay: PaymentRef[] = chosen.map((i) => ({ paymentId: i.payment.id, movementId: i.invoice.movementId }));
  await storeOrder(
    db,
    scope,
    OrderRequestInput.parse({ departmentId: d.id, year: dates.year, paymentRange: 1, accountId: bank.id, toPay, filename: 'homebanking' }),
  );
}
