import { createHash } from 'node:crypto';
import { type Db, execRows, schema } from '@app/db';
import { asc, gt, sql } from 'drizzle-orm';

const { auditLog } = schema;

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

/** The advisory lock key pair of a chain (class 27, the department id or 0 for rows without one). */
function chainLock(departmentId: number | null) {
  return sql`select pg_advisory_xact_lock(27, ${departmentId ?? 0}::int)`;
}

/**
 * Appends one row to its department's chain, in the caller's transaction (`tx` must be one: the lock is
 * held until it ends). `at` is the server's time of the transaction (ms precision, so it hashes as stored).
 */
export async function appendAudit(tx: Db, fields: Omit<AuditFields, 'at'>): Promise<void> {
  await tx.execute(chainLock(fields.departmentId));
  // after the lock, in a statement of its own: its snapshot sees the row a save before us committed
  const [last] = await execRows<{ hash: string | null; at: string | Date }>(
    tx,
    sql`select (select hash from audit_log where ${fields.departmentId === null ? sql`department_id is null` : sql`department_id = ${fields.departmentId}::int`} order by id desc limit 1) as hash,
      date_trunc('milliseconds', now()) as at`,
  );
  const at = new Date(last!.at);
  const prevHash = last!.hash ?? null;
  const row = { ...fields, at };
  await tx.insert(auditLog).values({ ...row, prevHash, hash: rowHash(prevHash, row) });
}

export interface BrokenLink {
  departmentId: number | null;
  id: number;
  reason: 'hash' | 'prevHash';
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
      if (brokenChains.has(chain)) continue;
      const { id: _id, prevHash, hash, ...fields } = r;
      if (prevHash !== expectedPrev) brokenChains.set(chain, { departmentId: chain, id: r.id, reason: 'prevHash' });
      else if (rowHash(prevHash, fields) !== hash) brokenChains.set(chain, { departmentId: chain, id: r.id, reason: 'hash' });
    }
  }
  return { rows, chains: last.size, broken: [...brokenChains.values()] };
}

/** The verify command's lines (one a broken chain, or one saying all is well) and its exit code: 1 when a chain is broken. */
export function verifyReport(result: VerifyResult): { lines: string[]; exitCode: 0 | 1 } {
  if (!result.broken.length) return { lines: [`audit trail verified: ${result.rows} rows in ${result.chains} chains, no broken link`], exitCode: 0 };
  return {
    lines: result.broken.map(
      (b) =>
        `audit trail BROKEN: chain of ${b.departmentId === null ? 'rows without a department' : `department id ${b.departmentId}`}: first broken link at row ${b.id} (${b.reason === 'hash' ? 'the row was changed: its hash does not match its fields' : 'its prev_hash is not the hash of the row before it: a row was removed or inserted'})`,
    ),
    exitCode: 1,
  };
}
