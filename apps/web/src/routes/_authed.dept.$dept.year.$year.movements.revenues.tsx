import { createFileRoute, Outlet } from '@tanstack/react-router';
import { MovementDraftProvider } from '../features/movements/MovementDraft.tsx';
import { movementAccountsQuery, movementContextQuery } from '../features/movements/queries.ts';
import { loadScreen } from '../features/shell/screenLoader.ts';
import { MenuScreenGate } from '../features/shell/MenuScreenGate.tsx';
import { RouteErrorPage } from '../ui/RouteErrorPage.tsx';
import { RoutePending } from '../ui/RoutePending.tsx';

/** movements/revenues: the head form (index) and the positions form ($recordNumber or new) share one draft until it is saved. */
export const Route = createFileRoute('/_authed/dept/$dept/year/$year/movements/revenues')({
  loader: ({ params, cause }) =>
    loadScreen({ params, cause }, 'movements/revenues', (scope) => [movementContextQuery(scope, 'revenues'), movementAccountsQuery(scope)]),
  pendingComponent: RoutePending,
  errorComponent: RouteErrorPage,
  component: () => (
    <MenuScreenGate path="movements/revenues">
      <MovementDraftProvider kind="revenues">
        <Outlet />
      </MovementDraftProvider>
    </MenuScreenGate>
  ),
});
