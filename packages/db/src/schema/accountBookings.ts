import { boolean, check, date, index, integer, pgTable, primaryKey, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { accounts } from './baseData.ts';
import { departments } from './platform.ts';
import { money } from './types.ts';

/**
 * An account transfer: money moved between two accounts of the department (no budget effect),
 * numbered gap-free per (department, year) through record_counters ('accountTransfer').
 */
export const accountTransfers = pgTable(
  'account_transfers',
  {
    id: serial('id').primaryKey(),
    departmentId: integer('department_id')
      .notNull()
      .references(() => departments.id, { onDelete: 'restrict' }),
    year: integer('year').notNull(),
    recordNumber: integer('record_number').notNull(),
    recordDate: date('record_date', { mode: 'string' }).notNull(),
    note: varchar('note', { length: 200 }).notNull().default(''),
    accountFromId: integer('account_from_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'restrict' }),
    accountToId: integer('account_to_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'restrict' }),
    amount: money('amount').notNull(),
    /** An earlier record "deleted" keeps its number (DOMAIN decision 1): amount 0, shown as cancelled. */
    cancelled: boolean('cancelled').notNull().default(false),
    /** As on reservations: the amount before the transfer was cancelled (null: live, or cancelled before migration 0018). */
    cancelledAmount: money('cancelled_amount'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('account_transfers_record_uq').on(t.departmentId, t.year, t.recordNumber),
    index('account_transfers_from_idx').on(t.accountFromId),
    index('account_transfers_to_idx').on(t.accountToId),
    check('account_transfers_amount_ck', sql`${t.amount} > 0 or (${t.cancelled} and ${t.amount} = 0)`),
    check('account_transfers_cancelled_amount_ck', sql`${t.cancelledAmount} is null or (${t.cancelledAmount} > 0 and ${t.amount} = 0)`),
    check('account_transfers_accounts_ck', sql`${t.accountFromId} <> ${t.accountToId}`),
  ],
);

/**
 * The initial balance of an account in a year (Accounts/Balance). Typed only in the department's
 * first year; in later years it is the previous year's final balance (DOMAIN decision 8), written
 * when the year's accounts are copied into the next year. No row means 0.
 */
export const accountBalances = pgTable(
  'account_balances',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    year: integer('year').notNull(),
    initialBalance: money('initial_balance').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.year] })],
);
