import type { ChartItemId, ChartScopeInput } from '@app/domain';
import { type UseQueryOptions, useQuery } from '@tanstack/react-query';
import type { EditorId } from '../../ui/listState.ts';
import { pickLoaded } from '../../ui/useEntityEditor.ts';
import { useChartScope } from './useChartScope.ts';

/** The two queries of a chart item kind (`trpc.chart.titles`, `.categories`, `.chapters`). */
export interface ChartItemQueries<A, B> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the error and key types of tRPC's query options
  get: { queryOptions: (input: ChartItemId) => UseQueryOptions<A, any, A, any> };
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
  template: { queryOptions: (input: ChartScopeInput) => UseQueryOptions<B, any, B, any> };
}

/**
 * What a chart item editor shows: the stored item while editing (`id`), or for a new one the
 * server's template in the chart of the URL (area and year).
 */
export function useChartItemLoaded<A, B>(id: EditorId, queries: ChartItemQueries<A, B>): { data: A | B | undefined; error: unknown } {
  const chart = useChartScope();
  const departmentId = chart.department.id;
  const existing = useQuery({ ...queries.get.queryOptions({ id: id === 'new' ? 0 : id, departmentId }), enabled: id !== 'new' });
  const template = useQuery({ ...queries.template.queryOptions({ departmentId, year: chart.year, area: chart.area }), enabled: id === 'new' });
  return pickLoaded(id, existing, template);
}
