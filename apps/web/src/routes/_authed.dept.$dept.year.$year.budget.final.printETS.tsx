import { createFileRoute } from '@tanstack/react-router';
import { EtsPrintScreen } from '../features/finalBalance/EtsPrintScreen.tsx';
import { finalBalanceQuery } from '../features/finalBalance/queries.ts';
import { loadScreen } from '../features/shell/screenLoader.ts';
import { RouteErrorPage } from '../ui/RouteErrorPage.tsx';
import { RoutePending } from '../ui/RoutePending.tsx';

export const Route = createFileRoute('/_authed/dept/$dept/year/$year/budget/final/printETS')({
  loader: ({ params, cause }) => loadScreen({ params, cause }, 'budget/final/printETS', (scope) => [finalBalanceQuery(scope)]),
  pendingComponent: RoutePending,
  errorComponent: RouteErrorPage,
  component: EtsPrintScreen,
});
