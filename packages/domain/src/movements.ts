import { z } from 'zod';
import { Id, Int, safeString } from './primitives.ts';
import { IsoDate } from './dates.ts';
import { boundedTotal, Cents, PositiveCents } from './money.ts';
import { PartSchema, TypedChapterCode } from './chapterCode.ts';
import { ChapterRef, hasChapter } from './budgetFields.ts';
import { PageInput } from './paging.ts';
import { NullNum, NullText, Num, pageOf, Text } from './outputs.ts';
import { ScopeInput, Year } from './scope.ts';
import { AccountTypeSchema } from './accounts.ts';
import { MovementKindSchema, MovementTypeSchema } from './movementTypes.ts';

// Movements (spec 3 §2–§5, DOMAIN.md "Bookings" and "Decisions for part 3"): the inputs and answers
// of the movements procedures. Amounts are integer cents (`Cents`, euros on the REST wire), dates
// `YYYY-MM-DD`. The rules live in movementTypes.ts, payments.ts and the server's services.

export const MOVEMENT_LIMITS = { documentNumber: 50, note: 200, search: 50, positions: 500, payments: 100 } as const;

/** A record number as typed: 1 or more. */
export const RecordNumber = Int.min(1, 'InvalidValue');

/** One movement of the scope: revenues and expenses each have their own record numbers. */
export const MovementKey = ScopeInput.extend({ kind: MovementKindSchema, recordNumber: RecordNumber });
export type MovementKey = z.infer<typeof MovementKey>;

/**
 * The picker of existing records of a kind (paged, newest first). `search` matches the record
 * number, the record or document date (`DD.MM.YYYY`, `DD.MM.YY` or `YYYY-MM-DD`), the document number
 * and the supplier (code, names, search key); empty lists all.
 */
export const MovementListInput = ScopeInput.extend({
  kind: MovementKindSchema,
  search: safeString().trim().max(MOVEMENT_LIMITS.search, 'TooLong').default(''),
}).extend(PageInput.shape);
export type MovementListInput = z.infer<typeof MovementListInput>;

const Note = safeString().trim().max(MOVEMENT_LIMITS.note, 'TooLong').default('');

/**
 * A chapter line as a position names it: the chapter by id or 5-character code, and the chapter year
 * of its budget line (default the scope year; an earlier year is a residue line, whose chapter is
 * the one of that year's chart).
 */
export const ChapterLineRef = z.object({ chapterYear: Year.optional(), ...ChapterRef });
export type ChapterLineRef = z.infer<typeof ChapterLineRef>;

/**
 * A position: a chapter line and a positive amount (0 is dropped before saving; below 0 is InvalidValue).
 * `reservationId`: an expense position may use an open reservation of the same line (DOMAIN decision 7):
 * it takes up to its amount from the reservation's unused part (the rest is ordinary spending).
 */
export const MovementPositionInput = ChapterLineRef.extend({
  amount: PositiveCents,
  note: Note,
  reservationId: Id.nullish().transform((v) => v ?? null),
}).refine(hasChapter, {
  message: 'Required',
  path: ['chapter'],
});
export type MovementPositionInput = z.infer<typeof MovementPositionInput>;

/**
 * A transfer position (types 3 and 5; on another expense type the supervisor's inter-part mode):
 * moves `amount` from one chapter line to another with no cash, one a revenue and one an expense
 * chapter; both count as payments (collected / paid). Each side by id or code, with its chapter year.
 */
export const TransferPositionInput = z
  .object({
    chapterFromId: Id.nullish().transform((v) => v ?? undefined),
    chapterFrom: TypedChapterCode.optional(),
    chapterYearFrom: Year.optional(),
    chapterToId: Id.nullish().transform((v) => v ?? undefined),
    chapterTo: TypedChapterCode.optional(),
    chapterYearTo: Year.optional(),
    amount: PositiveCents,
    note: Note,
  })
  .refine((v) => hasChapter({ chapterId: v.chapterFromId, chapter: v.chapterFrom }), { message: 'Required', path: ['chapterFrom'] })
  .refine((v) => hasChapter({ chapterId: v.chapterToId, chapter: v.chapterTo }), { message: 'Required', path: ['chapterTo'] });
export type TransferPositionInput = z.infer<typeof TransferPositionInput>;

/** An instalment: amount, due date (required), date paid (null: open). */
export const PaymentInput = z.object({ amount: PositiveCents, dateDue: IsoDate, datePaid: IsoDate.nullable().default(null) });
export type PaymentInput = z.infer<typeof PaymentInput>;

/**
 * Movements.save: head, positions, transfer positions and payments as one whole.
 * - New record: `recordNumber` null (the next number is assigned) or, with `asNew`, the typed number,
 *   which must be the next one (InvalidRecordNumber; a number in use is RecordNumberUsed).
 * - Existing record: its `recordNumber` without `asNew` (RecordNotFound when there is none); the
 *   positions, transfer positions and payments replace the saved ones; the type can't change.
 * - `kind` must be the kind of `type`. Payments: PaymentOpen (2) sends its instalments (empty: one
 *   open payment for the total, due at the default due date); other types send none (PaymentDone and
 *   Wages get one payment paid at the record date). `confirmAvailableExceeded`: the user confirmed
 *   "exceeds available, continue?".
 */
export const MovementSaveInput = ScopeInput.extend({
  kind: MovementKindSchema,
  recordNumber: RecordNumber.nullable().default(null),
  asNew: z.boolean().default(false),
  type: MovementTypeSchema,
  recordDate: IsoDate,
  documentDate: IsoDate.nullable().default(null),
  documentNumber: safeString().trim().max(MOVEMENT_LIMITS.documentNumber, 'TooLong').default(''),
  supplierId: Id.nullable().default(null),
  accountId: Id.nullable().default(null),
  templateCode: Id.nullable().default(null),
  positions: z.array(MovementPositionInput).max(MOVEMENT_LIMITS.positions).default([]),
  transferPositions: z.array(TransferPositionInput).max(MOVEMENT_LIMITS.positions).default([]),
  payments: z.array(PaymentInput).max(MOVEMENT_LIMITS.payments).default([]),
  confirmAvailableExceeded: z.boolean().default(false),
})
  // every total the movement makes (its total, its transfer total, its instalments, a line's figures) holds in Cents
  .superRefine(boundedTotal('positions', (v) => v.positions.map((p) => p.amount)))
  .superRefine(boundedTotal('transferPositions', (v) => [...v.positions, ...v.transferPositions].map((p) => p.amount)))
  .superRefine(boundedTotal('payments', (v) => v.payments.map((p) => p.amount)));
export type MovementSaveInput = z.input<typeof MovementSaveInput>;
export type MovementSave = z.infer<typeof MovementSaveInput>;

/**
 * Movements.chaptersBefore: the figures of each named chapter line without the movement `movementId`
 * (none: all bookings), for the positions form's before/after preview.
 */
export const ChaptersBeforeInput = ScopeInput.extend({
  movementId: Id.nullish().transform((v) => v ?? undefined),
  chapters: z
    .array(ChapterLineRef.refine(hasChapter, { message: 'Required', path: ['chapter'] }))
    .min(1)
    .max(MOVEMENT_LIMITS.positions),
});
export type ChaptersBeforeInput = z.infer<typeof ChaptersBeforeInput>;

export const MovementContextInput = ScopeInput.extend({ kind: MovementKindSchema });
export type MovementContextInput = z.infer<typeof MovementContextInput>;

// ---- answers ---------------------------------------------------------------------------------

export const MovementSupplierBrief = z.strictObject({ id: Num, code: Num, name1: Text, name2: Text, paymentTerm: Num, chapterProposal: Text });
export type MovementSupplierBrief = z.infer<typeof MovementSupplierBrief>;

export const MovementAccountBrief = z.strictObject({ id: Num, code: Text, type: AccountTypeSchema, descriptionDeu: Text, descriptionIta: Text });
export type MovementAccountBrief = z.infer<typeof MovementAccountBrief>;

/**
 * A row of the record picker. `amount`: positions + transfer positions (0 when cancelled);
 * `originalAmount`: what they were booked at (a cancelled record's amounts before the cancel; null when
 * one of them is not known, cancelled before the amounts were kept).
 */
export const MovementListItem = z.strictObject({
  id: Num,
  kind: MovementKindSchema,
  recordNumber: Num,
  type: MovementTypeSchema,
  recordDate: Text,
  documentDate: NullText,
  documentNumber: Text,
  supplierId: NullNum,
  supplierCode: NullNum,
  supplierName: Text,
  amount: Cents,
  originalAmount: Cents.nullable(),
  /** Every instalment paid (types without payments: true). */
  isPaid: z.boolean(),
  cancelled: z.boolean(),
  /** The receipts attached to the record (issue 28: the paperclip beside it). */
  receipts: Num,
});
export type MovementListItem = z.infer<typeof MovementListItem>;

export const MovementListPage = pageOf(MovementListItem);
export type MovementListPage = z.infer<typeof MovementListPage>;

const ChapterLineFields = {
  chapterId: Num,
  chapter: Text,
  chapterYear: Num,
  part: PartSchema,
  descriptionDeu: Text,
  descriptionIta: Text,
};

/**
 * A saved position with its chapter; `paid` + `open` = `amount` (the instalments spread to the cent).
 * The reservation it uses (null: none) by id and record number; `reservationAmount` the part of the
 * amount taken from the reservation's unused amount at save (0..amount).
 *
 * On a cancelled movement (DOMAIN decision 27) every position is kept with its chapter and note and
 * `cancelled: true`: `amount`, `paid`, `open` and `reservationAmount` are 0 (what counts), and
 * `originalAmount` is the amount it had before the cancel (null only for a record cancelled before the
 * amounts were kept, when it could not be read back). On a live position `originalAmount` = `amount`.
 */
export const MovementPosition = z.strictObject({
  id: Num,
  ...ChapterLineFields,
  amount: Cents,
  note: Text,
  paid: Cents,
  open: Cents,
  reservationId: NullNum,
  reservationRecordNumber: NullNum,
  reservationAmount: Cents,
  cancelled: z.boolean(),
  originalAmount: Cents.nullable(),
});
export type MovementPosition = z.infer<typeof MovementPosition>;

const ChapterSide = z.strictObject(ChapterLineFields);

/** A saved transfer position; `cancelled` and `originalAmount` as on MovementPosition. */
export const MovementTransferPosition = z.strictObject({
  id: Num,
  from: ChapterSide,
  to: ChapterSide,
  amount: Cents,
  note: Text,
  cancelled: z.boolean(),
  originalAmount: Cents.nullable(),
});
export type MovementTransferPosition = z.infer<typeof MovementTransferPosition>;

/**
 * A saved instalment. `accountId`/`note`: what a payment by hand recorded (DOMAIN decision 21; null: the
 * cash leaves the movement's account); `orderNumber` the stored order holding it (null: none).
 */
export const MovementPayment = z.strictObject({
  id: Num,
  amount: Cents,
  dateDue: Text,
  datePaid: NullText,
  accountId: NullNum,
  note: Text,
  orderNumber: NullNum,
});
export type MovementPayment = z.infer<typeof MovementPayment>;

/** A movement as saved (Movements.get, the answer of Movements.save). */
export const Movement = z.strictObject({
  id: Num,
  kind: MovementKindSchema,
  recordNumber: Num,
  type: MovementTypeSchema,
  recordDate: Text,
  documentDate: NullText,
  documentNumber: Text,
  templateCode: NullNum,
  supplier: MovementSupplierBrief.nullable(),
  account: MovementAccountBrief.nullable(),
  positions: z.array(MovementPosition),
  transferPositions: z.array(MovementTransferPosition),
  payments: z.array(MovementPayment),
  /** Sum of the positions (the cash part). */
  total: Cents,
  /** Sum of the transfer positions. */
  transferTotal: Cents,
  /** Cancelled (DOMAIN decisions 1, 27): keeps its number, positions, notes and instalments; its amounts count zero (originalAmount on each position). */
  cancelled: z.boolean(),
  /** False when the budget is closed, not approved or the year is locked, or the movement is cancelled. */
  isEditable: z.boolean(),
  /**
   * The payment order holding an instalment of the bill (DOMAIN decisions 6, 22), null when none: while
   * it is only stored the bill is frozen; once registered only the positions' chapters and notes may be
   * corrected (the amounts, instalments and account stay as the bank paid them).
   */
  bankOrder: z.strictObject({ orderNumber: Num, orderYear: Num, registered: z.boolean() }).nullable(),
});
export type Movement = z.infer<typeof Movement>;

/** Movements.delete: the latest record of its kind was deleted (its number given back) or an earlier one cancelled. */
export const MovementDeleteResult = z.strictObject({ deleted: z.boolean(), cancelled: z.boolean(), recordNumber: Num });
export type MovementDeleteResult = z.infer<typeof MovementDeleteResult>;

/** The budget-per-chapter figures of one chapter line without the movement (keyed by chapterId/chapter and chapterYear). */
export const ChapterBefore = z.strictObject({
  ...ChapterLineFields,
  /** The budget line (null: the chapter has no line in the scope: chapterNotAvailable when booked). */
  lineId: NullNum,
  budgetInitial: Cents,
  budgetChanges: Cents,
  budgetFinal: Cents,
  payments: Cents,
  openPayments: Cents,
  reservations: Cents,
  availableAfterDonePayments: Cents,
  availableAfterPlannedExpenses: Cents,
  toReceive: Cents,
});
export type ChapterBefore = z.infer<typeof ChapterBefore>;

const FieldRuleSchema = z.enum(['hidden', 'optional', 'required']);

/** What the head form needs for a kind: type options and field rules per type, budget state, default account. */
export const MovementContext = z.strictObject({
  kind: MovementKindSchema,
  typeOptions: z.array(MovementTypeSchema),
  fieldRules: z.array(
    z.strictObject({
      type: MovementTypeSchema,
      documentNumber: FieldRuleSchema,
      documentDate: FieldRuleSchema,
      supplier: FieldRuleSchema,
      account: FieldRuleSchema,
      template: FieldRuleSchema,
    }),
  ),
  isBudgetApproved: z.boolean(),
  isBudgetClosed: z.boolean(),
  isYearLocked: z.boolean(),
  /** Bookings can be saved (approved, not closed, year open). */
  isEditable: z.boolean(),
  /** Only a supervisor may switch a non-transfer expense into inter-part transfer mode. */
  canInterPartTransfer: z.boolean(),
  openPaymentsAllowed: z.boolean(),
  /** The first active account of the department by code (null: none). */
  defaultAccount: MovementAccountBrief.nullable(),
  /** The record number a new record gets now. */
  nextRecordNumber: Num,
});
export type MovementContext = z.infer<typeof MovementContext>;
