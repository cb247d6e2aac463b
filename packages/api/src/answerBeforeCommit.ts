import type { Db } from '@app/db';

/**
 * Answer before commit (issue 26): a write commits only once its answer is known to be true — the
 * procedure ran, its output passed the procedure's output schema (tRPC's output middleware runs inside
 * the procedure's own middlewares, so a `next()` result already carries that verdict), and nothing
 * threw. Any failure, a 500 for an answer off its schema included, rolls the whole write back: no
 * answer ever says "refused" about something that was stored.
 *
 * The write runs in one outer transaction whose handle replaces `ctx.db`; the services' own
 * `db.transaction(...)` calls become savepoints inside it (drizzle does that on a transaction handle),
 * so services keep working unchanged as long as they use `ctx.db` (they all take the handle as their
 * first argument). A service that wants to keep work despite a refusal can't: refusals roll back.
 *
 * Sharing: another middleware that needs to be in the same transaction (the idempotency key stored
 * with the write it answers for) calls `inOuterTransaction` too. Whichever runs first opens the outer
 * transaction and marks the context with `outerTransaction: true`; the later one sees the mark and
 * runs its part in the same transaction instead of opening a second one. The rollback decision stays
 * with the opener: it rolls back when the result it got back is not ok.
 */

/** The context fields the outer transaction reads and sets. */
export interface OuterTransactionContext {
  db: Db;
  /** Set once `db` is the request's outer transaction (a later middleware reuses it). */
  outerTransaction?: true;
}

/** Thrown inside the transaction callback to roll back while keeping the result for the answer. */
class RollBack extends Error {
  constructor(readonly result: unknown) {
    super('rolled back: the answer was not ok');
  }
}

/**
 * Runs `run` with the outer transaction's handle (a new one, or the context's when it already is one)
 * and commits only when the result it gives back is ok; a not-ok result is returned after the rollback.
 * Errors thrown by `run` or by COMMIT itself (a lost connection) propagate unchanged.
 */
export async function inOuterTransaction<R extends { ok: boolean }>(ctx: OuterTransactionContext, run: (db: Db) => Promise<R>): Promise<R> {
  if (ctx.outerTransaction) return run(ctx.db);
  try {
    return await ctx.db.transaction(async (tx) => {
      const result = await run(tx);
      if (!result.ok) throw new RollBack(result);
      return result;
    });
  } catch (error) {
    if (error instanceof RollBack) return error.result as R;
    throw error;
  }
}
