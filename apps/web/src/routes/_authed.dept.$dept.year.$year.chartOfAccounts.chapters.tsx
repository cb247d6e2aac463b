import { createFileRoute } from '@tanstack/react-router';
import { chartListDeps, chartScopeOf, chartStatusQuery, chapterListQuery, chapterFilterKeys, partOf } from '../features/chart/queries.ts';
import { ChaptersScreen } from '../features/chart/ChaptersScreen.tsx';
import { areaParam, partParam } from '../features/chart/search.ts';
import { loadScreen } from '../features/shell/screenLoader.ts';
import { filterText, masterSearch } from '../ui/listState.ts';
import { RouteErrorPage } from '../ui/RouteErrorPage.tsx';
import { RoutePending } from '../ui/RoutePending.tsx';

export const Route = createFileRoute('/_authed/dept/$dept/year/$year/chartOfAccounts/chapters')({
  validateSearch: masterSearch({ chapter: filterText, description: filterText, part: partParam, area: areaParam }),
  // spec 2 §2: chapters ignore the department; a department change keeps the open editor
  staticData: { scopeIgnores: 'department' },
  loaderDeps: ({ search }) => chartListDeps(search, chapterFilterKeys),
  loader: ({ params, cause, deps }) =>
    loadScreen({ params, cause }, 'chartOfAccounts/chapters', (scope) => {
      const chart = chartScopeOf(scope, deps.area);
      return [chartStatusQuery(chart), chapterListQuery(chart, partOf(deps.part), deps)];
    }),
  pendingComponent: RoutePending,
  errorComponent: RouteErrorPage,
  component: ChaptersScreen,
});
