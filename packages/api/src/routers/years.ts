import { FinancialYearStatusInput, Id, Year, YearCreatedOutput, YearsOutput, YearStatesOutput } from '@app/domain';
import { z } from 'zod';
import * as years from '../services/years.ts';
import { authedProcedure, router } from '../trpc.ts';

export const yearsRouter = router({
  list: authedProcedure.output(YearsOutput).query(({ ctx }) => years.listYears(ctx.db)),
  create: authedProcedure
    .input(z.object({ year: Year, departmentId: Id.optional() }))
    .output(YearCreatedOutput)
    .mutation(({ ctx, input }) => years.createYear(ctx.db, ctx.session, input)),
  /** FinancialYears/Status: the years with their per-area unlock flags. */
  status: authedProcedure.output(YearStatesOutput).query(({ ctx }) => years.yearStatus(ctx.db)),
  setStatus: authedProcedure
    .input(FinancialYearStatusInput)
    .output(YearStatesOutput)
    .mutation(({ ctx, input }) => years.setYearStatus(ctx.db, ctx.session, input)),
});
