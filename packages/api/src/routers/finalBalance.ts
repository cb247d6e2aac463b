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
} from '@app/domain';
import { approveFinalBalance } from '../services/finalBalance/approve.ts';
import { finalBalanceErrors, getFinalBalance } from '../services/finalBalance/criteria.ts';
import { etsReport } from '../services/finalBalance/ets.ts';
import { previousFinalSurplus } from '../services/finalBalance/figures.ts';
import { finalReport } from '../services/finalBalance/report.ts';
import { bookingProcedure, router } from '../trpc.ts';

/**
 * The final account of the scope (spec 3 §2 "Final account", §7 FinalBalance*; DOMAIN decisions 12,
 * 16–19). Any user linked to the department may approve (recording the assembly's date); the rules
 * live in services/finalBalance. Amounts are Cents (euros on REST).
 */
export const finalBalanceRouter = router({
  /** The criteria (1 passed, 0 failed) and the approval. */
  get: bookingProcedure
    .input(ScopeInput)
    .output(FinalBalance)
    .query(({ ctx }) => getFinalBalance(ctx.db, ctx.bookingScope)),
  /** The rows behind each failed criterion (the error protocol). */
  errors: bookingProcedure
    .input(ScopeInput)
    .output(FinalBalanceErrors)
    .query(({ ctx }) => finalBalanceErrors(ctx.db, ctx.bookingScope)),
  /** A date closes the budget (every criterion passed), null reopens. */
  approve: bookingProcedure
    .input(FinalBalanceApproveInput)
    .output(FinalBalanceApproveResult)
    .mutation(({ ctx, input }) => approveFinalBalance(ctx.db, ctx.bookingScope, input)),
  /** The final report data (sections asked for, results always). */
  report: bookingProcedure
    .input(FinalReportInput)
    .output(FinalReport)
    .query(({ ctx, input }) => finalReport(ctx.db, ctx.bookingScope, input)),
  /** The third-sector cash report (model D). */
  etsReport: bookingProcedure
    .input(EtsReportInput)
    .output(EtsReport)
    .query(({ ctx }) => etsReport(ctx.db, ctx.bookingScope)),
  /** The previous year's approved final surplus (DOMAIN decision 18: pre-fills the adjustment's actual surplus). */
  previousSurplus: bookingProcedure
    .input(ScopeInput)
    .output(PreviousFinalSurplus)
    .query(({ ctx }) => previousFinalSurplus(ctx.db, ctx.bookingScope)),
});
