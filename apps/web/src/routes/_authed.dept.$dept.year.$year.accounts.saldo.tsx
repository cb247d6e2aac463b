import { createFileRoute } from '@tanstack/react-router';
import { BalancesScreen } from '../features/cash/BalancesScreen.tsx';
import { balancesQuery } from '../features/cash/queries.ts';
import { loadScreen } from '../features/shell/screenLoader.ts';
import { RouteErrorPage } from '../ui/RouteErrorPage.tsx';
import { RoutePending } from '../ui/RoutePending.tsx';

export const Route = createFileRoute('/_authed/dept/$dept/year/$year/accounts/saldo')({
  loader: ({ params, cause }) => loadScreen({ params, cause }, 'accounts/saldo', (scope) => [balancesQuery(scope)]),
  pendingComponent: RoutePending,
  errorComponent: RouteErrorPage,
  component: BalancesScreen,
});
