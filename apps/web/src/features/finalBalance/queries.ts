import { queryClient, trpc } from '../../lib/trpc.ts';

/** The scope as the loaders and the screens have it. */
export interface FinalScopeRef {
  department: { id: number };
  year: number;
}
const scopeInput = (scope: FinalScopeRef) => ({ departmentId: scope.department.id, year: scope.year });

/** The criteria (1 passed, 0 failed) and the approval of the final account. */
export function finalBalanceQuery(scope: FinalScopeRef) {
  return trpc.finalBalance.get.queryOptions(scopeInput(scope));
}

/**
 * After the approval changed: everything refetches — the scope status (the session's closed flag,
 * the menu) and every screen of the year (booking screens turn read-only or editable again).
 */
export function invalidateAfterApproval(): Promise<unknown> {
  return queryClient.invalidateQueries({ refetchType: 'all' });
}
