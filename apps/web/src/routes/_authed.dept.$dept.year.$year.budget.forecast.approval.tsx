import { createFileRoute } from '@tanstack/react-router';
import { ApprovalScreen } from '../features/budget/ApprovalScreen.tsx';
import { forecastSummaryQuery } from '../features/budget/queries.ts';
import { MenuScreenGate } from '../features/shell/MenuScreenGate.tsx';
import { loadScreen } from '../features/shell/screenLoader.ts';
import { RouteErrorPage } from '../ui/RouteErrorPage.tsx';
import { RoutePending } from '../ui/RoutePending.tsx';

export const Route = createFileRoute('/_authed/dept/$dept/year/$year/budget/forecast/approval')({
  loader: ({ params, cause }) => loadScreen({ params, cause }, 'budget/forecast/approval', (scope) => [forecastSummaryQuery(scope)], { errorsOnScreen: true }),
  pendingComponent: RoutePending,
  errorComponent: RouteErrorPage,
  component: () => (
    <MenuScreenGate path="budget/forecast/approval">
      <ApprovalScreen />
    </MenuScreenGate>
  ),
});
