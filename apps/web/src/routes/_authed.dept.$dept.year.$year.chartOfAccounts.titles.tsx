import { createFileRoute } from '@tanstack/react-router';
import { chartListDeps, chartScopeOf, chartStatusQuery, titleListQuery, titleFilterKeys, partOf } from '../features/chart/queries.ts';
import { areaParam, partParam } from '../features/chart/search.ts';
import { TitlesScreen } from '../features/chart/TitlesScreen.tsx';
import { loadScreen } from '../features/shell/screenLoader.ts';
import { filterText, masterSearch } from '../ui/listState.ts';
import { RouteErrorPage } from '../ui/RouteErrorPage.tsx';
import { RoutePending } from '../ui/RoutePending.tsx';

export const Route = createFileRoute('/_authed/dept/$dept/year/$year/chartOfAccounts/titles')({
  validateSearch: masterSearch({ description: filterText, part: partParam, area: areaParam }),
  // spec 2 §2: titles ignore the department; a department change keeps the open editor
  staticData: { scopeIgnores: 'department' },
  loaderDeps: ({ search }) => chartListDeps(search, titleFilterKeys),
  loader: ({ params, cause, deps }) =>
    loadScreen({ params, cause }, 'chartOfAccounts/titles', (scope) => {
      const chart = chartScopeOf(scope, deps.area);
      return [chartStatusQuery(chart), titleListQuery(chart, partOf(deps.part), deps)];
    }),
  pendingComponent: RoutePending,
  errorComponent: RouteErrorPage,
  component: TitlesScreen,
});
