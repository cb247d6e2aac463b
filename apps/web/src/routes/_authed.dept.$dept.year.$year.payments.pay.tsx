import { createFileRoute } from '@tanstack/react-router';
import { PayOpenScreen } from '../features/payments/PayOpenScreen.tsx';
import { paymentAccountsQuery } from '../features/payments/queries.ts';
import { MenuScreenGate } from '../features/shell/MenuScreenGate.tsx';
import { loadScreen } from '../features/shell/screenLoader.ts';
import { RouteErrorPage } from '../ui/RouteErrorPage.tsx';
import { RoutePending } from '../ui/RoutePending.tsx';

export const Route = createFileRoute('/_authed/dept/$dept/year/$year/payments/pay')({
  loader: ({ params, cause }) => loadScreen({ params, cause }, 'payments/pay', (scope) => [paymentAccountsQuery(scope)]),
  pendingComponent: RoutePending,
  errorComponent: RouteErrorPage,
  component: PayOpenRoute,
});

function PayOpenRoute() {
  return (
    <MenuScreenGate path="payments/pay">
      <PayOpenScreen />
    </MenuScreenGate>
  );
}
