import { boolean, check, date, index, integer, pgTable, serial, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { accounts, suppliers } from './baseData.ts';
import { chapterBudgets } from './budget.ts';
import { departments } from './platform.ts';
import { reservations } from './reservations.ts';
import { money } from './types.ts';

/**
 * A movement (booking) head: one record of a scope, numbered gap-free per (department, year, kind)
 * through record_counters ('revenue' / 'expense'); the unique index stands behind the counter.
 * `kind` is 'revenues' (types 0, 5) or 'expenses' (1–4). A cancelled movement keeps its number and
 * head, its positions and transfer positions with their chapters and notes at amount 0 (DOMAIN
 * decisions 1 and 27: the chapter register lists it), each with the amount it had in
 * `cancelled_amount`; its instalments are kept as they were (counting 0).
 */
export const movements = pgTable(
  'movements',
  {
    id: serial('id').primaryKey(),
    departmentId: integer('department_id')
      .notNull()
      .references(() => departments.id, { onDelete: 'restrict' }),
    year: integer('year').notNull(),
    kind: varchar('kind', { length: 8 }).notNull(),
    recordNumber: integer('record_number').notNull(),
    type: smallint('type').notNull(),
    recordDate: date('record_date', { mode: 'string' }).notNull(),
    documentDate: date('document_date', { mode: 'string' }),
    documentNumber: varchar('document_number', { length: 50 }).notNull().default(''),
    supplierId: integer('supplier_id').references(() => suppliers.id, { onDelete: 'restrict' }),
    accountId: integer('account_id').references(() => accounts.id, { onDelete: 'restrict' }),
    templateCode: integer('template_code'),
    cancelled: boolean('cancelled').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('movements_record_uq').on(t.departmentId, t.year, t.kind, t.recordNumber),
    index('movements_scope_date_idx').on(t.departmentId, t.year, t.recordDate),
    index('movements_supplier_idx').on(t.supplierId),
    index('movements_account_idx').on(t.accountId),
    check('movements_kind_ck', sql`${t.kind} in ('revenues', 'expenses')`),
    check('movements_type_ck', sql`${t.type} between 0 and 5`),
  ],
);

/** A position: an amount on one chapter line (current or residue line of the scope). */
export const movementPositions = pgTable(
  'movement_positions',
  {
    id: serial('id').primaryKey(),
    movementId: integer('movement_id')
      .notNull()
      .references(() => movements.id, { onDelete: 'cascade' }),
    sort: integer('sort').notNull().default(0),
    chapterBudgetId: integer('chapter_budget_id')
      .notNull()
      .references(() => chapterBudgets.id, { onDelete: 'restrict' }),
    amount: money('amount').notNull(),
    note: varchar('note', { length: 200 }).notNull().default(''),
    /** The open reservation of the same line this position uses (DOMAIN decision 7). */
    reservationId: integer('reservation_id').references(() => reservations.id, { onDelete: 'restrict' }),
    /** The part of the amount taken from the reservation's unused amount at save (0..amount; 0 without reservation). */
    reservationAmount: money('reservation_amount').notNull().default(0),
    /**
     * On a cancelled movement's kept position (amount 0): the amount it had before the cancel, shown
     * struck through and counted nowhere (DOMAIN decision 27); null on a live position, and on one
     * cancelled before the amounts were kept whose amount could not be read back (migration 0017).
     */
    cancelledAmount: money('cancelled_amount'),
  },
  (t) => [
    index('movement_positions_movement_idx').on(t.movementId),
    // a line's positions with their amounts: the availability check and the union's dashboard sum a line's use from
    // the index alone (index-only scan, no heap visit per position; migration 0027)
    index('movement_positions_line_amount_idx').on(t.chapterBudgetId, t.amount),
    index('movement_positions_reservation_idx').on(t.reservationId),
    // 0 only on a cancelled movement's kept position (the save refuses 0)
    check('movement_positions_amount_ck', sql`${t.amount} >= 0`),
    check('movement_positions_reservation_amount_ck', sql`${t.reservationAmount} >= 0 and ${t.reservationAmount} <= ${t.amount}`),
    check('movement_positions_cancelled_amount_ck', sql`${t.cancelledAmount} is null or (${t.cancelledAmount} > 0 and ${t.amount} = 0)`),
  ],
);

/** A transfer position: moves an amount from one chapter line to another with no cash (both count as payments). */
export const movementTransferPositions = pgTable(
  'movement_transfer_positions',
  {
    id: serial('id').primaryKey(),
    movementId: integer('movement_id')
      .notNull()
      .references(() => movements.id, { onDelete: 'cascade' }),
    sort: integer('sort').notNull().default(0),
    fromChapterBudgetId: integer('from_chapter_budget_id')
      .notNull()
      .references(() => chapterBudgets.id, { onDelete: 'restrict' }),
    toChapterBudgetId: integer('to_chapter_budget_id')
      .notNull()
      .references(() => chapterBudgets.id, { onDelete: 'restrict' }),
    amount: money('amount').notNull(),
    note: varchar('note', { length: 200 }).notNull().default(''),
    /** As on movement_positions: the amount before the movement was cancelled (null: live, or not known). */
    cancelledAmount: money('cancelled_amount'),
  },
  (t) => [
    index('movement_transfer_positions_movement_idx').on(t.movementId),
    index('movement_transfer_positions_from_idx').on(t.fromChapterBudgetId),
    index('movement_transfer_positions_to_idx').on(t.toChapterBudgetId),
    // 0 only on a cancelled movement's kept transfer position (the save refuses 0)
    check('movement_transfer_positions_amount_ck', sql`${t.amount} >= 0`),
    check('movement_transfer_positions_cancelled_amount_ck', sql`${t.cancelledAmount} is null or (${t.cancelledAmount} > 0 and ${t.amount} = 0)`),
  ],
);

/**
 * An instalment of an expense: paid when datePaid is set (cash leaves the head's account that day, or
 * `accountId` when it was paid by hand on another account: DOMAIN decision 21).
 */
export const movementPayments = pgTable(
  'movement_payments',
  {
    id: serial('id').primaryKey(),
    movementId: integer('movement_id')
      .notNull()
      .references(() => movements.id, { onDelete: 'cascade' }),
    sort: integer('sort').notNull().default(0),
    amount: money('amount').notNull(),
    dateDue: date('date_due', { mode: 'string' }).notNull(),
    datePaid: date('date_paid', { mode: 'string' }),
    /** The account the paid instalment left (null: the movement head's account). Set by "pay an open instalment". */
    accountId: integer('account_id').references(() => accounts.id, { onDelete: 'restrict' }),
    /** The note of a payment by hand (cash, card, a manual transfer). */
    note: varchar('note', { length: 200 }).notNull().default(''),
  },
  (t) => [
    index('movement_payments_movement_idx').on(t.movementId),
    index('movement_payments_account_idx').on(t.accountId),
    index('movement_payments_due_idx').on(t.dateDue),
    check('movement_payments_amount_ck', sql`${t.amount} > 0`),
  ],
);

/**
 * The share of an instalment on a position (DOMAIN decision 4, written at save from the largest-
 * remainder split): per position the shares sum to its amount, per instalment to the instalment's,
 * so a chapter's paid and open figures are plain sums.
 */
export const movementPaymentShares = pgTable(
  'movement_payment_shares',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => movementPayments.id, { onDelete: 'cascade' }),
    positionId: integer('position_id')
      .notNull()
      .references(() => movementPositions.id, { onDelete: 'cascade' }),
    amount: money('amount').notNull(),
  },
  (t) => [
    uniqueIndex('movement_payment_shares_uq').on(t.paymentId, t.positionId),
    index('movement_payment_shares_position_idx').on(t.positionId),
    check('movement_payment_shares_amount_ck', sql`${t.amount} >= 0`),
  ],
);
