import { createFileRoute } from '@tanstack/react-router';
import { departmentFilterKeys, departmentListQuery } from '../features/departments/queries.ts';
import { DepartmentsScreen } from '../features/departments/DepartmentsScreen.tsx';
import { loadScreen } from '../features/shell/screenLoader.ts';
import { filterText, masterListInput, masterSearch } from '../ui/listState.ts';
import { RouteErrorPage } from '../ui/RouteErrorPage.tsx';
import { RoutePending } from '../ui/RoutePending.tsx';

/** The example of a scope route with data (see features/shell/screenLoader.ts). */
export const Route = createFileRoute('/_authed/dept/$dept/year/$year/departments/edit')({
  validateSearch: masterSearch({ code: filterText, name: filterText }),
  // the list's page and filters; the editor's `?id` is not a dependency (the editor loads its own record)
  loaderDeps: ({ search }) => masterListInput(search, departmentFilterKeys),
  loader: ({ params, cause, deps }) => loadScreen({ params, cause }, 'departments/edit', (scope) => [departmentListQuery(scope, deps)]),
  pendingComponent: RoutePending,
  errorComponent: RouteErrorPage,
  component: DepartmentsScreen,
});
