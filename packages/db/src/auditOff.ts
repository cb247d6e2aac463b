import { sql } from 'drizzle-orm';

/**
 * Turns the audit capture of migration 0022 off for the rest of the current transaction (`set_config(..., true)`):
 * for bulk writes that are nobody's change — the demo seed, a restore. The row triggers then write nothing to
 * audit_pending; every save of the app leaves it on.
 */
export const AUDIT_OFF = sql`select set_config('audit.off', 'on', true)`;

/**
 * Removes the captured rows of transactions that ended without an audit append (a write outside the app's saves, e.g.
 * a test fixture or a manual statement): every transaction older than the oldest snapshot still running is over, so its
 * rows can never be taken by an append. Run at start-up.
 */
export const PURGE_ENDED_PENDING = sql`delete from audit_pending where tx < txid_snapshot_xmin(txid_current_snapshot())`;
