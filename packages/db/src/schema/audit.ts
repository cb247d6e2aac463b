import { sql } from 'drizzle-orm';
import { bigint, bigserial, char, index, integer, jsonb, pgTable, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * The audit trail (issue 27): one row a write, appended in the write's transaction, never changed —
 * migration 0020 adds triggers that refuse UPDATE and DELETE. No foreign keys: a row outlives the user
 * and the department it names (the user's name is kept as it was). Each row carries the hash of the
 * previous row of its department's chain (null department: a chain of its own) and its own hash
 * (services/audit/chain.ts); `npm run audit:verify` reports the first broken link.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    userId: integer('user_id'),
    userName: varchar('user_name', { length: 100 }).notNull().default(''),
    clientAddress: varchar('client_address', { length: 64 }).notNull().default(''),
    departmentId: integer('department_id'),
    year: smallint('year'),
    entity: varchar('entity', { length: 40 }).notNull(),
    entityId: varchar('entity_id', { length: 64 }),
    recordNumber: integer('record_number'),
    action: varchar('action', { length: 20 }).notNull(),
    procedure: varchar('procedure', { length: 100 }).notNull(),
    changes: jsonb('changes'),
    prevHash: varchar('prev_hash', { length: 64 }),
    hash: varchar('hash', { length: 64 }).notNull(),
  },
  (t) => [
    index('audit_log_department_id_idx').on(t.departmentId, t.id),
    index('audit_log_user_at_idx').on(t.userId, t.at),
    index('audit_log_entity_idx').on(t.entity, t.entityId),
    index('audit_log_record_number_idx').on(t.recordNumber),
    index('audit_log_at_idx').on(t.at),
  ],
);

/**
 * The head of each audit chain (migration 0021): the hash of the chain's last row (and of the row before it). An
 * append updates its chain's head and inserts the row in ONE statement (services/auditChain.ts): the head's row lock
 * serialises the appends of a chain, and the upsert sees the head the append before it committed. `chain` is the
 * department id, 0 for the rows without a department. `npm run audit:verify` also checks that each head is the hash of
 * its chain's last row (a last row removed behind the app's back).
 */
export const auditChainHeads = pgTable('audit_chain_heads', {
  chain: integer('chain').primaryKey(),
  prevHash: varchar('prev_hash', { length: 64 }),
  hash: varchar('hash', { length: 64 }).notNull(),
});

/**
 * What the transactions in flight changed (migration 0022): a row trigger on every table of the books, the base data
 * and the users writes each changed row here (table, I/U/D, key, before/after of each changed field, money in cents);
 * the transaction's audit append takes its rows out again into `audit_log.changes`. Unlogged: it only ever holds rows
 * of transactions that have not ended.
 */
export const auditPending = pgTable(
  'audit_pending',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tx: bigint('tx', { mode: 'number' })
      .notNull()
      .default(sql`txid_current()`),
    tbl: varchar('tbl', { length: 63 }).notNull(),
    op: char('op', { length: 1 }).notNull(),
    rowKey: varchar('row_key', { length: 200 }),
    diff: jsonb('diff').notNull(),
  },
  (t) => [index('audit_pending_tx_idx').on(t.tx)],
);
