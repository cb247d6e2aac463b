import type { Db } from '@app/db';
import { inOuterTransaction } from './answerBeforeCommit.ts';
import { AUDIT_WROTE, auditOf } from './services/audit/actions.ts';
import { recordAudit, saveEntry } from './services/auditRecord.ts';
import { claimKey, idempotencyKeyOf, type KeyedSave, purgeExpiredKeys, requestHash, storeAnswer } from './idempotency.ts';

/**
 * The outer transaction of a save (issue 26): every signed-in mutation (but the sign-in calls) runs
 * in one transaction whose handle is the procedure's `ctx.db`, so the service's own transaction is a
 * savepoint in it and the answer (read by the service, checked by the output schema) is read before
 * COMMIT: a committed save is never answered 503 by a read after the commit. With an
 * `Idempotency-Key` the key, the request's hash and the answer are stored in the same transaction
 * (idempotency.ts): a repeated key answers the stored answer and writes nothing. The context is
 * marked `outerTransaction: true` below, so a later middleware that needs the write's transaction
 * (answering before the commit) runs in this one instead of opening another. A save that succeeded
 * appends its audit row (issue 27, services/audit/) in the same transaction: a refused save leaves none.
 */

/** Procedures that are no saves: signing in and out, changing one's password (their throttle counts must stay when they fail). */
const NOT_SAVES = /^auth\./;

/** A middleware result as the procedure chain passes it on (tRPC's MiddlewareResult, loosely). */
interface ChainResult {
  ok: boolean;
  data?: unknown;
  error?: unknown;
}

export interface SaveCall<R extends ChainResult> {
  ctx: { db: Db; now: () => Date; idempotencyKey: string | null; session?: { userId: number; username: string }; ip?: string; outerTransaction?: true };
  type: string;
  path: string;
  getRawInput: () => Promise<unknown>;
  next: (opts: { ctx: { db: Db; outerTransaction?: true } }) => Promise<R>;
}

export async function inSaveTransaction<R extends ChainResult>(call: SaveCall<R>): Promise<R> {
  const { ctx, type, path } = call;
  if (type !== 'mutation' || NOT_SAVES.test(path) || !ctx.session) return call.next({ ctx: { db: ctx.db } });
  const userId = ctx.session.userId;
  const key = idempotencyKeyOf(ctx.idempotencyKey ?? undefined);
  const now = ctx.now();
  const save: KeyedSave | null = key ? { userId, key, procedure: path, hash: requestHash(path, await call.getRawInput()), now } : null;
  if (save) await purgeExpiredKeys(ctx.db, now);
  const work = async (tx: Db): Promise<R> => {
    if (save) {
      const stored = await claimKey(tx, save);
      // the first attempt's answer, nothing written; the shape is the one the resolver step gives
      if (stored) return { ok: true, data: stored.data, marker: 'middlewareMarker', ctx } as unknown as R;
    }
    const result = await call.next({ ctx: { db: tx, outerTransaction: true } });
    if (result.ok && save) await storeAnswer(tx, save, result.data);
    if (result.ok) await recordSave(tx, call, result.data);
    return result;
  };
  // one outer transaction shared with answerBeforeCommit.ts: whichever middleware runs first opens it
  return inOuterTransaction(ctx, work);
}

/** The audit row of a successful save: entity and action by the procedure (services/audit/actions.ts), the sanitised input. */
async function recordSave<R extends ChainResult>(tx: Db, call: SaveCall<R>, answer: unknown): Promise<void> {
  const input = await call.getRawInput();
  // a dry run or a refusal in the answer wrote nothing: no row (AUDIT_WROTE)
  const wrote = AUDIT_WROTE[call.path];
  if (wrote && !wrote(input && typeof input === 'object' ? (input as Record<string, unknown>) : null, answer)) return;
  const audit = auditOf(call.path, input) ?? { entity: call.path, action: 'changed' as const };
  const session = call.ctx.session!;
  await recordAudit(tx, { userId: session.userId, userName: session.username, clientAddress: call.ctx.ip ?? '' }, saveEntry(call.path, audit, input, answer));
}
