import type { Db } from '@app/db';
import type { SessionUser } from '@app/domain';

export interface Session extends SessionUser {
  sessionId: number;
}

export interface Context {
  db: Db;
  /**
   * The read-only database (DATABASE_READ_URL, a replica) a query procedure reads from once the session
   * is resolved on `db` (trpc.ts readReplica); absent: everything on `db`.
   */
  readDb?: Db;
  /** The client address, for sign-in throttling. */
  ip: string;
  /** The bearer token as sent; authed procedures resolve it to a session on every call. */
  token: string | null;
  now: () => Date;
  /** The request's correlation id (in the server log); a 500 answer carries it instead of any detail. */
  requestId: string | null;
  /** True once `db` is the request's outer write transaction (answerBeforeCommit.ts); absent otherwise. */
  outerTransaction?: true;
  /** The request's `Idempotency-Key` header as sent (checked by the save transaction, saveTransaction.ts). */
  idempotencyKey: string | null;
  /**
   * The database's snapshot (`pg_current_snapshot()`) as the session statement of an authed call read
   * it: readCache.ts keys hot reads by it. Absent before the session is resolved.
   */
  snapshot?: string;
  /** The primary's WAL position the session statement read (only with `readDb`): how far a replica must have replayed. */
  walLsn?: string;
  /** True for the context of a tRPC batch of several calls (they share the session statement, trpc.ts lookupSession). */
  batch?: true;
  /** The largest receipt in bytes (DOCUMENT_MAX_BYTES; 10 MB when not set). */
  documentMaxBytes?: number;
}

export interface ContextOptions {
  db: Db;
  batch?: boolean;
  readDb?: Db | undefined;
  token?: string | null;
  ip?: string;
  now?: () => Date;
  requestId?: string;
  idempotencyKey?: string | string[] | undefined | null;
  documentMaxBytes?: number | undefined;
}

/** Builds a context from plain values (tests, scripts and the request adapter alike). */
export async function createContextInner(opts: ContextOptions): Promise<Context> {
  return {
    db: opts.db,
    ...(opts.readDb ? { readDb: opts.readDb } : {}),
    ...(opts.batch ? { batch: true as const } : {}),
    ip: opts.ip ?? '127.0.0.1',
    token: opts.token ?? null,
    now: opts.now ?? (() => new Date()),
    requestId: opts.requestId ?? null,
    idempotencyKey: (Array.isArray(opts.idempotencyKey) ? opts.idempotencyKey[0] : opts.idempotencyKey) ?? null,
    ...(opts.documentMaxBytes !== undefined ? { documentMaxBytes: opts.documentMaxBytes } : {}),
  };
}

/** Reads the bearer token of an `Authorization` header. */
export function bearerToken(header: string | string[] | undefined): string | null {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(value);
  return m?.[1] ?? null;
}
