import { Id, StatisticsExportInput } from '@app/domain';
import { z } from 'zod';
import * as statistics from '../services/statistics.ts';
import { authedProcedure, router } from '../trpc.ts';

export const statisticsRouter = router({
  /** The rows of the statistics CSV and its fixed file name; `departmentId` is the scope (permission area). */
  export: authedProcedure
    .input(StatisticsExportInput.and(z.object({ departmentId: Id.optional() })))
    .query(({ ctx, input }) => statistics.exportStatistics(ctx.db, ctx.session, input)),
  /**
   * The same export with its rows as an async iterable of batches, read from a cursor as they are consumed:
   * for the REST adapter's streamed CSV (GET /api/statistics), in the server's process. Over /trpc the web
   * client asks `export` (a screen's scope); the rows of this one do not travel as JSON.
   */
  exportStream: authedProcedure
    .input(StatisticsExportInput.and(z.object({ departmentId: Id.optional() })))
    .query(({ ctx, input }) => statistics.streamStatistics(ctx.db, ctx.session, input)),
});
