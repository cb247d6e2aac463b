import { createFileRoute, redirect } from '@tanstack/react-router';
import { MovementPositionsScreen } from '../features/movements/MovementPositionsScreen.tsx';
import { movementQuery } from '../features/movements/queries.ts';
import { loadScreen } from '../features/shell/screenLoader.ts';
import { RouteErrorPage } from '../ui/RouteErrorPage.tsx';
import { RoutePending } from '../ui/RoutePending.tsx';

/** movements/expenses/{recordNumber} or …/new: the positions form; anything else goes back to the head form. */
export const Route = createFileRoute('/_authed/dept/$dept/year/$year/movements/expenses/$recordNumber')({
  beforeLoad: ({ params }) => {
    if (params.recordNumber !== 'new' && !/^[1-9][0-9]{0,8}$/.test(params.recordNumber))
      throw redirect({ to: '/dept/$dept/year/$year/movements/expenses', params: { dept: params.dept, year: params.year }, replace: true });
  },
  loader: ({ params, cause }) =>
    loadScreen({ params, cause }, 'movements/expenses', (scope) =>
      params.recordNumber === 'new' ? [] : [movementQuery(scope, 'expenses', Number(params.recordNumber))],
    ),
  pendingComponent: RoutePending,
  errorComponent: RouteErrorPage,
  component: PositionsRoute,
});

function PositionsRoute() {
  const { recordNumber } = Route.useParams();
  return <MovementPositionsScreen recordParam={recordNumber} />;
}
