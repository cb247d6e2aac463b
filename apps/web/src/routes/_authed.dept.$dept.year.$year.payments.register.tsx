import { createFileRoute } from '@tanstack/react-router';
import { RegisterScreen } from '../features/payments/RegisterScreen.tsx';
import { paidOrdersQuery, paymentOrdersQuery } from '../features/payments/queries.ts';
import { MenuScreenGate } from '../features/shell/MenuScreenGate.tsx';
import { loadScreen } from '../features/shell/screenLoader.ts';
import { RouteErrorPage } from '../ui/RouteErrorPage.tsx';
import { RoutePending } from '../ui/RoutePending.tsx';

export const Route = createFileRoute('/_authed/dept/$dept/year/$year/payments/register')({
  loader: ({ params, cause }) => loadScreen({ params, cause }, 'payments/register', (scope) => [paymentOrdersQuery(scope, true), paidOrdersQuery(scope)]),
  pendingComponent: RoutePending,
  errorComponent: RouteErrorPage,
  component: PaymentsRegisterRoute,
});

function PaymentsRegisterRoute() {
  return (
    <MenuScreenGate path="payments/register">
      <RegisterScreen />
    </MenuScreenGate>
  );
}
