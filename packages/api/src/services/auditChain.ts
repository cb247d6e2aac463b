import { createHash } from 'node:crypto';
import { type Db, schema } from '@app/db';
import { asc, gt, sql } from 'drizzle-orm';

const { auditLog, auditChainHeads } = schema;

/**
 * The hash chain of the audit trail (issue 27): one chain a department (rows without a department are a
 * chain of their own). A row's hash is sha256(prev_hash + canonical JSON of its fields), prev_hash the
 * hash of the chain's row before it (null for the first). Appends to one chain are serialised by a
 * transaction-scoped advisory lock on the chain, so two saves never chain onto the same row.
 */

/** The fields a row's hash covers (everything but id, prev_hash and hash). */
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
  changes: unknown;
}

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

export function rowHash(prevHash: string | null, fields: AuditFields): string {
  const body = canonicalJson({ ...fields, at: fields.at.toISOString() });
  return createHash('sha256')
    .update((prevHash ?? '') + body)
    .digest('hex');
}

/** The chain of a row: its department id, 0 for the rows without a department (audit_chain_heads.chain). */
function chainOf(departmentId: number | null): number {
  return departmentId ?? 0;
}

/**
 * Appends one row to its department's chain, in the caller's transaction, in ONE statement: the chain's head
 * (audit_chain_heads) is upserted with the new hash, sha256(head's hash + canonical JSON of the row) computed by the
 * database, and the row is inserted with the head's old and new hash. The head's row lock, held until the transaction
 * ends, serialises the appends of a chain; an upsert that waited for it sees the head the append before committed
 * (READ COMMITTED re-reads the locked row), so concurrent saves never fork a chain. `at` is the server's time (ms, so it
 * hashes as stored).
 */
export async function appendAudit(tx: Db, fields: Omit<AuditFields, 'at'>, at = new Date()): Promise<void> {
  const row: AuditFields = { ...fields, at: new Date(Math.floor(at.getTime())) };
  const body = canonicalJson({ ...row, at: row.at.toISOString() });
  const changes = row.changes === null || row.changes === undefined ? null : JSON.stringify(row.changes);
  await tx.execute(sql`with head as (
      insert into audit_chain_heads as h (chain, prev_hash, hash)
      values (${chainOf(row.departmentId)}::int, null, encode(sha256(convert_to(${body}::text, 'UTF8')), 'hex'))
      on conflict (chain) do update set prev_hash = h.hash, hash = encode(sha256(convert_to(h.hash || ${body}::text, 'UTF8')), 'hex')
      returning prev_hash, hash
    )
    insert into audit_log (at, user_id, user_name, client_address, department_id, year, entity, entity_id, record_number, action, procedure, changes, prev_hash, hash)
    select ${row.at.toISOString()}::timestamptz, ${row.userId}::int, ${row.userName}, ${row.clientAddress}, ${row.departmentId}::int, ${row.year}::smallint,
      ${row.entity}, ${row.entityId}, ${row.recordNumber}::int, ${row.action}, ${row.procedure}, ${changes}::jsonb, head.prev_hash, head.hash
    from head`);
}

export interface BrokenLink {
  departmentId: number | null;
  /** The row where the chain breaks (for `head`: the chain's last row, 0 when none is left). */
  id: number;
  /** `hash`: the row was changed; `prevHash`: a row before it was removed or inserted; `head`: the chain's last rows were removed. */
  reason: 'hash' | 'prevHash' | 'head';
}

export interface VerifyResult {
  rows: number;
  chains: number;
  /** The first broken link of each chain that has one. */
  broken: BrokenLink[];
}

/** Reads the whole trail in id order (in pages) and checks every chain: each row's prev_hash and hash. */
export async function verifyAuditChains(db: Db, pageSize = 5000): Promise<VerifyResult> {
  const last = new Map<number | null, string | null>();
  const brokenChains = new Map<number | null, BrokenLink>();
  const lastIds = new Map<number | null, number>();
  let rows = 0;
  let after = 0;
  for (;;) {
    const page = await db.select().from(auditLog).where(gt(auditLog.id, after)).orderBy(asc(auditLog.id)).limit(pageSize);
    if (!page.length) break;
    for (const r of page) {
      rows++;
      after = r.id;
      const chain = r.departmentId;
      const expectedPrev = last.has(chain) ? last.get(chain)! : null;
      last.set(chain, r.hash);
      lastIds.set(chain, r.id);
      if (brokenChains.has(chain)) continue;
      const { id: _id, prevHash, hash, ...fields } = r;
      if (prevHash !== expectedPrev) brokenChains.set(chain, { departmentId: chain, id: r.id, reason: 'prevHash' });
      else if (rowHash(prevHash, fields) !== hash) brokenChains.set(chain, { departmentId: chain, id: r.id, reason: 'hash' });
    }
  }
  // the head of each chain names its last row: a removed last row (or a whole chain removed) shows there
  const lastId = new Map<number, number>();
  for (const [chain, id] of lastIds) lastId.set(chain ?? 0, id);
  for (const head of await db.select().from(auditChainHeads)) {
    const departmentId = head.chain === 0 ? null : head.chain;
    if (brokenChains.has(departmentId)) continue;
    if (!last.has(departmentId) || last.get(departmentId) !== head.hash)
      brokenChains.set(departmentId, { departmentId, id: lastId.get(head.chain) ?? 0, reason: 'head' });
  }
  return { rows, chains: last.size, broken: [...brokenChains.values()] };
}

const verifyReasons: Record<BrokenLink['reason'], string> = {
  hash: 'the row was changed: its hash does not match its fields',
  prevHash: 'its prev_hash is not the hash of the row before it: a row was removed or inserted',
  head: "the chain's head names another last row: its last rows were removed",
};

/** The verify command's lines (one a broken chain, or one saying all is well) and its exit code: 1 when a chain is broken. */
export function verifyReport(result: VerifyResult): { lines: string[]; exitCode: 0 | 1 } {
  if (!result.broken.length) return { lines: [`audit trail verified: ${result.rows} rows in ${result.chains} chains, no broken link`], exitCode: 0 };
  return {
    lines: result.broken.map(
      (b) =>
        `audit trail BROKEN: chain of ${b.departmentId === null ? 'rows without a department' : `department id ${b.departmentId}`}: first broken link at row ${b.id} (${verifyReasons[b.reason]})`,
    ),
    exitCode: 1,
  };
}
