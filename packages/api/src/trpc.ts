import { execRows, isDatabaseUnavailable } from '@app/db';
import { sql } from 'drizzle-orm';
import { AppError, areaOfCode, findNul, ScopeInput, todayIso } from '@app/domain';
import { initTRPC } from '@trpc/server';
import { inOuterTransaction } from './answerBeforeCommit.ts';
import type { Context } from './context.ts';
import { fail, safeErrorInfo, toTrpcError } from './errors.ts';
import { assertMayWrite } from './readOnlyAccess.ts';
import { inSaveTransaction } from './saveTransaction.ts';
import { resolveSessionWithDepartment } from './services/auth.ts';
import type { BookingScope } from './services/ledger/bookingScope.ts';
import { assertDepartmentAccess, departmentAccess } from './services/scope.ts';

const t = initTRPC.context<Context>().create({
  errorFormatter({ shape, error, ctx }) {
    const info = safeErrorInfo(error);
    // an unexpected error tells the client nothing but the correlation id the server log carries
    const internal = !info && shape.data.httpStatus >= 500;
    return {
      ...shape,
      message: info ? info.code : internal ? 'Error' : shape.message,
      // no stack traces to clients
      data: {
        ...shape.data,
        stack: undefined,
        appCode: info?.code ?? null,
        field: info?.field ?? null,
        params: info?.params ?? null,
        correlationId: internal ? (ctx?.requestId ?? null) : null,
      },
    };
  },
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const middleware = t.middleware;

/**
 * Second line behind the schemas (which refuse NUL per field): no text anywhere in the raw input may
 * hold a NUL character, which PostgreSQL can't store. InvalidValue names where it was found.
 */
const refuseNul = t.middleware(async ({ getRawInput, next }) => {
  const field = findNul(await getRawInput());
  if (field !== null) fail('InvalidValue', field ? { field } : {});
  return next();
});

/** Pause before the one retry of a read, so the pool has dropped the connections the outage closed. */
const READ_RETRY_DELAY_MS = 100;

/**
 * A lost database connection (terminated backend, server restart) answers 503 DatabaseUnavailable,
 * never 500. A read (a query procedure) that lost its connection is retried once on a fresh one
 * first; a mutation is not retried here: the client sends it again with its Idempotency-Key
 * (saveTransaction.ts: a save whose COMMIT landed answers its first answer and writes nothing).
 */
const databaseOutage = t.middleware(async ({ type, next }) => {
  let result = await next();
  if (!result.ok && type === 'query' && isDatabaseUnavailable(result.error)) {
    await new Promise((resolve) => setTimeout(resolve, READ_RETRY_DELAY_MS));
    result = await next();
  }
  if (!result.ok && isDatabaseUnavailable(result.error)) {
    throw toTrpcError(new AppError('DatabaseUnavailable', { message: result.error.message }));
  }
  return result;
});

/** A signed-in mutation runs in one outer transaction, with its idempotency key (saveTransaction.ts). */
const saveTransaction = t.middleware((opts) => inSaveTransaction(opts));

export const publicProcedure = t.procedure.use(databaseOutage).use(refuseNul);

/**
 * A mutation commits only after its answer passed the output schema (answerBeforeCommit.ts): one outer
 * transaction around the procedure, `ctx.db` its handle; a refusal or a 500 rolls everything back.
 * Queries pass through. Reuses an outer transaction another middleware opened (`ctx.outerTransaction`).
 */
export const answerBeforeCommit = t.middleware(({ ctx, type, next }) =>
  type === 'mutation' ? inOuterTransaction(ctx, (db) => next({ ctx: { db, outerTransaction: true as const } })) : next(),
);

/**
 * A query with a read replica (DATABASE_READ_URL, `ctx.readDb`) reads from it once the session is
 * resolved on the primary — when the replica has replayed the primary's WAL position the session
 * statement read (so a user's own save, committed before this call, is there) — with the replica's
 * snapshot as the read cache's key (readCache.ts). A replica behind, or not reachable, and every
 * mutation: the primary.
 */
const readReplica = t.middleware(async ({ ctx, type, next }) => {
  const readDb = ctx.readDb;
  const walLsn = (ctx as { walLsn?: string }).walLsn;
  if (type !== 'query' || !readDb || !walLsn) return next();
  const replica = await execRows<{ snapshot: string; caught_up: boolean | null }>(
    readDb,
    sql`select pg_current_snapshot()::text as snapshot,
               case when pg_is_in_recovery() then pg_last_wal_replay_lsn() >= ${walLsn}::pg_lsn else true end as caught_up`,
  ).catch(() => []);
  const row = replica[0];
  if (!row || row.caught_up !== true) return next();
  return next({ ctx: { db: readDb, snapshot: row.snapshot } });
});

/**
 * The session statement of a call, shared by the calls of one HTTP request (a tRPC batch of the web
 * client asks for several procedures at once: one statement per department asked, not per call).
 * Only for a batch (`ctx.batch`): the context object tRPC made for the request carries the memo.
 */
function lookupSession(ctx: Context, departmentId: number | null) {
  if (!ctx.token) return Promise.resolve(null);
  const lookup = () => resolveSessionWithDepartment(ctx.db, ctx.token as string, ctx.now(), departmentId, { walLsn: !!ctx.readDb });
  if (!ctx.batch) return lookup();
  const holder = ctx as Context & { sessionLookups?: Map<number | null, ReturnType<typeof resolveSessionWithDepartment>> };
  holder.sessionLookups ??= new Map();
  let found = holder.sessionLookups.get(departmentId);
  if (!found) {
    found = lookup();
    holder.sessionLookups.set(departmentId, found);
    // a lookup that failed (a lost connection) is not shared: the retry asks again
    found.catch(() => holder.sessionLookups?.delete(departmentId));
  }
  return found;
}

/** Needs a valid session (a locked or expired user has none); an auditor's write is refused at once (readOnlyAccess.ts). */
export const authedProcedure = publicProcedure
  .use(async ({ ctx, type, path, next }) => {
    const found = await lookupSession(ctx, null);
    if (!found) fail('NotAuthenticated');
    assertMayWrite(found.session, type, path);
    return next({ ctx: { session: found.session, snapshot: found.snapshot, ...(found.walLsn ? { walLsn: found.walLsn } : {}) } });
  })
  .use(readReplica)
  .use(saveTransaction);

/** The departmentId of a call's raw input when it is a plausible id (number or digits), else null. */
function rawDepartmentId(raw: unknown): number | null {
  const value = raw && typeof raw === 'object' ? (raw as { departmentId?: unknown }).departmentId : undefined;
  const id = typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : value;
  return typeof id === 'number' && Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
}

/**
 * Needs a session and a scope (departmentId, year) the user may see: a supervisor any department,
 * everyone else only the departments linked to them (DepartmentNotAllowed otherwise). The session and
 * the asked department are read in one statement (before the input is validated, as for every authed
 * call: no session answers NotAuthenticated whatever the input); the access rule is judged on the
 * validated input (a department id the raw input did not carry plainly is read on its own). An auditor's
 * write is refused right after the session (readOnlyAccess.ts), before its input or department is looked at.
 */
export const scopedProcedure = publicProcedure
  .use(async ({ ctx, type, path, getRawInput, next }) => {
    const departmentId = rawDepartmentId(await getRawInput().catch(() => undefined));
    const found = await lookupSession(ctx, departmentId);
    if (!found) fail('NotAuthenticated');
    assertMayWrite(found.session, type, path);
    return next({
      ctx: { session: found.session, askedDepartment: found.department, snapshot: found.snapshot, ...(found.walLsn ? { walLsn: found.walLsn } : {}) },
    });
  })
  .use(readReplica)
  .input(ScopeInput)
  .use(async ({ ctx, input, next }) => {
    const asked = ctx.askedDepartment;
    const department =
      asked && asked.id === input.departmentId
        ? departmentAccess(ctx.session, asked.row, asked.linked)
        : await assertDepartmentAccess(ctx.db, ctx.session, input.departmentId);
    return next({
      ctx: { scope: { departmentId: input.departmentId, year: input.year, departmentCode: department.code, area: areaOfCode(department.code) } },
    });
  })
  .use(saveTransaction);

/**
 * A scoped procedure of the booking areas (budget, movements, reservations, cash, payments, residues,
 * final account): its context carries `bookingScope`, the scope plus today (Europe/Rome, by the call's
 * clock) and the caller's access level (services/ledger/bookingScope.ts). Its mutations answer before
 * they commit (answerBeforeCommit).
 */
export const bookingProcedure = scopedProcedure
  .use(({ ctx, next }) => {
    const bookingScope: BookingScope = { ...ctx.scope, today: todayIso(ctx.now()), accessLevel: ctx.session.accessLevel };
    return next({ ctx: { bookingScope } });
  })
  .use(answerBeforeCommit);
