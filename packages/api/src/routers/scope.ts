import * as scope from '../services/scope.ts';
import { authedProcedure, router, scopedProcedure } from '../trpc.ts';

export const scopeRouter = router({
  list: authedProcedure.query(({ ctx }) => scope.listScopes(ctx.db, ctx.session)),
  status: scopedProcedure.query(({ ctx }) => scope.scopeStatus(ctx.db, ctx.scope)),
});
