import { createFileRoute } from '@tanstack/react-router';
import { OpenPaymentsScreen } from '../features/payments/OpenPaymentsScreen.tsx';
import { paymentAccountsQuery } from '../features/payments/queries.ts';
import { MenuScreenGate } from '../features/shell/MenuScreenGate.tsx';
import { loadScreen } from '../features/shell/screenLoader.ts';
import { RouteErrorPage } from '../ui/RouteErrorPage.tsx';
import { RoutePending } from '../ui/RoutePending.tsx';

export const Route = createFileRoute('/_authed/dept/$dept/year/$year/payments/open')({
  loader: ({ params, cause }) => loadScreen({ params, cause }, 'payments/open', (scope) => [paymentAccountsQuery(scope)]),
  pendingComponent: RoutePending,
  errorComponent: RouteErrorPage,
  component: OpenPaymentsRoute,
});

function OpenPaymentsRoute() {
  return (
    <MenuScreenGate path="payments/open">
      <OpenPaymentsScreen />
    </MenuScreenGate>
  );
}
