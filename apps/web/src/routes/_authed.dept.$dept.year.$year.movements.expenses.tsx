import { createFileRoute } from '@tanstack/react-router';
import { movementsLayout } from '../features/movements/routeComponents.tsx';
import { movementSearch, movementsLoader, movementsLoaderDeps } from '../features/movements/routeLoaders.ts';
import { RouteErrorPage } from '../ui/RouteErrorPage.tsx';
import { RoutePending } from '../ui/RoutePending.tsx';

/** movements/expenses: the head form (index) and the positions form share one draft until it is saved. */
export const Route = createFileRoute('/_authed/dept/$dept/year/$year/movements/expenses')({
  validateSearch: movementSearch,
  loaderDeps: movementsLoaderDeps,
  loader: movementsLoader('expenses'),
  pendingComponent: RoutePending,
  errorComponent: RouteErrorPage,
  component: movementsLayout('expenses'),
});
