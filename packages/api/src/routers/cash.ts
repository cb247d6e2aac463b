import {
  AccountBalances,
  AccountBalanceSaveInput,
  AccountBalanceTotal,
  AccountTransfer,
  AccountTransferContext,
  AccountTransferDeleteInput,
  AccountTransferDeleteResult,
  AccountTransferKey,
  AccountTransferListInput,
  AccountTransferPage,
  AccountTransferSaveInput,
  ScopeInput,
} from '@app/domain';
import { accountBalanceTotal, getAccountBalances, saveAccountBalances } from '../services/cash/accountBalances.ts';
import { deleteTransfer, getTransfer, listTransfers, saveTransfer, transferContext } from '../services/cash/transfers.ts';
import { bookingProcedure, router } from '../trpc.ts';

/**
 * Cash of the scope (spec 3 §2 Account transfers, Account initial balances): account transfers and
 * the accounts' balances. Any user linked to the department; every rule (closed budget, dates, numbers,
 * first year) lives in services/cash. Amounts are Cents (euros on REST).
 */
export const accountTransfersRouter = router({
  /** The transfers picker: paged, newest first, searchable. */
  list: bookingProcedure
    .input(AccountTransferListInput)
    .output(AccountTransferPage)
    .query(({ ctx, input }) => listTransfers(ctx.db, ctx.bookingScope, input)),
  /** One transfer by record number (RecordNotFound). */
  get: bookingProcedure
    .input(AccountTransferKey)
    .output(AccountTransfer)
    .query(({ ctx, input }) => getTransfer(ctx.db, ctx.bookingScope, input)),
  /** A new transfer (next number) or the saved one changed; answers the saved transfer. */
  save: bookingProcedure
    .input(AccountTransferSaveInput)
    .output(AccountTransfer)
    .mutation(({ ctx, input }) => saveTransfer(ctx.db, ctx.bookingScope, input)),
  /** The latest transfer is deleted (number given back), an earlier one cancelled. */
  delete: bookingProcedure
    .input(AccountTransferDeleteInput)
    .output(AccountTransferDeleteResult)
    .mutation(({ ctx, input }) => deleteTransfer(ctx.db, ctx.bookingScope, input)),
  /** Editable, next record number and the active accounts for the form. */
  context: bookingProcedure
    .input(ScopeInput)
    .output(AccountTransferContext)
    .query(({ ctx }) => transferContext(ctx.db, ctx.bookingScope)),
});

export const accountBalancesRouter = router({
  /** Initial, movements and final balance per account in the scope year, totals, editable flag. */
  get: bookingProcedure
    .input(ScopeInput)
    .output(AccountBalances)
    .query(({ ctx }) => getAccountBalances(ctx.db, ctx.bookingScope)),
  /** The typed initial balances (first year only); answers the balances. */
  save: bookingProcedure
    .input(AccountBalanceSaveInput)
    .output(AccountBalances)
    .mutation(({ ctx, input }) => saveAccountBalances(ctx.db, ctx.bookingScope, input)),
  /** The scope's cash balance (sum of the final balances): the header and the home card. */
  total: bookingProcedure
    .input(ScopeInput)
    .output(AccountBalanceTotal)
    .query(({ ctx }) => accountBalanceTotal(ctx.db, ctx.bookingScope)),
});
