import { createFileRoute } from '@tanstack/react-router';
import { FinalApproveScreen } from '../features/finalBalance/FinalApproveScreen.tsx';
import { finalBalanceQuery } from '../features/finalBalance/queries.ts';
import { loadScreen } from '../features/shell/screenLoader.ts';
import { RouteErrorPage } from '../ui/RouteErrorPage.tsx';
import { RoutePending } from '../ui/RoutePending.tsx';

export const Route = createFileRoute('/_authed/dept/$dept/year/$year/budget/final/approve')({
  loader: ({ params, cause }) => loadScreen({ params, cause }, 'budget/final/approve', (scope) => [finalBalanceQuery(scope)]),
  pendingComponent: RoutePending,
  errorComponent: RouteErrorPage,
  component: FinalApproveScreen,
});
