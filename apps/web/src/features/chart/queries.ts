import { type Area, AreaSchema, type Part } from '@app/domain';
import { trpc } from '../../lib/trpc.ts';
import { type MasterListInput, masterListInput } from '../../ui/listState.ts';
import type { LoadedScope } from '../scope/loadScope.ts';

/** The chart a chart screen shows: scope department and year, and an area (the department's own by default). */
export interface ChartScope {
  department: LoadedScope['department'];
  year: number;
  area: Area;
}

/** The chart of the URL: `?area=` when it is an area, else the department's own (route loaders and useChartScope). */
export function chartScopeOf(scope: Pick<LoadedScope, 'department' | 'year'>, areaParam: unknown): ChartScope {
  const parsed = AreaSchema.safeParse(Number(areaParam));
  return { department: scope.department, year: scope.year, area: parsed.success ? parsed.data : scope.department.area };
}

/** The part filter of the URL (`?part=1`): revenues, expenses or undefined for all. */
export function partOf(partParam: unknown): Part | undefined {
  const p = Number(partParam);
  return p === 1 || p === 2 ? p : undefined;
}

/** The chart lists' dependencies on the search: area, part, page, size and filters. */
export interface ChartListDeps<K extends string> extends MasterListInput<K> {
  area: unknown;
  part: unknown;
}

export function chartListDeps<const K extends string>(search: Record<string, unknown>, filterKeys: readonly K[]): ChartListDeps<K> {
  return { ...masterListInput(search, filterKeys), area: search['area'], part: search['part'] };
}

/** Locked or not, and which chart items may be edited. */
export function chartStatusQuery(chart: ChartScope) {
  return trpc.chart.status.queryOptions({ departmentId: chart.department.id, year: chart.year, area: chart.area });
}

function listInput<K extends string>(chart: ChartScope, part: Part | undefined, list: MasterListInput<K>) {
  return {
    ...list.filters,
    departmentId: chart.department.id,
    year: chart.year,
    area: chart.area,
    ...(part ? { part } : {}),
    page: list.page,
    pageSize: list.pageSize,
  };
}

export const titleFilterKeys = ['description'] as const;
export const categoryFilterKeys = ['description'] as const;
export const chapterFilterKeys = ['chapter', 'description'] as const;

export function titleListQuery(chart: ChartScope, part: Part | undefined, list: MasterListInput<(typeof titleFilterKeys)[number]>) {
  return trpc.chart.titles.list.queryOptions(listInput(chart, part, list));
}

export function categoryListQuery(chart: ChartScope, part: Part | undefined, list: MasterListInput<(typeof categoryFilterKeys)[number]>) {
  return trpc.chart.categories.list.queryOptions(listInput(chart, part, list));
}

export function chapterListQuery(chart: ChartScope, part: Part | undefined, list: MasterListInput<(typeof chapterFilterKeys)[number]>) {
  return trpc.chart.chapters.list.queryOptions(listInput(chart, part, list));
}
