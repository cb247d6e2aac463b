import {
  EtsReport,
  EtsReportInput,
  FinalBalance,
  FinalBalanceApproveInput,
  FinalBalanceApproveResult,
  FinalBalanceErrors,
  FinalReport,
  FinalReportInput,
  PreviousFinalSurplus,
  ScopeInput,
  todayIso,
} from '@app/domain';
import { approveFinalBalance } from '../services/finalBalance/approve.ts';
import { finalBalanceErrors, getFinalBalance } from '../services/finalBalance/criteria.ts';
import { etsReport } from '../services/finalBalance/ets.ts';
import { previousFinalSurplus } from '../services/finalBalance/figures.ts';
import { finalReport } from '../services/finalBalance/report.ts';
import { router, scopedProcedure } from '../trpc.ts';

/**
 * The final account of the scope (spec 3 §2 "Final account", §7 FinalBalance*; DOMAIN decisions 12,
 * 16–19). Any user linked to the department may approve (recording the assembly's date); the rules
 * live in services/finalBalance. Amounts are Cents (euros on REST).
 */
const finalProcedure = scopedProcedure.use(({ ctx, next }) =>
  next({ ctx: { finalScope: { ...ctx.scope, today: todayIso(ctx.now()), accessLevel: ctx.session.accessLevel } } }),
);

export const finalBalanceRouter = router({
  /** The criteria (1 passed, 0 failed) and the approval. */
  get: finalProcedure
    .input(ScopeInput)
    .output(FinalBalance)
    .query(({ ctx }) => getFinalBalance(ctx.db, ctx.finalScope)),
  /** The rows behind each failed criterion (the error protocol). */
  errors: finalProcedure
    .input(ScopeInput)
    .output(FinalBalanceErrors)
    .query(({ ctx }) => finalBalanceErrors(ctx.db, ctx.finalScope)),
  /** A date closes the budget (every criterion passed), null reopens. */
  approve: finalProcedure
    .input(FinalBalanceApproveInput)
    .output(FinalBalanceApproveResult)
    .mutation(({ ctx, input }) => approveFinalBalance(ctx.db, ctx.finalScope, input)),
  /** The final report data (sections asked for, results always). */
  report: finalProcedure
    .input(FinalReportInput)
    .output(FinalReport)
    .query(({ ctx, input }) => finalReport(ctx.db, ctx.finalScope, input)),
  /** The third-sector cash report (model D). */
  etsReport: finalProcedure
    .input(EtsReportInput)
    .output(EtsReport)
    .query(({ ctx }) => etsReport(ctx.db, ctx.finalScope)),
  /** The previous year's approved final surplus (DOMAIN decision 18: pre-fills the adjustment's actual surplus). */
  previousSurplus: finalProcedure
    .input(ScopeInput)
    .output(PreviousFinalSurplus)
    .query(({ ctx }) => previousFinalSurplus(ctx.db, ctx.finalScope)),
});
