import { ScopeLandingInput, Scopes, ScopeStatus, todayIso } from '@app/domain';
import * as scope from '../services/scope.ts';
import { authedProcedure, router, scopedProcedure } from '../trpc.ts';
import { cachedRead } from '../readCache.ts';

export const scopeRouter = router({
  list: authedProcedure
    .use(cachedRead)
    .output(Scopes)
    .query(({ ctx }) => scope.listScopes(ctx.db, ctx.session)),
  status: scopedProcedure
    .use(cachedRead)
    .output(ScopeStatus)
    .query(({ ctx }) => scope.scopeStatus(ctx.db, ctx.scope, todayIso(ctx.now()))),
  /** The year to open after sign-in (latest with a chart of accounts; the remembered one when valid). */
  landing: authedProcedure.input(ScopeLandingInput).query(({ ctx, input }) => scope.scopeLanding(ctx.db, ctx.session, input)),
});
