import { DistrictCode, OverviewSort, OverviewStatusFilter, SortDirection } from '@app/domain';
import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { DepartmentOverviewScreen } from '../features/overview/DepartmentOverviewScreen.tsx';
import { masterSearch } from '../ui/listState.ts';

/** The union's approval work list: filters, sort and paging in the URL. */
export const Route = createFileRoute('/_authed/dept/$dept/year/$year/overview/departments')({
  validateSearch: masterSearch({
    // a typed `200` arrives as a number
    district: z
      .union([z.string(), z.number()])
      .transform((v) => String(v))
      .pipe(DistrictCode)
      .optional()
      .catch(undefined),
    status: OverviewStatusFilter.optional().catch(undefined),
    sort: OverviewSort.optional().catch(undefined),
    dir: SortDirection.optional().catch(undefined),
  }),
  component: DepartmentOverviewScreen,
});
