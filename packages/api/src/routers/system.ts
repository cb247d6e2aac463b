import * as system from '../services/system.ts';
import { publicProcedure, router } from '../trpc.ts';

export const systemRouter = router({
  info: publicProcedure.query(({ ctx }) => system.systemInfo(ctx.db)),
});
