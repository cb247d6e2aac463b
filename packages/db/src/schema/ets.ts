import { pgTable, serial, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/**
 * Categories of the Italian third-sector cash report (rendiconto per cassa, ETS). Reference data
 * filled by a migration; chapters map to one of them.
 */
export const etsCategories = pgTable(
  'ets_categories',
  {
    id: serial('id').primaryKey(),
    /** 1 receipts (revenues), 2 payments (expenses). */
    part: smallint('part').notNull(),
    /** Section letter A..E, or I for investments. */
    section: varchar('section', { length: 2 }).notNull(),
    code: varchar('code', { length: 6 }).notNull(),
    descriptionDeu: varchar('description_deu', { length: 200 }).notNull(),
    descriptionIta: varchar('description_ita', { length: 200 }).notNull(),
    sort: smallint('sort').notNull().default(0),
  },
  (t) => [uniqueIndex('ets_categories_uq').on(t.part, t.code)],
);
