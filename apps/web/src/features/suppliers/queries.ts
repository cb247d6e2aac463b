import { trpc } from '../../lib/trpc.ts';
import type { MasterListInput } from '../../ui/listState.ts';
import type { LoadedScope } from '../scope/loadScope.ts';
import { activeParam } from './activeFilter.ts';

export const supplierFilterKeys = ['code', 'searchKey', 'location', 'province', 'country', 'active'] as const;

/** The department's suppliers as paged and filtered in the URL (a code filter that is not a number is ignored). */
export function supplierListQuery(scope: Pick<LoadedScope, 'department'>, list: MasterListInput<(typeof supplierFilterKeys)[number]>) {
  const { code, active, ...texts } = list.filters;
  const codeNumber = code !== undefined && /^\d+$/.test(code) ? Number(code) : undefined;
  return trpc.suppliers.briefs.queryOptions({
    ...texts,
    ...(codeNumber !== undefined ? { code: codeNumber } : {}),
    ...(activeParam(active) !== undefined ? { active: activeParam(active) } : {}),
    departmentId: scope.department.id,
    page: list.page,
    pageSize: list.pageSize,
  });
}
