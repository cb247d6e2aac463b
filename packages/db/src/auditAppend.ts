import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from './client.ts';

/**
 * Appending to the audit trail (issue 27), in packages/db so the writes from outside the app's saves — `npm run
 * user:create` and INITIAL_SUPERVISOR at start (userAccounts.ts) — append their row in their own transaction like a
 * save does (the API's saves reach it through services/auditChain.ts, which also verifies the chains).
 * One chain a department (rows without a department are a chain of their own). A row's hash is sha256(prev_hash +
 * canonical JSON of its fields but `changes` + the database's text of `changes`), prev_hash the hash of the chain's row
 * before it (null for the first). `changes` is built by the database in the append itself (the input and the rows the
 * save changed, from audit_pending), so its hash covers the jsonb text the database stores and prints
 * (`changes::text`, the same for PostgreSQL and PGlite).
 */

/** The fields a row's hash covers besides `changes` (everything but id, changes, prev_hash and hash). */
export interface AuditFields {
  at: Date;
  userId: number | null;
  userName: string;
  clientAddress: string;
  departmentId: number | null;
  year: number | null;
  entity: string;
  entityId: string | null;
  recordNumber: number | null;
  action: string;
  procedure: string;
}

/** What an append is given: the fields and the input part of `changes` (the rows come from audit_pending). */
export interface AuditAppend extends AuditFields {
  input: unknown;
}

/** Rows kept per audit row in `changes.rows`; a save that changed more (a bank import) keeps the first and counts the rest (`omittedRows`). */
export const AUDIT_MAX_ROWS = 500;

/** JSON with the keys of every object sorted: the same value always gives the same text (jsonb reorders keys). */
export function canonicalJson(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The text a row's hash covers before its `changes`: the canonical JSON of the other fields (`at` as ISO string). */
function fieldsBody(fields: AuditFields): string {
  return canonicalJson({ ...fields, at: fields.at.toISOString() });
}

/** A row's hash: `changesText` is the database's text of the stored `changes` (null: the text `null`). */
export function rowHash(prevHash: string | null, fields: AuditFields, changesText: string | null): string {
  return createHash('sha256')
    .update((prevHash ?? '') + fieldsBody(fields) + (changesText ?? 'null'))
    .digest('hex');
}

/** The chain of a row: its department id, 0 for the rows without a department (audit_chain_heads.chain). */
function chainOf(departmentId: number | null): number {
  return departmentId ?? 0;
}

/**
 * Appends one row to its department's chain, in the caller's transaction, in ONE statement:
 * - `pend`: the rows the transaction changed so far, taken out of audit_pending (the row triggers of migration 0022 put
 *   them there: table, operation, key, before/after of each changed field, money in cents);
 * - `ch`: `changes` = `{ input, rows }` (null when there is neither), at most AUDIT_MAX_ROWS rows plus `omittedRows`;
 * - `head`: the chain's head (audit_chain_heads) upserted with the new hash, sha256 computed by the database over the
 *   head's hash, the fields' canonical JSON and `changes::text`;
 * - the row is inserted with the head's old and new hash.
 * The head's row lock, held until the transaction ends, serialises the appends of a chain; an upsert that waited for it
 * sees the head the append before committed (READ COMMITTED re-reads the locked row), so concurrent saves never fork a
 * chain. `at` is the server's time (ms, so it hashes as stored).
 */
export async function appendAudit(tx: Db | Tx, append: Omit<AuditAppend, 'at'>, at = new Date()): Promise<void> {
  const { input, ...rest } = append;
  const row: AuditFields = { ...rest, at: new Date(Math.floor(at.getTime())) };
  const body = fieldsBody(row);
  const inputJson = input === null || input === undefined ? null : JSON.stringify(input);
  await tx.execute(sql`with pend as (
      delete from audit_pending where tx = txid_current() returning id, tbl, op, row_key, diff
    ), kept as (
      select * from pend order by id limit ${AUDIT_MAX_ROWS}
    ), ch as (
      select case when ${inputJson}::jsonb is null and not exists (select 1 from pend) then null
        else jsonb_build_object('input', ${inputJson}::jsonb, 'rows',
            coalesce((select jsonb_agg(jsonb_build_object('table', tbl, 'op', op, 'key', row_key, 'fields', diff) order by id) from kept), '[]'::jsonb))
          || case when (select count(*) from pend) > ${AUDIT_MAX_ROWS} then jsonb_build_object('omittedRows', (select count(*) from pend) - ${AUDIT_MAX_ROWS}) else '{}'::jsonb end
        end as changes
    ), head as (
      insert into audit_chain_heads as h (chain, prev_hash, hash)
      select ${chainOf(row.departmentId)}::int, null, encode(sha256(convert_to(${body}::text || coalesce(ch.changes::text, 'null'), 'UTF8')), 'hex') from ch
      on conflict (chain) do update
        set prev_hash = h.hash, hash = encode(sha256(convert_to(h.hash || ${body}::text || coalesce((select changes::text from ch), 'null'), 'UTF8')), 'hex')
      returning prev_hash, hash
    )
    insert into audit_log (at, user_id, user_name, client_address, department_id, year, entity, entity_id, record_number, action, procedure, changes, prev_hash, hash)
    select ${row.at.toISOString()}::timestamptz, ${row.userId}::int, ${row.userName}, ${row.clientAddress}, ${row.departmentId}::int, ${row.year}::smallint,
      ${row.entity}, ${row.entityId}, ${row.recordNumber}::int, ${row.action}, ${row.procedure}, ch.changes, head.prev_hash, head.hash
    from head, ch`);
}
