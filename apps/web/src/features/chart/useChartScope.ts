import { type Area, AreaSchema } from '@app/domain';
import { useQuery } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { trpc } from '../../lib/trpc.ts';
import { useSearchUpdate } from '../../ui/useMasterList.ts';
import { useScope } from '../scope/useScope.ts';

/**
 * The chart a chart screen shows: the scope year and the area of the scope department, or the
 * area chosen in the list (`?area=1`). Also the chart status (locked, which items may be edited).
 */
export function useChartScope() {
  const { department, year } = useScope();
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const update = useSearchUpdate();
  const parsed = AreaSchema.safeParse(Number(search['area']));
  const area: Area = parsed.success ? parsed.data : department.area;
  const status = useQuery(trpc.chart.status.queryOptions({ departmentId: department.id, year, area }));
  return {
    department,
    year,
    area,
    status: status.data,
    /** Chooses another area (the department's own area leaves the URL clean). */
    setArea: (next: Area) => void update((prev) => ({ ...prev, area: next === department.area ? undefined : next, page: undefined }), { replace: true }),
  };
}
