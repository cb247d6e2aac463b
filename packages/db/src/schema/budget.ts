import { date, index, integer, pgTable, primaryKey, serial, timestamp, uniqueIndex, varchar, boolean } from 'drizzle-orm/pg-core';
import { chapters } from './chart.ts';
import { departments } from './platform.ts';
import { money } from './types.ts';

/**
 * One row per scope: the forecast approval (budget approved), the final-account approval (budget
 * closed) and the presumed administrative surplus of the forecast.
 */
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
    cashBalance: money('cash_balance').notNull().default(0),
    revenuesActual: money('revenues_actual').notNull().default(0),
    revenuesResidue: money('revenues_residue').notNull().default(0),
    expensesActual: money('expenses_actual').notNull().default(0),
    expensesResidue: money('expenses_residue').notNull().default(0),
    surplusUsed: money('surplus_used').notNull().default(0),
  },
  (t) => [uniqueIndex('budget_heads_scope_uq').on(t.departmentId, t.year), index('budget_heads_year_idx').on(t.year)],
);

/**
 * A chapter line of a scope: `chapterYear == year` is the current management (its budgetInitial is
 * the forecast amount), `chapterYear < year` a residue line carried over. The chapter is the one of
 * the chart of `chapterYear`.
 */
export const chapterBudgets = pgTable(
  'chapter_budgets',
  {
    id: serial('id').primaryKey(),
    departmentId: integer('department_id')
      .notNull()
      .references(() => departments.id, { onDelete: 'restrict' }),
    year: integer('year').notNull(),
    chapterId: integer('chapter_id')
      .notNull()
      .references(() => chapters.id, { onDelete: 'restrict' }),
    chapterYear: integer('chapter_year').notNull(),
    budgetInitial: money('budget_initial').notNull().default(0),
    reminder: boolean('reminder').notNull().default(false),
    notes: varchar('notes', { length: 200 }).notNull().default(''),
    /** Names typed for an editable (empty) chapter in the forecast; '' means the chart's names. */
    descriptionDeu: varchar('description_deu', { length: 200 }).notNull().default(''),
    descriptionIta: varchar('description_ita', { length: 200 }).notNull().default(''),
    /** Determined at year end; null while not determined. */
    finalResidue: money('final_residue'),
    /** The residue's bounds when it was determined (open payments + reservations, availability): a line whose bounds moved since is "changed" (DOMAIN decision 24). Null while undetermined. */
    residueMinimum: money('residue_minimum'),
    residueMaximum: money('residue_maximum'),
  },
  (t) => [uniqueIndex('chapter_budgets_uq').on(t.departmentId, t.year, t.chapterId, t.chapterYear), index('chapter_budgets_chapter_idx').on(t.chapterId)],
);

/**
 * Previous-year amounts typed into the forecast of a department's first year in the system (no
 * forecast of year - 1 exists, so nothing can be derived). Per chapter of the scope year's chart.
 */
export const forecastPrevAmounts = pgTable(
  'forecast_prev_amounts',
  {
    id: serial('id').primaryKey(),
    departmentId: integer('department_id')
      .notNull()
      .references(() => departments.id, { onDelete: 'restrict' }),
    year: integer('year').notNull(),
    chapterId: integer('chapter_id')
      .notNull()
      .references(() => chapters.id, { onDelete: 'cascade' }),
    amount: money('amount').notNull(),
  },
  (t) => [uniqueIndex('forecast_prev_amounts_uq').on(t.departmentId, t.year, t.chapterId), index('forecast_prev_amounts_chapter_idx').on(t.chapterId)],
);

/** Budget changes (recordNumber >= 1) and the adjustment (recordNumber -1, one per scope). */
export const budgetChanges = pgTable(
  'budget_changes',
  {
    id: serial('id').primaryKey(),
    departmentId: integer('department_id')
      .notNull()
      .references(() => departments.id, { onDelete: 'restrict' }),
    year: integer('year').notNull(),
    recordNumber: integer('record_number').notNull(),
    approved: date('approved', { mode: 'string' }),
    notes: varchar('notes', { length: 200 }).notNull().default(''),
    /** Adjustment only: the actual surplus replacing the presumed one. */
    surplusActual: money('surplus_actual'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('budget_changes_record_uq').on(t.departmentId, t.year, t.recordNumber)],
);

export const budgetChangePositions = pgTable(
  'budget_change_positions',
  {
    id: serial('id').primaryKey(),
    changeId: integer('change_id')
      .notNull()
      .references(() => budgetChanges.id, { onDelete: 'cascade' }),
    chapterBudgetId: integer('chapter_budget_id')
      .notNull()
      .references(() => chapterBudgets.id, { onDelete: 'restrict' }),
    amount: money('amount').notNull(),
    /** Names typed for an editable (empty) chapter in the adjustment. */
    descriptionDeu: varchar('description_deu', { length: 200 }).notNull().default(''),
    descriptionIta: varchar('description_ita', { length: 200 }).notNull().default(''),
  },
  (t) => [uniqueIndex('budget_change_positions_uq').on(t.changeId, t.chapterBudgetId), index('budget_change_positions_cb_idx').on(t.chapterBudgetId)],
);

/** Gap-free record numbers per scope and kind, taken `FOR UPDATE` inside the writing transaction. */
export const recordCounters = pgTable(
  'record_counters',
  {
    departmentId: integer('department_id')
      .notNull()
      .references(() => departments.id, { onDelete: 'restrict' }),
    year: integer('year').notNull(),
    kind: varchar('kind', { length: 20 }).notNull(),
    last: integer('last').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.departmentId, t.year, t.kind] })],
);
