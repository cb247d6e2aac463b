import { Id, StatisticsExportInput } from '@app/domain';
import { z } from 'zod';
import * as statistics from '../services/statistics.ts';
import { authedProcedure, router } from '../trpc.ts';

export const statisticsRouter = router({
  /** The rows of the statistics CSV and its fixed file name; `departmentId` is the scope (permission area). */
  export: authedProcedure
    .input(StatisticsExportInput.and(z.object({ departmentId: Id.optional() })))
    .query(({ ctx, input }) => statistics.exportStatistics(ctx.db, ctx.session, input)),
});
