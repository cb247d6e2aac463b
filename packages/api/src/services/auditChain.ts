import { type Db, rowHash, schema } from '@app/db';
import { asc, getTableColumns, gt, sql } from 'drizzle-orm';

export { AUDIT_MAX_ROWS, type AuditAppend, type AuditFields, appendAudit, canonicalJson, rowHash } from '@app/db';

const { auditLog, auditChainHeads } = schema;

/**
 * The hash chain of the audit trail (issue 27; the append is in packages/db, auditAppend.ts): one chain a department (rows without a department are a
 * chain of their own). A row's hash is sha256(prev_hash + canonical JSON of its fields but `changes` + the database's
 * text of `changes`), prev_hash the hash of the chain's row before it (null for the first). `changes` is built by the
 * database in the append itself (the input and the rows the save changed, from audit_pending), so its hash covers the
 * jsonb text the database stores and prints (`changes::text`, the same for PostgreSQL and PGlite).
 */

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
    const page = await db
      .select({ ...getTableColumns(auditLog), changesText: sql<string | null>`${auditLog.changes}::text` })
      .from(auditLog)
      .where(gt(auditLog.id, after))
      .orderBy(asc(auditLog.id))
      .limit(pageSize);
    if (!page.length) break;
    for (const r of page) {
      rows++;
      after = r.id;
      const chain = r.departmentId;
      const expectedPrev = last.has(chain) ? last.get(chain)! : null;
      last.set(chain, r.hash);
      lastIds.set(chain, r.id);
      if (brokenChains.has(chain)) continue;
      const { id: _id, prevHash, hash, changes: _changes, changesText, ...fields } = r;
      if (prevHash !== expectedPrev) brokenChains.set(chain, { departmentId: chain, id: r.id, reason: 'prevHash' });
      else if (rowHash(prevHash, fields, changesText) !== hash) brokenChains.set(chain, { departmentId: chain, id: r.id, reason: 'hash' });
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
