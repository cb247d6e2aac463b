import { FirstSetupInput } from '@app/domain';
import * as system from '../services/system.ts';
import { authedProcedure, publicProcedure, router } from '../trpc.ts';

export const systemRouter = router({
  info: publicProcedure.query(({ ctx }) => system.systemInfo(ctx.db)),
  /** An empty installation: the union and the first financial year (Supervisor). */
  setup: authedProcedure.input(FirstSetupInput).mutation(({ ctx, input }) => system.firstSetup(ctx.db, ctx.session, input)),
});
