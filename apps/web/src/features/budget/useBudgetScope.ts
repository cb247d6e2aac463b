import { queryClient, trpc } from '../../lib/trpc.ts';
import { useScope } from '../scope/useScope.ts';

/** The scope input of every budget call plus the scope's flags. */
export function useBudgetScope() {
  const scope = useScope();
  const input = { departmentId: scope.department.id, year: scope.year };
  // a past year closed for the area (year unlock not set) is read-only like a closed budget
  return { ...scope, input, closed: scope.status.isBudgetClosed || Boolean(scope.status.isYearLocked), approved: scope.status.isBudgetApproved };
}

/** After a budget write: every budget query (summary, parts, changes, figures) refetches. */
export function invalidateBudget(): Promise<unknown> {
  return queryClient.invalidateQueries({ ...trpc.budget.pathFilter(), refetchType: 'all' });
}

/** After an approval change: the scope status (menu enablement) and the budget refetch at once. */
export function invalidateBudgetAndScope(): Promise<unknown> {
  return Promise.all([invalidateBudget(), queryClient.invalidateQueries({ ...trpc.scope.pathFilter(), refetchType: 'all' })]);
}

/** Base path of the scope (`/dept/101/year/2026`). */
export function scopeBase(deptCode: string, year: number): string {
  return `/dept/${deptCode}/year/${year}`;
}
