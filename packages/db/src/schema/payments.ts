import { boolean, check, date, index, integer, pgTable, serial, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { accounts } from './baseData.ts';
import { movementPayments, movements } from './movements.ts';
import { departments, users } from './platform.ts';

/**
 * A stored payment order (homebanking, DOMAIN decisions 10-11): numbered gap-free per (department,
 * year) through record_counters ('paymentOrder'); the file's MsgId derives from that number, so a
 * re-export of the stored order gives the same MsgId. Registered once (registered_at, date_paid,
 * registered_by): then its ticked instalments carry date_paid and the unticked ones have left it.
 */
export const paymentOrders = pgTable(
  'payment_orders',
  {
    id: serial('id').primaryKey(),
    departmentId: integer('department_id')
      .notNull()
      .references(() => departments.id, { onDelete: 'restrict' }),
    year: integer('year').notNull(),
    orderNumber: integer('order_number').notNull(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'restrict' }),
    /** 1 domestic (CBI), 2 foreign (pain.001). */
    paymentRange: smallint('payment_range').notNull(),
    groupInvoices: boolean('group_invoices').notNull().default(false),
    /** The requested execution date (ReqdExctnDt). */
    paymentDate: date('payment_date', { mode: 'string' }).notNull(),
    filename: varchar('filename', { length: 50 }).notNull(),
    msgId: varchar('msg_id', { length: 35 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    registeredAt: timestamp('registered_at', { withTimezone: true }),
    datePaid: date('date_paid', { mode: 'string' }),
    registeredBy: integer('registered_by').references(() => users.id, { onDelete: 'set null' }),
    /** Cancelled before registration (DOMAIN decision 6): its instalments left it; it keeps its number and MsgId (never reused: a bank may have seen the file). */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payment_orders_number_uq').on(t.departmentId, t.year, t.orderNumber),
    index('payment_orders_account_idx').on(t.accountId),
    check('payment_orders_range_ck', sql`${t.paymentRange} in (1, 2)`),
  ],
);

/**
 * An instalment in a stored order. The unique index on payment_id keeps an instalment in at most one
 * order: two concurrent stores of the same instalments can't both succeed (a bill is never paid twice).
 * An instalment the bank returned (DOMAIN decision 22) stays in its registered order with `returnedOn`
 * (the protocol shows it; the cash came back on the order's account that day) and is open again, so the
 * unique index holds only the items not returned: a returned instalment can go into a new order.
 */
export const paymentOrderItems = pgTable(
  'payment_order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => paymentOrders.id, { onDelete: 'cascade' }),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => movementPayments.id, { onDelete: 'restrict' }),
    movementId: integer('movement_id')
      .notNull()
      .references(() => movements.id, { onDelete: 'restrict' }),
    /** The date the bank returned the transfer (null: not returned). */
    returnedOn: date('returned_on', { mode: 'string' }),
    returnedAt: timestamp('returned_at', { withTimezone: true }),
    returnedBy: integer('returned_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('payment_order_items_payment_uq')
      .on(t.paymentId)
      .where(sql`${t.returnedOn} is null`),
    // the returned items by instalment (the cash sources' returnedInstalments, the protocol): few rows, so
    // the cash journal and balances start from them instead of scanning every order's items
    index('payment_order_items_returned_idx')
      .on(t.paymentId)
      .where(sql`${t.returnedOn} is not null`),
    index('payment_order_items_order_idx').on(t.orderId),
    index('payment_order_items_movement_idx').on(t.movementId),
  ],
);
