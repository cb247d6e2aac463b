import { createFileRoute } from '@tanstack/react-router';
import { ManualResiduesScreen } from '../features/residues/ManualResidues.tsx';
import { manualFilterKeys, manualResiduesQuery } from '../features/residues/queries.ts';
import { loadScreen } from '../features/shell/screenLoader.ts';
import { filterText, masterListInput, masterSearch } from '../ui/listState.ts';
import { RouteErrorPage } from '../ui/RouteErrorPage.tsx';
import { RoutePending } from '../ui/RoutePending.tsx';

export const Route = createFileRoute('/_authed/dept/$dept/year/$year/residues/edit')({
  validateSearch: masterSearch({ search: filterText }),
  loaderDeps: ({ search }) => masterListInput(search, manualFilterKeys),
  loader: ({ params, cause, deps }) => loadScreen({ params, cause }, 'residues/edit', (scope) => [manualResiduesQuery(scope, deps.filters.search ?? '')]),
  pendingComponent: RoutePending,
  errorComponent: RouteErrorPage,
  component: ManualResiduesScreen,
});
