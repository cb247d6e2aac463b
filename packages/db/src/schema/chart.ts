import { boolean, index, integer, pgTable, serial, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { etsCategories } from './ets.ts';

/** Chart of accounts per area (1 union, 2 district, 3 department) and year. */
export const titles = pgTable(
  'titles',
  {
    id: serial('id').primaryKey(),
    year: integer('year').notNull(),
    area: smallint('area').notNull(),
    part: smallint('part').notNull(),
    title: smallint('title').notNull(),
    descriptionDeu: varchar('description_deu', { length: 100 }).notNull(),
    descriptionIta: varchar('description_ita', { length: 100 }).notNull(),
  },
  (t) => [uniqueIndex('titles_uq').on(t.area, t.year, t.part, t.title)],
);

export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    year: integer('year').notNull(),
    area: smallint('area').notNull(),
    part: smallint('part').notNull(),
    category: varchar('category', { length: 2 }).notNull(),
    descriptionDeu: varchar('description_deu', { length: 100 }).notNull(),
    descriptionIta: varchar('description_ita', { length: 100 }).notNull(),
  },
  (t) => [uniqueIndex('categories_uq').on(t.area, t.year, t.part, t.category)],
);

export const chapters = pgTable(
  'chapters',
  {
    id: serial('id').primaryKey(),
    year: integer('year').notNull(),
    area: smallint('area').notNull(),
    part: smallint('part').notNull(),
    /** Full 5-character code: part digit, title digit, 3-character rest. */
    chapter: varchar('chapter', { length: 5 }).notNull(),
    title: smallint('title').notNull(),
    chapterShort: varchar('chapter_short', { length: 3 }).notNull(),
    searchKeyDeu: varchar('search_key_deu', { length: 30 }).notNull().default(''),
    searchKeyIta: varchar('search_key_ita', { length: 30 }).notNull().default(''),
    descriptionDeu: varchar('description_deu', { length: 200 }).notNull().default(''),
    descriptionIta: varchar('description_ita', { length: 200 }).notNull().default(''),
    emptyChapter: boolean('empty_chapter').notNull().default(false),
    municipalContrib: boolean('municipal_contrib').notNull().default(false),
    categoryId: integer('category_id').references(() => categories.id, { onDelete: 'restrict' }),
    titleId: integer('title_id').references(() => titles.id, { onDelete: 'restrict' }),
    etsCategoryId: integer('ets_category_id').references(() => etsCategories.id, { onDelete: 'restrict' }),
    notes: varchar('notes', { length: 1000 }).notNull().default(''),
  },
  (t) => [
    uniqueIndex('chapters_uq').on(t.area, t.year, t.chapter),
    index('chapters_area_year_part_idx').on(t.area, t.year, t.part),
    index('chapters_category_idx').on(t.categoryId),
    index('chapters_title_idx').on(t.titleId),
  ],
);
