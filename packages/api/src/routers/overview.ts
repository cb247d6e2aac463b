import {
  DepartmentOverviewExportInput,
  DepartmentOverviewInput,
  OpenPaymentsInput,
  ScopeInput,
  todayIso,
  UnionOverview,
  UnionOverviewInput,
  YearOverview,
  YearOverviewInput,
} from '@app/domain';
import { unionOverview } from '../services/dashboard/unionOverview.ts';
import { yearOverview } from '../services/dashboard/yearOverview.ts';
import { evaluateCriteria } from '../services/finalBalance/criteria.ts';
import * as overview from '../services/overview.ts';
import { openPayments } from '../services/payments/read.ts';
import { router, scopedProcedure } from '../trpc.ts';
import { cachedRead } from '../readCache.ts';
import { paymentsProcedure } from './payments.ts';

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
  /**
   * Overview/Year (issue 30): the brigade's year at a glance — per part and title the final budget against use,
   * the tightest expense chapters, each account's month-end balances, the instalments due in 30 days (or overdue)
   * as Payments/Open lists them, the final account's criteria as FinalBalance evaluates them.
   */
  year: paymentsProcedure
    .input(YearOverviewInput)
    .use(cachedRead)
    .output(YearOverview)
    .query(({ ctx, input }) =>
      yearOverview(ctx.db, ctx.bookingScope, {
        openPayments: ({ dateDueTo }) => openPayments(ctx.db, ctx.paymentScope, OpenPaymentsInput.parse({ ...input, dateDueTo })),
        failedCriteria: async () => (await evaluateCriteria(ctx.db, ctx.bookingScope)).failed,
      }),
    ),
  /**
   * Overview/Union (issue 30): the union's dashboard over the departments the user sees (as `departments`): per
   * department the forecast's and final account's state, the cash at each month's end, the open payments, the
   * residues carried and the exceeded chapters; their sums per district and for the union; the late approvals.
   */
  union: scopedProcedure
    .input(UnionOverviewInput)
    .use(cachedRead)
    .output(UnionOverview)
    .query(({ ctx, input }) => unionOverview(ctx.db, ctx.session, input, todayIso(ctx.now()))),
  /** The whole filtered list and the CSV's fixed file name. */
  departmentsExport: scopedProcedure
    .input(DepartmentOverviewExportInput)
    .query(({ ctx, input }) => overview.departmentOverviewExport(ctx.db, ctx.session, input)),
});
