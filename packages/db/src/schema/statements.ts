import { boolean, char, date, index, integer, pgTable, primaryKey, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { accounts } from './baseData.ts';
import { movementPayments, movements } from './movements.ts';
import { paymentOrders } from './payments.ts';
import { departments, users } from './platform.ts';
import { money } from './types.ts';

/**
 * A bank statement confirmed into the books (issue 28): a camt.053 statement (or camt.054 notification) of one
 * account of the department, with its head as the bank sent it (statement id, dates, opening and closing booked
 * balance) and the SHA-256 of the file, so the same file imported again is recognised (unique per department).
 * Stored only by the confirmation (services/statements), in the transaction that booked its lines.
 */
export const bankStatements = pgTable(
  'bank_statements',
  {
    id: serial('id').primaryKey(),
    departmentId: integer('department_id')
      .notNull()
      .references(() => departments.id, { onDelete: 'restrict' }),
    year: integer('year').notNull(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'restrict' }),
    iban: varchar('iban', { length: 34 }).notNull(),
    /** camt.053 or camt.054. */
    message: varchar('message', { length: 10 }).notNull(),
    messageId: varchar('message_id', { length: 35 }).notNull(),
    statementId: varchar('statement_id', { length: 35 }).notNull(),
    sequenceNumber: integer('sequence_number'),
    createdOn: date('created_on', { mode: 'string' }).notNull(),
    fromDate: date('from_date', { mode: 'string' }),
    toDate: date('to_date', { mode: 'string' }),
    openingBalance: money('opening_balance'),
    openingDate: date('opening_date', { mode: 'string' }),
    closingBalance: money('closing_balance'),
    closingDate: date('closing_date', { mode: 'string' }),
    fileName: varchar('file_name', { length: 200 }).notNull().default(''),
    sha256: char('sha256', { length: 64 }).notNull(),
    entryCount: integer('entry_count').notNull(),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
    importedBy: integer('imported_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('bank_statements_sha256_uq').on(t.departmentId, t.sha256), index('bank_statements_account_idx').on(t.accountId, t.closingDate)],
);

/**
 * One line of a stored statement (an entry, or a transaction of a batch entry) with what the confirmation did
 * with it (`outcome`: registered, returned, settled, booked, skipped) and the booking it made: the movement
 * (a new revenue or expense), the order (registered or returned); the instalments it paid or returned are in
 * bank_statement_entry_payments. `entryKey`: the line's digest (domain StatementLine.key), so a line of a
 * later statement that was booked already is recognised.
 */
export const bankStatementEntries = pgTable(
  'bank_statement_entries',
  {
    id: serial('id').primaryKey(),
    statementId: integer('statement_id')
      .notNull()
      .references(() => bankStatements.id, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'restrict' }),
    lineIndex: integer('line_index').notNull(),
    entryKey: char('entry_key', { length: 64 }).notNull(),
    bookingDate: date('booking_date', { mode: 'string' }).notNull(),
    valueDate: date('value_date', { mode: 'string' }),
    amount: money('amount').notNull(),
    creditDebit: varchar('credit_debit', { length: 4 }).notNull(),
    reversal: boolean('reversal').notNull().default(false),
    endToEndId: varchar('end_to_end_id', { length: 35 }),
    msgId: varchar('msg_id', { length: 35 }),
    acctSvcrRef: varchar('acct_svcr_ref', { length: 35 }),
    counterpartyName: varchar('counterparty_name', { length: 140 }).notNull().default(''),
    counterpartyIban: varchar('counterparty_iban', { length: 34 }).notNull().default(''),
    remittance: varchar('remittance', { length: 500 }).notNull().default(''),
    outcome: varchar('outcome', { length: 12 }).notNull(),
    /** The movement the line booked (set null when it is deleted: the line is then not booked). */
    movementId: integer('movement_id').references(() => movements.id, { onDelete: 'set null' }),
    orderId: integer('order_id').references(() => paymentOrders.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('bank_statement_entries_line_uq').on(t.statementId, t.lineIndex),
    index('bank_statement_entries_key_idx').on(t.accountId, t.entryKey),
    index('bank_statement_entries_movement_idx').on(t.movementId),
    index('bank_statement_entries_order_idx').on(t.orderId),
  ],
);

/** The instalments a statement line paid (`paid`: registered, settled) or returned (`returned`). */
export const bankStatementEntryPayments = pgTable(
  'bank_statement_entry_payments',
  {
    entryId: integer('entry_id')
      .notNull()
      .references(() => bankStatementEntries.id, { onDelete: 'cascade' }),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => movementPayments.id, { onDelete: 'cascade' }),
    role: varchar('role', { length: 8 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.entryId, t.paymentId, t.role] }), index('bank_statement_entry_payments_payment_idx').on(t.paymentId)],
);

/**
 * The department's matching rules for statement lines (the cashier saves them): a line whose counterparty or
 * remittance contains `text` gets `chapter` in its drafted revenue (`kind` revenues) or expense.
 */
export const statementRules = pgTable(
  'statement_rules',
  {
    id: serial('id').primaryKey(),
    departmentId: integer('department_id')
      .notNull()
      .references(() => departments.id, { onDelete: 'restrict' }),
    kind: varchar('kind', { length: 10 }).notNull(),
    text: varchar('text', { length: 100 }).notNull(),
    chapter: varchar('chapter', { length: 5 }).notNull(),
  },
  (t) => [index('statement_rules_department_idx').on(t.departmentId)],
);
