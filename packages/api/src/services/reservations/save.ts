import { type Db, execRows, schema, toBool, toCents } from '@app/db';
import {
  checkMovementDates,
  Part,
  type Reservation,
  reservationAmountProblem,
  type ReservationDeleteResult,
  type ReservationKey,
  type ReservationSave,
} from '@app/domain';
import { and, eq, sql } from 'drizzle-orm';
import { fail } from '../../errors.ts';
import { resolveLines } from '../ledger/lines.ts';
import type { BookingScope } from '../ledger/bookingScope.ts';
import { shareBookableHead } from '../ledger/head.ts';
import { deleteOrCancel, newRecordNumber } from '../ledger/recordCounters.ts';
import { usedByPositionsSql } from '../ledger/counting.ts';
import { getReservation, RESERVATION_COUNTER } from './read.ts';
import { assertLinesWithinBounds } from '../ledger/chapterBounds.ts';
import { writeAndAnswer } from '../ledger/transaction.ts';

const { reservations } = schema;

type ReservationRow = typeof reservations.$inferSelect;

/** The scope's reservation by id or record number, locked FOR UPDATE (so positions using it wait). */
async function lockReservation(tx: Db, scope: BookingScope, key: { id?: number | null | undefined; recordNumber?: number | null | undefined }) {
  const [row] = await tx
    .select()
    .from(reservations)
    .where(
      and(
        eq(reservations.departmentId, scope.departmentId),
        eq(reservations.year, scope.year),
        key.id ? eq(reservations.id, key.id) : eq(reservations.recordNumber, key.recordNumber ?? 0),
      ),
    )
    .for('update');
  return row;
}

/** What movement positions use of a reservation (its row locked) and whether any position links it at all. */
async function positionUse(tx: Db, reservationId: number): Promise<{ used: number; linked: boolean }> {
  const [row] = await execRows<{ used: string | number; linked: boolean | string }>(
    tx,
    sql`select ${usedByPositionsSql()} as used, exists (select 1 from movement_positions p where p.reservation_id = r.id) as linked
        from reservations r where r.id = ${reservationId}`,
  );
  return { used: toCents(row?.used), linked: toBool(row?.linked) };
}

/**
 * Reservations POST: a new reservation (the next gap-free number; a typed one must be the next) or the
 * saved one changed, in one transaction behind the budget head's share lock, its row locked FOR UPDATE
 * (a movement consuming it waits). Every rule is checked before anything is written (spec 3 §5,
 * DOMAIN decisions 1, 2, 7, 12).
 */
export async function saveReservation(db: Db, scope: BookingScope, input: ReservationSave): Promise<Reservation> {
  return writeAndAnswer(
    db,
    async (tx): Promise<number> => {
      await shareBookableHead(tx, scope);
      const isNew = input.asNew || (input.id === null && input.recordNumber === null);
      let existing: ReservationRow | undefined;
      if (!isNew) {
        existing = await lockReservation(tx, scope, input);
        if (!existing) fail('RecordNotFound', { field: 'recordNumber', params: { recordNumber: input.recordNumber ?? 0 } });
        if (existing.cancelled) fail('InvalidValue', { field: 'recordNumber', params: { recordNumber: existing.recordNumber, reason: 'cancelled' } });
      }
      const dateError = checkMovementDates({ year: scope.year, today: scope.today, recordDate: input.recordDate, documentDate: null });
      if (dateError) fail(dateError.code, { field: dateError.field });

      // the line: an expense chapter with a current or residue line of the scope (DOMAIN decision 7)
      const [line] = await resolveLines(tx, scope, [{ ref: input, field: 'chapter' }]);
      if (!line) fail('InvalidValue', { field: 'chapter' });
      if (line.part !== Part.Expenses) fail('chapterNotAvailable', { field: 'chapter', params: { chapter: line.chapter, chapterYear: line.chapterYear } });

      // amounts: used = positions + typed; booked not below used
      const use = existing ? await positionUse(tx, existing.id) : { used: 0, linked: false };
      if (existing && use.linked && existing.chapterBudgetId !== line.lineId) fail('InvalidValue', { field: 'chapter', params: { reason: 'usedByPositions' } });
      const problem = reservationAmountProblem({ amountBooked: input.amountBooked, amountUsed: input.amountUsed, usedByPositions: use.used });
      if (problem)
        fail(problem.code, { field: problem.field, params: problem.field === 'amountUsed' ? { usedByPositions: use.used } : { amountUsed: input.amountUsed } });

      const values = {
        recordDate: input.recordDate,
        note: input.note,
        chapterBudgetId: line.lineId,
        amountBooked: input.amountBooked,
        amountUsedTyped: input.amountUsed - use.used,
        closed: input.closed,
      };
      if (existing) {
        await tx.update(reservations).set(values).where(eq(reservations.id, existing.id));
        await assertLinesWithinBounds(tx, scope, [line], 'amountBooked');
        return existing.id;
      }
      const recordNumber = await newRecordNumber(tx, scope, RESERVATION_COUNTER, input.asNew ? input.recordNumber : null);
      const [created] = await tx
        .insert(reservations)
        .values({ departmentId: scope.departmentId, year: scope.year, recordNumber, ...values })
        .returning({ id: reservations.id });
      if (!created) throw new Error('reservation insert failed');
      await assertLinesWithinBounds(tx, scope, [line], 'amountBooked');
      return created.id;
    },
    (tx, id) => getReservation(tx, scope, { departmentId: scope.departmentId, year: scope.year, id, recordNumber: undefined }),
  );
}

/**
 * Reservations DELETE (DOMAIN decision 1): refused while anything is used of it (CannotDeleteUsed:
 * amountUsed > 0 or a movement position links it); the latest reservation is deleted and its number
 * given back, an earlier one cancelled (keeps its number; amounts 0, closed).
 */
export async function deleteReservation(db: Db, scope: BookingScope, key: ReservationKey): Promise<ReservationDeleteResult> {
  return db.transaction(async (tx): Promise<ReservationDeleteResult> => {
    await shareBookableHead(tx, scope);
    const row = await lockReservation(tx, scope, key);
    if (!row) fail('RecordNotFound', { field: key.id ? 'id' : 'recordNumber', params: { recordNumber: key.recordNumber ?? 0 } });
    if (row.cancelled) return { deleted: false, cancelled: true, recordNumber: row.recordNumber };
    const use = await positionUse(tx, row.id);
    if (use.linked || use.used + row.amountUsedTyped > 0)
      fail('CannotDeleteUsed', { field: 'id', params: { recordNumber: row.recordNumber, amountUsed: use.used + row.amountUsedTyped } });
    return deleteOrCancel(tx, scope, RESERVATION_COUNTER, row.recordNumber, {
      remove: () => tx.delete(reservations).where(eq(reservations.id, row.id)),
      // an earlier one keeps the amount booked in cancelled_amount, counted nowhere (DOMAIN decision 27)
      cancel: () =>
        tx
          .update(reservations)
          .set({ cancelled: true, closed: true, cancelledAmount: sql`${reservations.amountBooked}`, amountBooked: 0, amountUsedTyped: 0 })
          .where(eq(reservations.id, row.id)),
    });
  });
}
