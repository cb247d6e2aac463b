import { createHash } from 'node:crypto';
import { type Db, schema } from '@app/db';
import { and, eq, lt } from 'drizzle-orm';
import { fail } from './errors.ts';

/**
 * Idempotency keys of saves (issue 26). A client sends `Idempotency-Key` with every attempt of one
 * save (the same key when it retries after a lost answer or a 503). The save runs in one outer
 * transaction that also stores the key with the request's hash and the answer, so the key exists
 * exactly when the save was committed: the same key within a day answers the stored answer and writes
 * nothing; the same key with another request (procedure or input) is IdempotencyKeyReused (409). A
 * concurrent attempt with the same key waits on the key row until the first one commits or rolls back.
 * Keys are per user: another user's key of the same text is another key.
 */

/** The request header, as Node spells incoming header names. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** How long a key answers its first result; older keys are deleted. */
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;
/** Visible ASCII, 1 to 100 characters (a UUID has 36). */
const KEY_PATTERN = /^[\x21-\x7e]{1,100}$/;
/** How often one process deletes the expired keys (at most). */
const PURGE_EVERY_MS = 10 * 60 * 1000;

/**
 * The key of a request's `Idempotency-Key` header; null when absent or empty. A key that is too long
 * or holds other than visible ASCII is refused (InvalidValue, field `Idempotency-Key`).
 */
export function idempotencyKeyOf(header: string | string[] | undefined): string | null {
  const value = (Array.isArray(header) ? header[0] : header)?.trim();
  if (!value) return null;
  if (!KEY_PATTERN.test(value)) fail('InvalidValue', { field: 'Idempotency-Key' });
  return value;
}

/** JSON with the keys of every object sorted: the same input gives the same text whatever its key order. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  // bytes (a receipt's content): their SHA-256 stands for them
  if (ArrayBuffer.isView(value))
    return JSON.stringify(
      `bytes:${createHash('sha256')
        .update(new Uint8Array(value.buffer, value.byteOffset, value.byteLength))
        .digest('hex')}`,
    );
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** SHA-256 of the procedure and its raw input: what "the same request" means for a key. */
export function requestHash(procedure: string, rawInput: unknown): string {
  return createHash('sha256').update(procedure).update('\n').update(canonicalJson(rawInput)).digest('hex');
}

/** The stored answer: `{ data }` (a save answering nothing stores `{}`). */
interface StoredAnswer {
  data?: unknown;
}

export interface KeyedSave {
  userId: number;
  key: string;
  procedure: string;
  hash: string;
  now: Date;
}

/**
 * Claims the key inside the save's transaction: an expired row of the key is dropped first; the insert
 * waits while a concurrent attempt with the key is open. Answers the stored answer when the key was
 * used before by the same request (the caller answers it and writes nothing), null when the key is new
 * (the caller saves and stores its answer with `storeAnswer`).
 */
export async function claimKey(tx: Db, save: KeyedSave): Promise<StoredAnswer | null> {
  const t = schema.idempotencyKeys;
  const own = and(eq(t.userId, save.userId), eq(t.key, save.key));
  await tx.delete(t).where(and(own, lt(t.createdAt, new Date(save.now.getTime() - IDEMPOTENCY_WINDOW_MS))));
  const inserted = await tx
    .insert(t)
    .values({ userId: save.userId, key: save.key, procedure: save.procedure, requestHash: save.hash, createdAt: save.now })
    .onConflictDoNothing()
    .returning({ key: t.key });
  if (inserted.length > 0) return null;
  const [row] = await tx.select({ procedure: t.procedure, requestHash: t.requestHash, answer: t.answer }).from(t).where(own);
  if (!row || row.procedure !== save.procedure || row.requestHash !== save.hash) fail('IdempotencyKeyReused', { field: 'Idempotency-Key' });
  return (row.answer ?? {}) as StoredAnswer;
}

/** Stores the save's answer with its key (same transaction as the save). */
export async function storeAnswer(tx: Db, save: KeyedSave, data: unknown): Promise<void> {
  const t = schema.idempotencyKeys;
  const answer: StoredAnswer = data === undefined ? {} : { data };
  await tx
    .update(t)
    .set({ answer })
    .where(and(eq(t.userId, save.userId), eq(t.key, save.key)));
}

let lastPurge = 0;

/** Deletes keys older than a day, at most every 10 minutes per process (a failure waits for the next time). */
export async function purgeExpiredKeys(db: Db, now: Date): Promise<void> {
  if (now.getTime() - lastPurge < PURGE_EVERY_MS && lastPurge <= now.getTime()) return;
  lastPurge = now.getTime();
  await db
    .delete(schema.idempotencyKeys)
    .where(lt(schema.idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_WINDOW_MS)))
    .catch(() => undefined);
}
