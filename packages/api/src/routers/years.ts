import { FinancialYearStatusInput, Id, Year } from '@app/domain';
import { z } from 'zod';
import * as years from '../services/years.ts';
import { authedProcedure, router } from '../trpc.ts';

export const yearsRouter = router({
  list: authedProcedure.query(({ ctx }) => years.listYears(ctx.db)),
  create: authedProcedure
    .input(z.object({ year: Year, departmentId: Id.optional() }))
    .mutation(({ ctx, input }) => years.createYear(ctx.db, ctx.session, input)),
  /** FinancialYears/Status: the years with their per-area unlock flags. */
  status: authedProcedure.query(({ ctx }) => years.yearStatus(ctx.db)),
  setStatus: authedProcedure.input(FinancialYearStatusInput).mutation(({ ctx, input }) => years.setYearStatus(ctx.db, ctx.session, input)),
});
