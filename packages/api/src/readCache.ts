import { todayIso } from '@app/domain';
import type { Context } from './context.ts';
import { middleware } from './trpc.ts';

/**
 * The answers of hot reads held in the server (issue 29), keyed by the database's snapshot.
 *
 * The session statement every authed call runs anyway also reads `pg_current_snapshot()` (services/
 * auth.ts): the lowest running transaction, the next transaction id and the running ones. Its text
 * changes whenever any transaction that wrote anything ends — a save of this instance, of another
 * instance on the same database, a restore, a script behind the app's back — and stays the same while
 * nothing writes. An answer computed after a snapshot was read is at least as new as that snapshot, and
 * a later call that reads the same text has seen no write end since: the stored answer is exactly what
 * it would compute. So revocation, a save's new figures and another instance's writes are seen at
 * once, with no message between instances and no write path that has to remember to invalidate.
 *
 * Keyed also by the procedure, the raw input, the user (answers depend on the user's rights) and
 * today (answers that name overdue instalments or the year's state depend on the day). Only the
 * procedures that use this middleware are held: reads whose answer depends on nothing else. An entry
 * lives at most MAX_AGE_MS; the store holds MAX_ENTRIES per database (oldest dropped first) and is
 * emptied when a newer snapshot is seen (every older entry is dead then).
 */
const MAX_ENTRIES = 500;
const MAX_AGE_MS = 60_000;

interface Entry {
  data: unknown;
  at: number;
}
interface Store {
  snapshot: string;
  entries: Map<string, Entry>;
  /** Answers being computed: the same read arriving meanwhile waits for it instead of computing it again. */
  pending: Map<string, Promise<unknown>>;
}
/** One store per database handle: app instances of the same process (tests) never share answers. */
const stores = new WeakMap<object, Store>();

/**
 * Whether snapshot text `a` (`xmin:xmax:xip,...`) is newer than `b`: a later next transaction id, or
 * the same one with fewer transactions running (ends only take them out of the list).
 */
export function newerSnapshot(a: string, b: string): boolean {
  const [, xmaxA = '0', xipA = ''] = a.split(':');
  const [, xmaxB = '0', xipB = ''] = b.split(':');
  const ma = BigInt(xmaxA);
  const mb = BigInt(xmaxB);
  if (ma !== mb) return ma > mb;
  const count = (xip: string) => (xip ? xip.split(',').length : 0);
  return count(xipA) < count(xipB);
}

/** Counters for the tests and the bench: answers served from the store and computed. */
export const readCacheStats = { hits: 0, misses: 0 };

/** A middleware result as tRPC's resolver step gives it (saveTransaction.ts builds the same shape). */
function served(data: unknown, ctx: unknown) {
  return { ok: true as const, data, marker: 'middlewareMarker', ctx };
}

/**
 * Serves a query procedure's answer from the store when one was computed under the same snapshot;
 * else computes it and keeps it. Placed before the procedure's `.output()`, a served answer is the one
 * that passed the output schema when it was computed. Mutations and calls without a session pass through.
 */
export const cachedRead = middleware(async ({ ctx, type, path, getRawInput, next }) => {
  const c = ctx as Context & { session?: { userId: number } };
  if (type !== 'query' || !c.session || c.snapshot === undefined || c.outerTransaction) return next();
  let store = stores.get(c.db);
  if (!store || newerSnapshot(c.snapshot, store.snapshot)) {
    store = { snapshot: c.snapshot, entries: new Map(), pending: new Map() };
    stores.set(c.db, store);
  }
  const now = Date.now();
  const current = store.snapshot === c.snapshot;
  const key = current ? `${path}\u0000${c.session.userId}\u0000${todayIso(c.now())}\u0000${JSON.stringify((await getRawInput()) ?? null)}` : '';
  if (current) {
    const hit = store.entries.get(key);
    if (hit && now - hit.at <= MAX_AGE_MS) {
      readCacheStats.hits++;
      return served(hit.data, ctx) as unknown as Awaited<ReturnType<typeof next>>;
    }
  }
  const waiting = current ? store.pending.get(key) : undefined;
  if (waiting) {
    const data = await waiting;
    if (data !== undefined) {
      readCacheStats.hits++;
      return served(data, ctx) as unknown as Awaited<ReturnType<typeof next>>;
    }
  }
  readCacheStats.misses++;
  const computing = next();
  if (current)
    store.pending.set(
      key,
      computing.then(
        (r) => (r.ok ? r.data : undefined),
        () => undefined,
      ),
    );
  const result = await computing.finally(() => {
    if (current) store.pending.delete(key);
  });
  // kept only under the snapshot the store is at (an older call's answer is not stored)
  if (result.ok && current && stores.get(c.db) === store) {
    store.entries.delete(key);
    store.entries.set(key, { data: result.data, at: now });
    if (store.entries.size > MAX_ENTRIES) store.entries.delete(store.entries.keys().next().value as string);
  }
  return result;
});
