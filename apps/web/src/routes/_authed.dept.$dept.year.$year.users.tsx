import { createFileRoute } from '@tanstack/react-router';
import { userFilterKeys, userListQuery } from '../features/users/queries.ts';
import { loadScreen } from '../features/shell/screenLoader.ts';
import { UsersScreen } from '../features/users/UsersScreen.tsx';
import { filterText, masterListInput, masterSearch } from '../ui/listState.ts';
import { RouteErrorPage } from '../ui/RouteErrorPage.tsx';
import { RoutePending } from '../ui/RoutePending.tsx';

export const Route = createFileRoute('/_authed/dept/$dept/year/$year/users')({
  validateSearch: masterSearch({ filter: filterText }),
  loaderDeps: ({ search }) => masterListInput(search, userFilterKeys),
  loader: ({ params, cause, deps }) => loadScreen({ params, cause }, 'users', (scope) => [userListQuery(scope, deps)]),
  pendingComponent: RoutePending,
  errorComponent: RouteErrorPage,
  component: UsersScreen,
});
