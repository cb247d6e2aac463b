import { boolean, date, index, integer, pgTable, serial, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { departments } from './platform.ts';

/** Bank directory (ABI + CAB), shared by all departments; filled by the bank import. */
export const banks = pgTable(
  'banks',
  {
    id: serial('id').primaryKey(),
    /** ABI plus CAB, 10 characters. */
    key: varchar('key', { length: 10 }).notNull(),
    name1: varchar('name1', { length: 120 }).notNull(),
    name2: varchar('name2', { length: 120 }).notNull().default(''),
    street: varchar('street', { length: 40 }).notNull().default(''),
    location: varchar('location', { length: 40 }).notNull().default(''),
    postalCode: varchar('postal_code', { length: 10 }).notNull().default(''),
    province: varchar('province', { length: 2 }).notNull().default(''),
    country: varchar('country', { length: 3 }).notNull().default('IT'),
    isForeign: boolean('is_foreign').notNull().default(false),
    autoUpdate: boolean('auto_update').notNull().default(true),
    abi: varchar('abi', { length: 5 }).notNull().default(''),
    cab: varchar('cab', { length: 5 }).notNull().default(''),
    routingCode: varchar('routing_code', { length: 20 }).notNull().default(''),
    uicCode: varchar('uic_code', { length: 10 }).notNull().default(''),
    swift: varchar('swift', { length: 12 }).notNull().default(''),
    iban: varchar('iban', { length: 34 }).notNull().default(''),
    invalidFrom: date('invalid_from', { mode: 'string' }),
  },
  (t) => [uniqueIndex('banks_key_uq').on(t.key), index('banks_name2_idx').on(t.name2), index('banks_abi_cab_idx').on(t.abi, t.cab)],
);

/** Suppliers of a department, with their bank details. */
export const suppliers = pgTable(
  'suppliers',
  {
    id: serial('id').primaryKey(),
    departmentId: integer('department_id')
      .notNull()
      .references(() => departments.id, { onDelete: 'restrict' }),
    code: integer('code').notNull(),
    searchKey: varchar('search_key', { length: 30 }).notNull(),
    name1: varchar('name1', { length: 40 }).notNull(),
    name2: varchar('name2', { length: 40 }).notNull().default(''),
    street: varchar('street', { length: 40 }).notNull().default(''),
    country: varchar('country', { length: 3 }).notNull().default('IT'),
    postalCode: varchar('postal_code', { length: 10 }).notNull().default(''),
    location: varchar('location', { length: 40 }).notNull().default(''),
    province: varchar('province', { length: 2 }).notNull().default(''),
    isoCode: varchar('iso_code', { length: 2 }).notNull().default('IT'),
    vatCode: varchar('vat_code', { length: 12 }).notNull().default(''),
    taxCode: varchar('tax_code', { length: 16 }).notNull().default(''),
    paymentTerm: integer('payment_term').notNull().default(30),
    landlinePhone: varchar('landline_phone', { length: 40 }).notNull().default(''),
    mobilePhone: varchar('mobile_phone', { length: 40 }).notNull().default(''),
    fax: varchar('fax', { length: 40 }).notNull().default(''),
    email: varchar('email', { length: 50 }).notNull().default(''),
    internet: varchar('internet', { length: 50 }).notNull().default(''),
    contactPerson: varchar('contact_person', { length: 40 }).notNull().default(''),
    chapterProposal: varchar('chapter_proposal', { length: 5 }).notNull().default(''),
    language: varchar('language', { length: 2 }).notNull().default('de'),
    isInactive: boolean('is_inactive').notNull().default(false),
    bankId: integer('bank_id').references(() => banks.id, { onDelete: 'set null' }),
    bankName: varchar('bank_name', { length: 120 }).notNull().default(''),
    bankKey: varchar('bank_key', { length: 10 }).notNull().default(''),
    swift: varchar('swift', { length: 12 }).notNull().default(''),
    cin: varchar('cin', { length: 1 }).notNull().default(''),
    accountNumber: varchar('account_number', { length: 20 }).notNull().default(''),
    iban: varchar('iban', { length: 34 }).notNull().default(''),
  },
  (t) => [
    uniqueIndex('suppliers_dept_code_uq').on(t.departmentId, t.code),
    index('suppliers_dept_search_idx').on(t.departmentId, t.searchKey),
    index('suppliers_bank_idx').on(t.bankId),
  ],
);

/** Financial accounts of a department: 1 cash, 2 bank, 3 post. */
export const accounts = pgTable(
  'accounts',
  {
    id: serial('id').primaryKey(),
    departmentId: integer('department_id')
      .notNull()
      .references(() => departments.id, { onDelete: 'restrict' }),
    code: varchar('code', { length: 6 }).notNull(),
    type: smallint('type').notNull(),
    descriptionDeu: varchar('description_deu', { length: 50 }).notNull(),
    descriptionIta: varchar('description_ita', { length: 50 }).notNull(),
    notes: varchar('notes', { length: 200 }).notNull().default(''),
    inactive: boolean('inactive').notNull().default(false),
    iban: varchar('iban', { length: 34 }).notNull().default(''),
    bankName: varchar('bank_name', { length: 120 }).notNull().default(''),
    swift: varchar('swift', { length: 12 }).notNull().default(''),
  },
  (t) => [uniqueIndex('accounts_dept_code_uq').on(t.departmentId, t.code)],
);

/** Movement templates of a department: expense positions and transfer positions by chapter code. */
export const movementTemplates = pgTable(
  'movement_templates',
  {
    id: serial('id').primaryKey(),
    departmentId: integer('department_id')
      .notNull()
      .references(() => departments.id, { onDelete: 'restrict' }),
    code: integer('code').notNull(),
    descriptionDeu: varchar('description_deu', { length: 200 }).notNull(),
    descriptionIta: varchar('description_ita', { length: 200 }).notNull(),
  },
  (t) => [uniqueIndex('movement_templates_dept_code_uq').on(t.departmentId, t.code)],
);

export const movementTemplatePositions = pgTable(
  'movement_template_positions',
  {
    id: serial('id').primaryKey(),
    templateId: integer('template_id')
      .notNull()
      .references(() => movementTemplates.id, { onDelete: 'cascade' }),
    sort: integer('sort').notNull().default(0),
    /** 'expense' rows book one chapter; 'transfer' rows move from a revenue chapter to an expense chapter. */
    kind: varchar('kind', { length: 8 }).notNull(),
    chapter: varchar('chapter', { length: 5 }).notNull(),
    chapterTo: varchar('chapter_to', { length: 5 }),
  },
  (t) => [index('movement_template_positions_template_idx').on(t.templateId)],
);
