import { createFileRoute } from '@tanstack/react-router';
import { loadScreen } from '../features/shell/screenLoader.ts';
import { StatisticsExportScreen } from '../features/statistics/StatisticsExportScreen.tsx';
import { RouteErrorPage } from '../ui/RouteErrorPage.tsx';
import { RoutePending } from '../ui/RoutePending.tsx';

export const Route = createFileRoute('/_authed/dept/$dept/year/$year/statistics/export')({
  // the form loads nothing before its first print; the loader resolves the scope
  loader: ({ params, cause }) => loadScreen({ params, cause }, 'statistics/export', () => []),
  pendingComponent: RoutePending,
  errorComponent: RouteErrorPage,
  component: StatisticsExportScreen,
});
