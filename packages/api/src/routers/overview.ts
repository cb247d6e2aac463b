import { DepartmentOverviewExportInput, DepartmentOverviewInput, ScopeInput, todayIso } from '@app/domain';
import * as overview from '../services/overview.ts';
import { router, scopedProcedure } from '../trpc.ts';
import { cachedRead } from '../readCache.ts';

/**
 * Home pages: the cashier's home of the scope and the union's work list of every department the
 * user sees (the scope decides the year and the area whose rights apply).
 */
export const overviewRouter = router({
  home: scopedProcedure.input(ScopeInput).query(({ ctx }) => overview.scopeHome(ctx.db, ctx.scope, todayIso(ctx.now()))),
  departments: scopedProcedure
    .input(DepartmentOverviewInput)
    .use(cachedRead)
    .query(({ ctx, input }) => overview.departmentOverview(ctx.db, ctx.session, input)),
  /** The whole filtered list and the CSV's fixed file name. */
  departmentsExport: scopedProcedure
    .input(DepartmentOverviewExportInput)
    .query(({ ctx, input }) => overview.departmentOverviewExport(ctx.db, ctx.session, input)),
});
