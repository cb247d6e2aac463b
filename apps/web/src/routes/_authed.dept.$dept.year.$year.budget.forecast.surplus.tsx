import { createFileRoute } from '@tanstack/react-router';
import { SurplusScreen } from '../features/budget/SurplusScreen.tsx';
import { surplusQuery } from '../features/budget/queries.ts';
import { MenuScreenGate } from '../features/shell/MenuScreenGate.tsx';
import { loadScreen } from '../features/shell/screenLoader.ts';
import { RouteErrorPage } from '../ui/RouteErrorPage.tsx';
import { RoutePending } from '../ui/RoutePending.tsx';

export const Route = createFileRoute('/_authed/dept/$dept/year/$year/budget/forecast/surplus')({
  loader: ({ params, cause }) => loadScreen({ params, cause }, 'budget/forecast/surplus', (scope) => [surplusQuery(scope)], { errorsOnScreen: true }),
  pendingComponent: RoutePending,
  errorComponent: RouteErrorPage,
  component: () => (
    <MenuScreenGate path="budget/forecast/surplus">
      <SurplusScreen />
    </MenuScreenGate>
  ),
});
