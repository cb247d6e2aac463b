import { z } from 'zod';
import { Id, safeString } from './primitives.ts';
import { IsoDate } from './dates.ts';
import { Cents, PositiveCents } from './money.ts';
import { TypedChapterCode } from './chapterCode.ts';
import { ChapterRef, hasChapter } from './budgetFields.ts';
import { BudgetChapterSchema } from './budgetFigures.ts';
import { PageInput } from './paging.ts';
import { Num, pageOf, Text } from './outputs.ts';
import { ScopeInput, Year } from './scope.ts';
import { ChapterLineRef, MovementDeleteResult, RecordNumber } from './movements.ts';

// Reservations (commitments; spec 3 §2 "Reservations", §3 "Reservation", §5, §7 Reservations*;
// DOMAIN.md "Bookings" and "Decisions for part 3" 1, 2, 7, 12): the inputs and answers of the
// reservations procedures. Amounts are integer cents (`Cents`, euros on the REST wire), dates
// `YYYY-MM-DD`. The rules (below) are used by the server's services/reservations and the form alike.

export const RESERVATION_LIMITS = { note: 200, search: 50 } as const;

export const ReservationStatusSchema = z.enum(['open', 'closed', 'all']);
export type ReservationStatus = z.infer<typeof ReservationStatusSchema>;

const OptionalId = Id.nullish().transform((v) => v ?? undefined);
const Search = safeString().trim().max(RESERVATION_LIMITS.search, 'TooLong').default('');

/** Reservations GET and DELETE: one reservation of the scope by `id` (the spec's DELETE body) or by `recordNumber`. */
export const ReservationKey = ScopeInput.extend({
  id: OptionalId,
  recordNumber: RecordNumber.nullish().transform((v) => v ?? undefined),
}).refine((v) => v.id !== undefined || v.recordNumber !== undefined, { message: 'Required', path: ['recordNumber'] });
export type ReservationKey = z.infer<typeof ReservationKey>;

/**
 * Reservations POST (DOMAIN decisions 1, 2, 7, 12):
 * - New reservation: `id` and `recordNumber` null (the next number), or `recordNumber` typed with
 *   `asNew` (must be the next one: InvalidRecordNumber; RecordNumberUsed when taken).
 * - Existing reservation: its `id` or its `recordNumber` (without `asNew`); RecordNotFound when none,
 *   InvalidValue (recordNumber) when it is cancelled.
 * - recordDate in the scope year, not after today (DateAfter31.12 / InvalidDate).
 * - The line: `chapterYear` (required; the scope year = current line, earlier = residue line) and the
 *   chapter by id or code; only an expense chapter with a line in the scope (ChapterNotFound /
 *   chapterNotAvailable). A reservation used by movement positions keeps its line (InvalidValue, chapter).
 * - `amountUsed` is the total used (spec name): the part the movement positions use plus what is typed
 *   for use outside the system; below what the positions use is InvalidValue (amountUsed);
 *   `amountBooked` below `amountUsed` is InvalidValue (amountBooked).
 * - `closed`: a closed reservation no longer reserves (its remaining amount leaves the chapter's figures).
 * BudgetNotApproved before the forecast is approved, BudgetClosed once the final account is approved.
 */
export const ReservationSaveInput = ScopeInput.extend({
  id: Id.nullish().transform((v) => v ?? null),
  recordNumber: RecordNumber.nullish().transform((v) => v ?? null),
  asNew: z.boolean().default(false),
  recordDate: IsoDate,
  note: safeString().trim().max(RESERVATION_LIMITS.note, 'TooLong').default(''),
  chapterYear: Year,
  ...ChapterRef,
  amountBooked: PositiveCents,
  amountUsed: PositiveCents,
  closed: z.boolean().default(false),
}).refine(hasChapter, { message: 'Required', path: ['chapter'] });
export type ReservationSaveInput = z.input<typeof ReservationSaveInput>;
export type ReservationSave = z.infer<typeof ReservationSaveInput>;

/**
 * Reservations/List GET, the picker (paged, newest first): optionally of one chapter line — the
 * chapter by id (a chapter of the chart of its year; `chapterYear` may say the same) or the line by
 * `lineId` — and only the open ones (`openOnly`: not closed, not cancelled). `search` matches the
 * record number, the record date (`DD.MM.YYYY`, `DD.MM.YY` or `YYYY-MM-DD`), the note and the chapter code.
 */
export const ReservationListInput = ScopeInput.extend({
  chapterId: OptionalId,
  chapterYear: Year.nullish().transform((v) => v ?? undefined),
  lineId: OptionalId,
  openOnly: z.boolean().default(false),
  search: Search,
}).extend(PageInput.shape);
export type ReservationListInput = z.infer<typeof ReservationListInput>;

/**
 * Reservations/List POST, the print (spec: filter by year and chapter and by status): `chapterYear`
 * (the line's year: the scope year or a residue year; none: all), the spec's single `chapter` or a
 * range `chapterFrom`..`chapterTo` (codes), `status` open (not closed), closed, or all. Cancelled
 * reservations are listed (as cancelled, amounts 0) only under `all`.
 */
export const ReservationPrintInput = ScopeInput.extend({
  chapterYear: Year.nullish().transform((v) => v ?? undefined),
  chapter: TypedChapterCode.optional(),
  chapterFrom: TypedChapterCode.optional(),
  chapterTo: TypedChapterCode.optional(),
  status: ReservationStatusSchema.default('all'),
});
export type ReservationPrintInput = z.infer<typeof ReservationPrintInput>;

/**
 * The reservations a movement position may use (the positions dialog's picker): the open reservations
 * of the position's chapter line with an unused amount, their amounts without the movement
 * `movementId` (its own consumption given back, as the save computes it); a reservation the movement
 * already uses is listed even when closed since.
 */
export const ReservationsForLineInput = ScopeInput.extend({
  movementId: OptionalId,
  ...ChapterLineRef.shape,
}).refine(hasChapter, { message: 'Required', path: ['chapter'] });
export type ReservationsForLineInput = z.infer<typeof ReservationsForLineInput>;

// ---- answers ---------------------------------------------------------------------------------

/** The reservation's line: the chapter (of the chart of its chapter year) and the scope's budget line. */
export const ReservationChapter = z.strictObject({
  chapterId: Num,
  chapter: Text,
  chapterYear: Num,
  descriptionDeu: Text,
  descriptionIta: Text,
  lineId: Num,
});
export type ReservationChapter = z.infer<typeof ReservationChapter>;

/**
 * A reservation as the picker and the print list it (spec 3 §3). `amountUsed` = `usedByPositions`
 * (what movement positions consumed) + the typed part; `amountUnused` = booked − used. A cancelled
 * reservation (DOMAIN decision 1) keeps its number, its amounts are 0 and it is closed.
 * `isLatest`: the newest number (Delete deletes it, else cancels it).
 */
export const ReservationListItem = z.strictObject({
  id: Num,
  recordNumber: Num,
  recordDate: Text,
  note: Text,
  chapter: ReservationChapter,
  amountBooked: Cents,
  amountUsed: Cents,
  amountUnused: Cents,
  usedByPositions: Cents,
  closed: z.boolean(),
  cancelled: z.boolean(),
  /**
   * The amount booked it was saved with: on a cancelled reservation (DOMAIN decision 27) the amount booked
   * before the cancel (null only for one cancelled before the amounts were kept), on a live one = `amountBooked`.
   */
  originalAmount: Cents.nullable(),
  isLatest: z.boolean(),
});
export type ReservationListItem = z.infer<typeof ReservationListItem>;

/** Reservations GET and the answer of POST: the reservation, its line's budget figures (the form's summary), editable. */
export const Reservation = ReservationListItem.extend({
  /** Budget/Chapter of the reservation's line (the budget summary beside the form). */
  budget: BudgetChapterSchema,
  /** False when the budget is closed or not approved, the year locked, or the reservation cancelled. */
  isEditable: z.boolean(),
});
export type Reservation = z.infer<typeof Reservation>;

export const ReservationListPage = pageOf(ReservationListItem);
export type ReservationListPage = z.infer<typeof ReservationListPage>;

export const ReservationTotals = z.strictObject({ amountBooked: Cents, amountUsed: Cents, amountUnused: Cents });
export type ReservationTotals = z.infer<typeof ReservationTotals>;

/** Reservations/List POST: the rows of the print (by chapter year, chapter, record number) and their totals. */
export const ReservationPrintList = z.strictObject({ rows: z.array(ReservationListItem), totals: ReservationTotals });
export type ReservationPrintList = z.infer<typeof ReservationPrintList>;

/** A reservation a movement position may use, amounts without the asking movement. */
export const ReservationBrief = z.strictObject({
  id: Num,
  recordNumber: Num,
  recordDate: Text,
  note: Text,
  lineId: Num,
  amountBooked: Cents,
  amountUsed: Cents,
  amountUnused: Cents,
  closed: z.boolean(),
});
export type ReservationBrief = z.infer<typeof ReservationBrief>;

/** Reservations DELETE: the latest reservation was deleted (its number given back) or an earlier one cancelled. */
export const ReservationDeleteResult = MovementDeleteResult;
export type ReservationDeleteResult = MovementDeleteResult;

/** What the reservations form needs: budget state, editable, the next record number. */
export const ReservationContext = z.strictObject({
  isBudgetApproved: z.boolean(),
  isBudgetClosed: z.boolean(),
  isYearLocked: z.boolean(),
  /** Reservations can be saved (forecast approved, budget not closed, year open). */
  isEditable: z.boolean(),
  nextRecordNumber: Num,
});
export type ReservationContext = z.infer<typeof ReservationContext>;

// ---- rules ---------------------------------------------------------------------------------------

/**
 * What each position takes from the reservation it uses (DOMAIN decision 7): positions in order, each
 * at most its amount and at most what is still unused of its reservation (`unused`: per reservation id,
 * without the movement being saved); 0 without reservation. The rest of a position is ordinary
 * spending. The server fixes these parts at save; the positions form previews them the same way.
 */
export function reservationParts(positions: readonly { amount: number; reservationId: number | null }[], unused: ReadonlyMap<number, number>): number[] {
  const left = new Map(unused);
  return positions.map((p) => {
    if (p.reservationId === null || p.amount <= 0) return 0;
    const part = Math.min(p.amount, Math.max(0, left.get(p.reservationId) ?? 0));
    left.set(p.reservationId, (left.get(p.reservationId) ?? 0) - part);
    return part;
  });
}

/** Why a reservation's amounts can't be saved: the field, the business error and the form's reason. */
export interface ReservationAmountProblem {
  code: 'InvalidValue';
  field: 'amountBooked' | 'amountUsed';
  /** `negative`: below 0; `belowPositions`: used below what movement positions use; `usedAbove`: booked below used. */
  reason: 'negative' | 'belowPositions' | 'usedAbove';
}

/**
 * The amount rule of a reservation (spec 3 §5, DOMAIN decision 7), checked in this order: no amount
 * below 0; the total used (`amountUsed`: positions + typed part) not below what the movement
 * positions use (`usedByPositions`); booked not below used. An empty amount (null, a form field left
 * empty) is the required-field check's, not judged here. The server refuses the first problem with
 * its code on its field, the form shows it before sending. Null: the amounts can be saved.
 */
export function reservationAmountProblem(amounts: {
  amountBooked: number | null;
  amountUsed: number | null;
  usedByPositions: number;
}): ReservationAmountProblem | null {
  const { amountBooked: booked, amountUsed: used } = amounts;
  const problem = (field: ReservationAmountProblem['field'], reason: ReservationAmountProblem['reason']) => ({ code: 'InvalidValue' as const, field, reason });
  if (booked !== null && booked < 0) return problem('amountBooked', 'negative');
  if (used !== null && used < 0) return problem('amountUsed', 'negative');
  if (used !== null && used < amounts.usedByPositions) return problem('amountUsed', 'belowPositions');
  if (booked !== null && used !== null && booked < used) return problem('amountBooked', 'usedAbove');
  return null;
}

/**
 * What a reservation still holds on its chapter line (DOMAIN decision 7): nothing once closed or
 * cancelled, else its unused part (booked − used, typed and by positions), never below 0. The same rule
 * as the chapter figures' SQL (`reservationRemainingSql` in packages/api services/ledger/counting.ts);
 * the reservation form's budget box counts with it.
 */
export function reservationRemaining(r: { closed: boolean; cancelled?: boolean | undefined; unused: number }): number {
  return r.closed || r.cancelled ? 0 : Math.max(0, r.unused);
}
