import { createFileRoute } from '@tanstack/react-router';
import { loadScreen } from '../features/shell/screenLoader.ts';
import { yearListQuery } from '../features/years/queries.ts';
import { ChartCopyScreen } from '../features/chart/ChartCopyScreen.tsx';
import { RouteErrorPage } from '../ui/RouteErrorPage.tsx';
import { RoutePending } from '../ui/RoutePending.tsx';

export const Route = createFileRoute('/_authed/dept/$dept/year/$year/chartOfAccounts/copy')({
  loader: ({ params, cause }) => loadScreen({ params, cause }, 'chartOfAccounts/copy', () => [yearListQuery()]),
  pendingComponent: RoutePending,
  errorComponent: RouteErrorPage,
  component: ChartCopyScreen,
});
