import { createFileRoute, Outlet } from '@tanstack/react-router';
import { MovementDraftProvider } from '../features/movements/MovementDraft.tsx';
import { movementAccountsQuery, movementContextQuery } from '../features/movements/queries.ts';
import { loadScreen } from '../features/shell/screenLoader.ts';
import { MenuScreenGate } from '../features/shell/MenuScreenGate.tsx';
import { RouteErrorPage } from '../ui/RouteErrorPage.tsx';
import { RoutePending } from '../ui/RoutePending.tsx';

/** movements/expenses: the head form (index) and the positions form ($recordNumber or new) share one draft until it is saved. */
export const Route = createFileRoute('/_authed/dept/$dept/year/$year/movements/expenses')({
  loader: ({ params, cause }) =>
    loadScreen({ params, cause }, 'movements/expenses', (scope) => [movementContextQuery(scope, 'expenses'), movementAccountsQuery(scope)]),
  pendingComponent: RoutePending,
  errorComponent: RouteErrorPage,
  component: () => (
    <MenuScreenGate path="movements/expenses">
      <MovementDraftProvider kind="expenses">
        <Outlet />
      </MovementDraftProvider>
    </MenuScreenGate>
  ),
});
