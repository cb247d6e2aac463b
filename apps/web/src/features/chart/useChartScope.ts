import type { Area } from '@app/domain';
import { useQuery } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { useSearchUpdate } from '../../ui/useMasterList.ts';
import { useScope } from '../scope/useScope.ts';
import { chartScopeOf, chartStatusQuery } from './queries.ts';

/**
 * The chart a chart screen shows: the scope year and the area of the scope department, or the
 * area chosen in the list (`?area=1`). Also the chart status (locked, which items may be edited).
 */
export function useChartScope() {
  const { department, year } = useScope();
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const update = useSearchUpdate();
  const { area } = chartScopeOf({ department, year }, search['area']);
  const status = useQuery(chartStatusQuery({ department, year, area }));
  return {
    department,
    year,
    area,
    status: status.data,
    /** Chooses another area (the department's own area leaves the URL clean). */
    setArea: (next: Area) => void update((prev) => ({ ...prev, area: next === department.area ? undefined : next, page: undefined }), { replace: true }),
  };
}
