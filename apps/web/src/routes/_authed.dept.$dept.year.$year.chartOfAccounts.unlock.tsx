import { createFileRoute } from '@tanstack/react-router';
import { chartStatusQuery } from '../features/chart/queries.ts';
import { loadScreen } from '../features/shell/screenLoader.ts';
import { yearStatusQuery } from '../features/years/queries.ts';
import { ChartUnlockScreen } from '../features/chart/ChartUnlockScreen.tsx';
import { RouteErrorPage } from '../ui/RouteErrorPage.tsx';
import { RoutePending } from '../ui/RoutePending.tsx';

export const Route = createFileRoute('/_authed/dept/$dept/year/$year/chartOfAccounts/unlock')({
  loader: ({ params, cause }) =>
    loadScreen({ params, cause }, 'chartOfAccounts/unlock', ({ department, year }) => [
      yearStatusQuery(),
      ...([1, 2, 3] as const).map((area) => chartStatusQuery({ department, year, area })),
    ]),
  pendingComponent: RoutePending,
  errorComponent: RouteErrorPage,
  component: ChartUnlockScreen,
});
