import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/** Departments (brigades), districts and the union; the area is derived from the code. */
export const departments = pgTable(
  'departments',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 3 }).notNull(),
    name1Deu: varchar('name1_deu', { length: 40 }).notNull(),
    name2Deu: varchar('name2_deu', { length: 40 }).notNull().default(''),
    name1Ita: varchar('name1_ita', { length: 40 }).notNull(),
    name2Ita: varchar('name2_ita', { length: 40 }).notNull().default(''),
    streetDeu: varchar('street_deu', { length: 40 }).notNull().default(''),
    streetIta: varchar('street_ita', { length: 40 }).notNull().default(''),
    locationDeu: varchar('location_deu', { length: 40 }).notNull().default(''),
    locationIta: varchar('location_ita', { length: 40 }).notNull().default(''),
    municipalityDeu: varchar('municipality_deu', { length: 40 }).notNull().default(''),
    municipalityIta: varchar('municipality_ita', { length: 40 }).notNull().default(''),
    postalCode: varchar('postal_code', { length: 10 }).notNull().default(''),
    province: varchar('province', { length: 2 }).notNull().default('BZ'),
    country: varchar('country', { length: 3 }).notNull().default('IT'),
    taxCode: varchar('tax_code', { length: 16 }).notNull().default(''),
    registration: varchar('registration', { length: 30 }).notNull().default(''),
    identifier: varchar('identifier', { length: 14 }).notNull().default(''),
    landlinePhone: varchar('landline_phone', { length: 40 }).notNull().default(''),
    mobilePhone: varchar('mobile_phone', { length: 40 }).notNull().default(''),
    fax: varchar('fax', { length: 40 }).notNull().default(''),
    email: varchar('email', { length: 50 }).notNull().default(''),
    commanderName: varchar('commander_name', { length: 50 }).notNull().default(''),
    commanderLandline: varchar('commander_landline', { length: 40 }).notNull().default(''),
    commanderMobile: varchar('commander_mobile', { length: 40 }).notNull().default(''),
    commanderEmail: varchar('commander_email', { length: 50 }).notNull().default(''),
    viceCommanderName: varchar('vice_commander_name', { length: 50 }).notNull().default(''),
    viceCommanderLandline: varchar('vice_commander_landline', { length: 40 }).notNull().default(''),
    viceCommanderMobile: varchar('vice_commander_mobile', { length: 40 }).notNull().default(''),
    viceCommanderEmail: varchar('vice_commander_email', { length: 50 }).notNull().default(''),
    cashierName: varchar('cashier_name', { length: 50 }).notNull().default(''),
    cashierLandline: varchar('cashier_landline', { length: 40 }).notNull().default(''),
    cashierMobile: varchar('cashier_mobile', { length: 40 }).notNull().default(''),
    cashierEmail: varchar('cashier_email', { length: 50 }).notNull().default(''),
    openPaymentsAllowed: boolean('open_payments_allowed').notNull().default(false),
    siaNumber: varchar('sia_number', { length: 10 }).notNull().default(''),
    homebankingFile: varchar('homebanking_file', { length: 50 }).notNull().default(''),
    /** CBI CUC (Codice Univoco CBI) identifying the department as debtor in a domestic bank file (DOMAIN decision 10). */
    cbiCuc: varchar('cbi_cuc', { length: 35 }).notNull().default(''),
    /** First financial year kept in this system (manual residues are typed in that year); null = earliest year. */
    firstYear: integer('first_year'),
  },
  (t) => [uniqueIndex('departments_code_uq').on(t.code)],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: varchar('username', { length: 20 }).notNull(),
    fullname: varchar('fullname', { length: 50 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    /** 0 Administrator, 2 Standard, 3 Supervisor. */
    accessLevel: smallint('access_level').notNull().default(2),
    locked: boolean('locked').notNull().default(false),
    validUntil: date('valid_until', { mode: 'string' }),
    /** The user must choose a new password at the next sign-in (PasswordExpired). */
    passwordExpired: boolean('password_expired').notNull().default(false),
    language: varchar('language', { length: 2 }).notNull().default('de'),
    mainDepartmentId: integer('main_department_id').references(() => departments.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('users_username_uq').on(sql`lower(${t.username})`)],
);

export const userDepartments = pgTable(
  'user_departments',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    departmentId: integer('department_id')
      .notNull()
      .references(() => departments.id, { onDelete: 'restrict' }),
  },
  (t) => [uniqueIndex('user_departments_uq').on(t.userId, t.departmentId), index('user_departments_department_idx').on(t.departmentId)],
);

/**
 * Financial years (calendar years). Per area two separate flags: `<area>Unlocked` (FinancialYears/Status,
 * the year unlock) keeps a past year open for the area's bookings and budget edits;
 * `<area>ChartUnlocked` (chartOfAccounts/unlock) keeps the area's chart of the year editable after approvals.
 */
export const financialYears = pgTable('financial_years', {
  year: integer('year').primaryKey(),
  unionUnlocked: boolean('union_unlocked').notNull().default(false),
  districtUnlocked: boolean('district_unlocked').notNull().default(false),
  departmentUnlocked: boolean('department_unlocked').notNull().default(false),
  unionChartUnlocked: boolean('union_chart_unlocked').notNull().default(false),
  districtChartUnlocked: boolean('district_chart_unlocked').notNull().default(false),
  departmentChartUnlocked: boolean('department_chart_unlocked').notNull().default(false),
});

/** Opaque bearer sessions: only the SHA-256 of the token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    remember: boolean('remember').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('sessions_token_uq').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/**
 * Sign-in throttle counters, one row a key: `a:<address>` (attempts from a client address),
 * `p:<address>|<username>` (attempts of one username from one address) and `u:<username>` (attempts
 * of a username from anywhere, with the earliest time its next password check may run). An attempt is
 * counted before its password check (an upsert that locks the row), so concurrent attempts can't
 * slip past a limit; a successful sign-in takes its attempt back. Rows count within a window of
 * `LOGIN_THROTTLE.windowMinutes` from `window_start` and are deleted once it has passed.
 */
export const loginThrottle = pgTable(
  'login_throttle',
  {
    key: varchar('key', { length: 100 }).primaryKey(),
    attempts: integer('attempts').notNull().default(0),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    nextCheckAt: timestamp('next_check_at', { withTimezone: true }),
  },
  (t) => [index('login_throttle_window_idx').on(t.windowStart)],
);

/**
 * Idempotency keys of saves (header `Idempotency-Key`): one row a user and key, written in the same
 * transaction as the save it names, with the procedure, the SHA-256 of the request (procedure and
 * input) and the answer given. The same key within a day answers that answer and writes nothing; the
 * same key with another request is refused (IdempotencyKeyReused). Rows older than a day are deleted.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: varchar('key', { length: 100 }).notNull(),
    procedure: varchar('procedure', { length: 100 }).notNull(),
    requestHash: varchar('request_hash', { length: 64 }).notNull(),
    answer: jsonb('answer'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

/**
 * Settings of this installation, one row a key. `demo` is written by the demo seed in its own
 * transaction: while it exists the database holds demo data (the client shows a "Demo" badge).
 */
export const appSettings = pgTable('app_settings', {
  key: varchar('key', { length: 40 }).primaryKey(),
  value: text('value').notNull().default(''),
});
