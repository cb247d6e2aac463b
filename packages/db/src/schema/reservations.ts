import { type AnyPgColumn, boolean, check, date, index, integer, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { chapterBudgets } from './budget.ts';
import { departments } from './platform.ts';
import { money } from './types.ts';

/**
 * A reservation (commitment) on an expense chapter line (current or residue line of the scope),
 * numbered gap-free per (department, year) through record_counters ('reservation'). Its amountUsed
 * is derived: `amount_used_typed` (use outside the system, typed on the form) plus the parts the
 * movement positions linked to it consume (movement_positions.reservation_amount). A closed
 * reservation no longer reserves (DOMAIN decision 7).
 */
export const reservations = pgTable(
  'reservations',
  {
    id: serial('id').primaryKey(),
    departmentId: integer('department_id')
      .notNull()
      .references(() => departments.id, { onDelete: 'restrict' }),
    year: integer('year').notNull(),
    recordNumber: integer('record_number').notNull(),
    recordDate: date('record_date', { mode: 'string' }).notNull(),
    note: varchar('note', { length: 200 }).notNull().default(''),
    chapterBudgetId: integer('chapter_budget_id')
      .notNull()
      .references(() => chapterBudgets.id, { onDelete: 'restrict' }),
    amountBooked: money('amount_booked').notNull(),
    amountUsedTyped: money('amount_used_typed').notNull().default(0),
    closed: boolean('closed').notNull().default(false),
    /** An earlier record "deleted" keeps its number (DOMAIN decision 1): amounts 0, closed, shown as cancelled. */
    cancelled: boolean('cancelled').notNull().default(false),
    /**
     * On a cancelled reservation (amount booked 0): the amount booked before the cancel, shown struck
     * through and counted nowhere (DOMAIN decision 27); null on a live one, and on one cancelled before
     * the amounts were kept (migration 0018).
     */
    cancelledAmount: money('cancelled_amount'),
    /**
     * Carry-over (DOMAIN decision 13): the open reservation of the previous year this one continues on
     * the new year's residue line (its remaining amount at the run). One copy per source: a re-run updates it.
     */
    carriedFromId: integer('carried_from_id').references((): AnyPgColumn => reservations.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reservations_record_uq').on(t.departmentId, t.year, t.recordNumber),
    index('reservations_line_idx').on(t.chapterBudgetId),
    uniqueIndex('reservations_carried_from_uq').on(t.carriedFromId),
    check('reservations_booked_ck', sql`${t.amountBooked} >= 0`),
    check('reservations_used_typed_ck', sql`${t.amountUsedTyped} >= 0`),
    check('reservations_cancelled_amount_ck', sql`${t.cancelledAmount} is null or (${t.cancelledAmount} > 0 and ${t.amountBooked} = 0)`),
  ],
);
