import { queryClient, trpc } from '../../lib/trpc.ts';

/** The scope's cash balance (Accounts/Balance/Total): the sum of the accounts' final balances. */
export function cashTotalQuery(scope: { departmentId: number; year: number }) {
  return trpc.accountBalances.total.queryOptions(scope);
}

/**
 * After every booking (movement save or delete), account transfer (save or delete) and initial
 * balance edit: the header's cash balance, the balances screen, the transfers and the home card
 * refetch. The one helper those mutations call in their success path.
 */
export function invalidateCash(): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ ...trpc.accountBalances.pathFilter(), refetchType: 'all' }),
    queryClient.invalidateQueries({ ...trpc.accountTransfers.pathFilter(), refetchType: 'all' }),
    queryClient.invalidateQueries({ ...trpc.accounts.pathFilter(), refetchType: 'all' }),
    queryClient.invalidateQueries({ ...trpc.overview.home.pathFilter(), refetchType: 'all' }),
  ]);
}
