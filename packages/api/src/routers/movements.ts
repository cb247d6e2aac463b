import {
  ChapterBefore,
  ChaptersBeforeInput,
  Movement,
  MovementContext,
  MovementContextInput,
  MovementDeleteResult,
  MovementKey,
  MovementListInput,
  MovementListPage,
  MovementSaveInput,
} from '@app/domain';
import { z } from 'zod';
import { chaptersBefore, getMovement, listMovements, movementContext } from '../services/movements/read.ts';
import { deleteMovement, saveMovement } from '../services/movements/save.ts';
import { bookingProcedure, router } from '../trpc.ts';
import { cachedRead } from '../readCache.ts';

/**
 * Bookings of the scope: revenues and expenses (spec 3 §2 Movements). Any user linked to the
 * department may book; every rule (budget state, dates, numbers, payments, role rules of spec 3 §6)
 * lives in services/movements. Every answer declares its schema (amounts as Cents: euros on REST).
 */
export const movementsRouter = router({
  /** The record picker of a kind: paged, newest first, searchable. */
  list: bookingProcedure
    .input(MovementListInput)
    .use(cachedRead)
    .output(MovementListPage)
    .query(({ ctx, input }) => listMovements(ctx.db, ctx.bookingScope, input)),
  /** One movement by kind and record number (RecordNotFound). */
  get: bookingProcedure
    .input(MovementKey)
    .output(Movement)
    .query(({ ctx, input }) => getMovement(ctx.db, ctx.bookingScope, input)),
  /** Head, positions, transfer positions and payments as one whole; answers the saved movement. */
  save: bookingProcedure
    .input(MovementSaveInput)
    .output(Movement)
    .mutation(({ ctx, input }) => saveMovement(ctx.db, ctx.bookingScope, input)),
  /** The latest record of its kind is deleted (number given back), an earlier one cancelled. */
  delete: bookingProcedure
    .input(MovementKey)
    .output(MovementDeleteResult)
    .mutation(({ ctx, input }) => deleteMovement(ctx.db, ctx.bookingScope, input)),
  /** Budget-per-chapter figures of chapter lines without the movement (before/after preview). */
  chaptersBefore: bookingProcedure
    .input(ChaptersBeforeInput)
    .use(cachedRead)
    .output(z.array(ChapterBefore))
    .query(({ ctx, input }) => chaptersBefore(ctx.db, ctx.bookingScope, input)),
  /** Type options, field rules, budget state and default account of the head form. */
  context: bookingProcedure
    .input(MovementContextInput)
    .output(MovementContext)
    .query(({ ctx, input }) => movementContext(ctx.db, ctx.bookingScope, input)),
});
