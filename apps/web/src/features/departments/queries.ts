import { trpc } from '../../lib/trpc.ts';
import type { MasterListInput } from '../../ui/listState.ts';
import type { LoadedScope } from '../scope/loadScope.ts';

/** The filters of the departments list (URL search keys). */
export const departmentFilterKeys = ['code', 'name'] as const;

/** The departments list as paged and filtered in the URL (route loader and DepartmentList). */
export function departmentListQuery(scope: Pick<LoadedScope, 'department'>, list: MasterListInput<(typeof departmentFilterKeys)[number]>) {
  return trpc.departments.list.queryOptions({ ...list.filters, page: list.page, pageSize: list.pageSize, departmentId: scope.department.id });
}
