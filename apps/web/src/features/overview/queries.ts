import type { Language, OverviewSort, OverviewStatusFilter, SortDirection } from '@app/domain';
import { trpc } from '../../lib/trpc.ts';
import { masterListInput } from '../../ui/listState.ts';
import type { LoadedScope } from '../scope/loadScope.ts';

/** The scope home's figures (overview.home); the home always refetches on mount (it sums what the other screens just saved). */
export function homeQuery(scope: Pick<LoadedScope, 'department' | 'year'>) {
  return trpc.overview.home.queryOptions({ departmentId: scope.department.id, year: scope.year });
}

/** The departments and years the user may open (the scope route loads it). */
export function scopeListQuery() {
  return trpc.scope.list.queryOptions();
}

/** The union's approval work list as filtered, sorted and paged in the URL. */
export interface OverviewSearch {
  district?: string | undefined;
  status?: OverviewStatusFilter | undefined;
  sort?: OverviewSort | undefined;
  dir?: SortDirection | undefined;
  /** The union dashboard's filter of its brigades' table (a bar's or a count's click): district, bar and state. */
  dashDistrict?: string | undefined;
  dashKind?: 'forecast' | 'finalAccount' | undefined;
  dashState?: string | undefined;
}

export interface OverviewListInput extends OverviewSearch {
  page: number;
  pageSize: number;
}

export function overviewListInput(search: Record<string, unknown> & OverviewSearch): OverviewListInput {
  const { page, pageSize } = masterListInput(search, []);
  return { district: search.district, status: search.status, sort: search.sort, dir: search.dir, page, pageSize };
}

/** The filters of the list and of its CSV export. */
export function overviewFilters(scope: Pick<LoadedScope, 'department' | 'year'>, language: Language, search: OverviewSearch) {
  return {
    departmentId: scope.department.id,
    year: scope.year,
    language,
    sort: search.sort ?? 'code',
    dir: search.dir ?? 'asc',
    ...(search.district ? { district: search.district } : {}),
    ...(search.status ? { status: search.status } : {}),
  } as const;
}

export function overviewListQuery(scope: Pick<LoadedScope, 'department' | 'year'>, language: Language, list: OverviewListInput) {
  return trpc.overview.departments.queryOptions({ ...overviewFilters(scope, language, list), page: list.page, pageSize: list.pageSize });
}
