import { createFileRoute } from '@tanstack/react-router';
import { departmentUsersQuery } from '../features/users/queries.ts';
import { loadScreen } from '../features/shell/screenLoader.ts';
import { DepartmentUsersScreen } from '../features/users/DepartmentUsersScreen.tsx';
import { RouteErrorPage } from '../ui/RouteErrorPage.tsx';
import { RoutePending } from '../ui/RoutePending.tsx';

export const Route = createFileRoute('/_authed/dept/$dept/year/$year/departmentUsers')({
  // the screen pages in its own state: the loader fills page 1
  loader: ({ params, cause }) => loadScreen({ params, cause }, 'departmentUsers', (scope) => [departmentUsersQuery(scope)]),
  pendingComponent: RoutePending,
  errorComponent: RouteErrorPage,
  component: DepartmentUsersScreen,
});
