import type { DepartmentBrief, ScopeStatus } from '@app/domain';
import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { trpc } from '../../lib/trpc.ts';
import { parseYearParam } from './scopePath.ts';

export interface CurrentScope {
  departments: DepartmentBrief[];
  years: number[];
  /** Set when the address holds a scope the user may open. */
  department: DepartmentBrief | null;
  year: number | null;
  status: ScopeStatus | null;
}

/** The scope of the address as far as it is known (for the top bar and the menu, outside the scope route). */
export function useCurrentScope(): CurrentScope {
  const params = useParams({ strict: false });
  const list = useQuery(trpc.scope.list.queryOptions());
  const departments = list.data?.departments ?? [];
  const years = list.data?.years ?? [];
  const department = params.dept ? (departments.find((d) => d.code === params.dept) ?? null) : null;
  const parsedYear = params.year ? parseYearParam(params.year) : null;
  const year = parsedYear !== null && years.includes(parsedYear) ? parsedYear : null;
  const status = useQuery({
    ...trpc.scope.status.queryOptions({ departmentId: department?.id ?? 0, year: year ?? 0 }),
    enabled: department !== null && year !== null,
  });
  return { departments, years, department, year, status: department && year !== null ? (status.data ?? null) : null };
}
