import { createFileRoute } from '@tanstack/react-router';
import { userDepartmentListInput, userDepartmentListQuery } from '../features/users/queries.ts';
import { loadScreen } from '../features/shell/screenLoader.ts';
import { z } from 'zod';
import { UserDepartmentsScreen } from '../features/users/UserDepartmentsScreen.tsx';
import { filterText, masterSearch } from '../ui/listState.ts';
import { RouteErrorPage } from '../ui/RouteErrorPage.tsx';
import { RoutePending } from '../ui/RoutePending.tsx';

export const Route = createFileRoute('/_authed/dept/$dept/year/$year/userDepartments')({
  validateSearch: masterSearch({
    username: filterText,
    dept: z.coerce.number().int().positive().optional().catch(undefined),
    own: z.boolean().optional().catch(undefined),
  }),
  loaderDeps: ({ search }) => userDepartmentListInput(search),
  loader: ({ params, cause, deps }) => loadScreen({ params, cause }, 'userDepartments', (scope) => [userDepartmentListQuery(scope, deps)]),
  pendingComponent: RoutePending,
  errorComponent: RouteErrorPage,
  component: UserDepartmentsScreen,
});
