import { createFileRoute } from '@tanstack/react-router';
import { MovementPositionsRoute, positionsBeforeLoad, positionsLoader } from '../features/movements/routeOptions.tsx';
import { RouteErrorPage } from '../ui/RouteErrorPage.tsx';
import { RoutePending } from '../ui/RoutePending.tsx';

/** movements/revenues/{recordNumber} or …/new: the positions form. */
export const Route = createFileRoute('/_authed/dept/$dept/year/$year/movements/revenues/$recordNumber')({
  beforeLoad: positionsBeforeLoad('revenues'),
  loader: positionsLoader('revenues'),
  pendingComponent: RoutePending,
  errorComponent: RouteErrorPage,
  component: MovementPositionsRoute,
});
