import type { Db } from '@app/db';

/**
 * A save in one transaction that also reads its answer in it (issue 26): the answer is what was
 * written, read before COMMIT, so a save is never committed and then answered 503 because a read on a
 * new connection failed (a retry would write it twice). `write` does the checks and the writes and
 * answers what names the record; `answer` reads the answer from the same transaction.
 */
export function writeAndAnswer<W, A>(db: Db, write: (tx: Db) => Promise<W>, answer: (tx: Db, written: W) => Promise<A>): Promise<A> {
  return db.transaction(async (tx) => answer(tx, await write(tx)));
}
