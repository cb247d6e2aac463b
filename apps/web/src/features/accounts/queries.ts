import { trpc } from '../../lib/trpc.ts';
import type { MasterListInput } from '../../ui/listState.ts';
import type { LoadedScope } from '../scope/loadScope.ts';

export const accountFilterKeys = ['description'] as const;

/** The department's accounts (inactive ones too) as paged and filtered in the URL; `canInactivate` by the balance of the scope year. */
export function accountListQuery(scope: Pick<LoadedScope, 'department' | 'year'>, list: MasterListInput<(typeof accountFilterKeys)[number]>) {
  return trpc.accounts.list.queryOptions({
    ...list.filters,
    departmentId: scope.department.id,
    year: scope.year,
    includeInactive: true,
    page: list.page,
    pageSize: list.pageSize,
  });
}
