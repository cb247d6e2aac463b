import { createFileRoute } from '@tanstack/react-router';
import { MovementPositionsRoute } from '../features/movements/routeComponents.tsx';
import { positionsBeforeLoad, positionsLoader } from '../features/movements/routeLoaders.ts';
import { RouteErrorPage } from '../ui/RouteErrorPage.tsx';
import { RoutePending } from '../ui/RoutePending.tsx';

/** movements/expenses/{recordNumber} or …/new: the positions form. */
export const Route = createFileRoute('/_authed/dept/$dept/year/$year/movements/expenses/$recordNumber')({
  beforeLoad: positionsBeforeLoad('expenses'),
  loader: positionsLoader('expenses'),
  pendingComponent: RoutePending,
  errorComponent: RouteErrorPage,
  component: MovementPositionsRoute,
});
