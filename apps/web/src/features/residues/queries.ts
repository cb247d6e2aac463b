import type { ResidueSource } from '@app/domain';
import { queryClient, trpc } from '../../lib/trpc.ts';

/** The scope as the loaders and the screens have it. */
export interface ResidueScopeRef {
  department: { id: number };
  year: number;
}
/** The manual residues list's filters (the route's loaderDeps and the screen; here, not in the screen, so the route's
 * loader does not pull the screen into the entry chunk). */
export const manualFilterKeys = ['search'] as const;

const scopeInput = (scope: ResidueScopeRef) => ({ departmentId: scope.department.id, year: scope.year });

/** The determination table of one source (1 current management, 2 residue lines). */
export function residueFinalQuery(scope: ResidueScopeRef, source: Exclude<ResidueSource, 0>) {
  return trpc.residues.final.queryOptions({ ...scopeInput(scope), source });
}

/** May the previous year be carried into the scope year (and why not). */
export function carryOverStateQuery(scope: ResidueScopeRef) {
  return trpc.residues.carryOverPossible.queryOptions(scopeInput(scope));
}

/** The manual residues of the scope (first year), filtered by the search text. */
export function manualResiduesQuery(scope: ResidueScopeRef, search: string) {
  return trpc.residues.manualList.queryOptions({ ...scopeInput(scope), search });
}

/** After a residue write: every residue query, the final balance's criteria and the chapter figures refetch. */
export function invalidateResidues(): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ ...trpc.residues.pathFilter(), refetchType: 'all' }),
    queryClient.invalidateQueries({ ...trpc.finalBalance.pathFilter(), refetchType: 'all' }),
    queryClient.invalidateQueries({ ...trpc.budget.pathFilter(), refetchType: 'all' }),
  ]);
}
