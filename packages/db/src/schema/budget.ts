import { date, integer, pgTable, serial, uniqueIndex } from 'drizzle-orm/pg-core';
import { departments } from './platform.ts';

/** One row per scope: the forecast approval (budget approved) and the final-account approval (budget closed). */
export const budgetHeads = pgTable(
  'budget_heads',
  {
    id: serial('id').primaryKey(),
    departmentId: integer('department_id')
      .notNull()
      .references(() => departments.id, { onDelete: 'restrict' }),
    year: integer('year').notNull(),
    forecastApproved: date('forecast_approved', { mode: 'string' }),
    finalApproved: date('final_approved', { mode: 'string' }),
  },
  (t) => [uniqueIndex('budget_heads_scope_uq').on(t.departmentId, t.year)],
);
