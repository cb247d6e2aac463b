import { createFileRoute } from '@tanstack/react-router';
import { AdjustmentScreen } from '../features/budget/AdjustmentScreen.tsx';
import { adjustmentQuery } from '../features/budget/queries.ts';
import { MenuScreenGate } from '../features/shell/MenuScreenGate.tsx';
import { loadScreen } from '../features/shell/screenLoader.ts';
import { RouteErrorPage } from '../ui/RouteErrorPage.tsx';
import { RoutePending } from '../ui/RoutePending.tsx';

export const Route = createFileRoute('/_authed/dept/$dept/year/$year/budget/adjustment/edit')({
  // the screen shows a failed load in place (errorsOnScreen)
  loader: ({ params, cause }) => loadScreen({ params, cause }, 'budget/adjustment/edit', (scope) => [adjustmentQuery(scope)], { errorsOnScreen: true }),
  pendingComponent: RoutePending,
  errorComponent: RouteErrorPage,
  component: () => (
    <MenuScreenGate path="budget/adjustment/edit">
      <AdjustmentScreen />
    </MenuScreenGate>
  ),
});
