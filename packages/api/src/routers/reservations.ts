import {
  Reservation,
  ReservationBrief,
  ReservationContext,
  ReservationDeleteResult,
  ReservationKey,
  ReservationListInput,
  ReservationListPage,
  ReservationPrintInput,
  ReservationPrintList,
  ReservationSaveInput,
  ReservationsForLineInput,
  ScopeInput,
} from '@app/domain';
import { z } from 'zod';
import { getReservation, listReservations, printReservations, reservationContext, reservationsForLine } from '../services/reservations/read.ts';
import { deleteReservation, saveReservation } from '../services/reservations/save.ts';
import { bookingProcedure, router } from '../trpc.ts';

/**
 * Reservations of the scope (spec 3 §2 Reservations; DOMAIN decision 7). Any user linked to the
 * department; every rule (budget state, dates, numbers, amounts, line) lives in services/reservations.
 * Amounts are Cents (euros on REST).
 */
export const reservationsRouter = router({
  /** One reservation by id or record number (RecordNotFound), with its line's budget figures. */
  get: bookingProcedure
    .input(ReservationKey)
    .output(Reservation)
    .query(({ ctx, input }) => getReservation(ctx.db, ctx.bookingScope, input)),
  /** A new reservation (next number) or the saved one changed; answers the saved reservation. */
  save: bookingProcedure
    .input(ReservationSaveInput)
    .output(Reservation)
    .mutation(({ ctx, input }) => saveReservation(ctx.db, ctx.bookingScope, input)),
  /** The latest reservation is deleted (number given back), an earlier one cancelled; CannotDeleteUsed once used. */
  delete: bookingProcedure
    .input(ReservationKey)
    .output(ReservationDeleteResult)
    .mutation(({ ctx, input }) => deleteReservation(ctx.db, ctx.bookingScope, input)),
  /** The picker: paged, newest first, of one chapter line and open only when asked, searchable. */
  list: bookingProcedure
    .input(ReservationListInput)
    .output(ReservationListPage)
    .query(({ ctx, input }) => listReservations(ctx.db, ctx.bookingScope, input)),
  /** The print list (chapter year, chapter or range, status) with totals. */
  printList: bookingProcedure
    .input(ReservationPrintInput)
    .output(ReservationPrintList)
    .query(({ ctx, input }) => printReservations(ctx.db, ctx.bookingScope, input)),
  /** The reservations a movement position on a chapter line may use (amounts without that movement). */
  forLine: bookingProcedure
    .input(ReservationsForLineInput)
    .output(z.array(ReservationBrief))
    .query(({ ctx, input }) => reservationsForLine(ctx.db, ctx.bookingScope, input)),
  /** Budget state, editable and the next record number of the form. */
  context: bookingProcedure
    .input(ScopeInput)
    .output(ReservationContext)
    .query(({ ctx }) => reservationContext(ctx.db, ctx.bookingScope)),
});
