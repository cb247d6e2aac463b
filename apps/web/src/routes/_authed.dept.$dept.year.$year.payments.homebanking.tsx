import { createFileRoute } from '@tanstack/react-router';
import { HomebankingScreen } from '../features/payments/HomebankingScreen.tsx';
import { paymentAccountsQuery, paymentOrdersQuery, paymentsContextQuery } from '../features/payments/queries.ts';
import { MenuScreenGate } from '../features/shell/MenuScreenGate.tsx';
import { loadScreen } from '../features/shell/screenLoader.ts';
import { RouteErrorPage } from '../ui/RouteErrorPage.tsx';
import { RoutePending } from '../ui/RoutePending.tsx';

export const Route = createFileRoute('/_authed/dept/$dept/year/$year/payments/homebanking')({
  loader: ({ params, cause }) =>
    loadScreen({ params, cause }, 'payments/homebanking', (scope) => [
      paymentAccountsQuery(scope),
      paymentOrdersQuery(scope, true),
      paymentsContextQuery(scope),
    ]),
  pendingComponent: RoutePending,
  errorComponent: RouteErrorPage,
  component: HomebankingRoute,
});

function HomebankingRoute() {
  return (
    <MenuScreenGate path="payments/homebanking">
      <HomebankingScreen />
    </MenuScreenGate>
  );
}
