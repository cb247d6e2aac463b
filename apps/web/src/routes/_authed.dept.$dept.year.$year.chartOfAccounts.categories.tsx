import { createFileRoute } from '@tanstack/react-router';
import { chartListDeps, chartScopeOf, chartStatusQuery, categoryListQuery, categoryFilterKeys, partOf } from '../features/chart/queries.ts';
import { areaParam, partParam } from '../features/chart/search.ts';
import { CategoriesScreen } from '../features/chart/CategoriesScreen.tsx';
import { loadScreen } from '../features/shell/screenLoader.ts';
import { filterText, masterSearch } from '../ui/listState.ts';
import { RouteErrorPage } from '../ui/RouteErrorPage.tsx';
import { RoutePending } from '../ui/RoutePending.tsx';

export const Route = createFileRoute('/_authed/dept/$dept/year/$year/chartOfAccounts/categories')({
  validateSearch: masterSearch({ description: filterText, part: partParam, area: areaParam }),
  // spec 2 §2: categories ignore the department; a department change keeps the open editor
  staticData: { scopeIgnores: 'department' },
  loaderDeps: ({ search }) => chartListDeps(search, categoryFilterKeys),
  loader: ({ params, cause, deps }) =>
    loadScreen({ params, cause }, 'chartOfAccounts/categories', (scope) => {
      const chart = chartScopeOf(scope, deps.area);
      return [chartStatusQuery(chart), categoryListQuery(chart, partOf(deps.part), deps)];
    }),
  pendingComponent: RoutePending,
  errorComponent: RouteErrorPage,
  component: CategoriesScreen,
});
