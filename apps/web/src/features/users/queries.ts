import { trpc } from '../../lib/trpc.ts';
import { DEFAULT_TABLE_PAGE_SIZE, type MasterListInput, masterListInput } from '../../ui/listState.ts';
import type { LoadedScope } from '../scope/loadScope.ts';

type Scope = Pick<LoadedScope, 'department'>;

export const userFilterKeys = ['filter'] as const;

/** The users as paged and filtered in the URL. */
export function userListQuery(scope: Scope, list: MasterListInput<(typeof userFilterKeys)[number]>) {
  return trpc.admin.users.list.queryOptions({ ...list.filters, departmentId: scope.department.id, page: list.page, pageSize: list.pageSize });
}

/** The users of the scope department; the screen pages in its own state, starting on page 1. */
export function departmentUsersQuery(scope: Scope, paging: { page: number; pageSize: number } = { page: 1, pageSize: DEFAULT_TABLE_PAGE_SIZE }) {
  return trpc.admin.departmentUsers.queryOptions({ departmentId: scope.department.id, page: paging.page, pageSize: paging.pageSize });
}

export const userDepartmentFilterKeys = ['username'] as const;

/** The user-department links' list input from the URL: user name filter, paging, department (`dept`) and "only this department" (`own`). */
export interface UserDepartmentListInput extends MasterListInput<(typeof userDepartmentFilterKeys)[number]> {
  dept: number | null;
  own: boolean;
}

export function userDepartmentListInput(search: Record<string, unknown>): UserDepartmentListInput {
  return {
    ...masterListInput(search, userDepartmentFilterKeys),
    dept: typeof search['dept'] === 'number' ? search['dept'] : null,
    own: search['own'] === true,
  };
}

export function userDepartmentListQuery(scope: Scope, list: UserDepartmentListInput) {
  return trpc.admin.userDepartments.list.queryOptions({
    ...list.filters,
    departmentId: scope.department.id,
    ...(list.dept !== null ? { superDepartmentId: list.dept, onlyOwnDepartment: list.own } : {}),
    page: list.page,
    pageSize: list.pageSize,
  });
}
