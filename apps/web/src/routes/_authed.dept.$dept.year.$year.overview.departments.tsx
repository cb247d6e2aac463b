import { DistrictCode, OverviewSort, OverviewStatusFilter, SortDirection, UnionFinalAccountState, UnionForecastState } from '@app/domain';
import { createFileRoute } from '@tanstack/react-router';
import { overviewListInput, overviewListQuery } from '../features/overview/queries.ts';
import { uiLanguage } from '../features/i18n/language.ts';
import { i18n } from '../features/i18n/i18n.ts';
import { loadScreen } from '../features/shell/screenLoader.ts';
import { z } from 'zod';
import { DepartmentOverviewScreen } from '../features/overview/DepartmentOverviewScreen.tsx';
import { masterSearch } from '../ui/listState.ts';
import { RouteErrorPage } from '../ui/RouteErrorPage.tsx';
import { RoutePending } from '../ui/RoutePending.tsx';

// a typed `200` arrives as a number
const districtParam = z
  .union([z.string(), z.number()])
  .transform((v) => String(v))
  .pipe(DistrictCode)
  .optional()
  .catch(undefined);

/** The union's approval work list: filters, sort and paging in the URL; so is the dashboard's filter of its brigades' table (`dash…`). */
export const Route = createFileRoute('/_authed/dept/$dept/year/$year/overview/departments')({
  validateSearch: masterSearch({
    district: districtParam,
    status: OverviewStatusFilter.optional().catch(undefined),
    sort: OverviewSort.optional().catch(undefined),
    dir: SortDirection.optional().catch(undefined),
    dashDistrict: districtParam,
    dashKind: z.enum(['forecast', 'finalAccount']).optional().catch(undefined),
    dashState: z.union([UnionForecastState, UnionFinalAccountState]).optional().catch(undefined),
  }),
  loaderDeps: ({ search }) => overviewListInput(search),
  loader: ({ params, cause, deps }) => loadScreen({ params, cause }, null, (scope) => [overviewListQuery(scope, uiLanguage(i18n.locale), deps)]),
  pendingComponent: RoutePending,
  errorComponent: RouteErrorPage,
  component: DepartmentOverviewScreen,
});
