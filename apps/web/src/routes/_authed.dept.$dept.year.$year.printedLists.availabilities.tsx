import { createFileRoute } from '@tanstack/react-router';
import { AvailabilitiesPrintScreen } from '../features/printedLists/AvailabilitiesPrintScreen.tsx';
import { MenuScreenGate } from '../features/shell/MenuScreenGate.tsx';
import { loadScreen } from '../features/shell/screenLoader.ts';
import { RouteErrorPage } from '../ui/RouteErrorPage.tsx';
import { RoutePending } from '../ui/RoutePending.tsx';

export const Route = createFileRoute('/_authed/dept/$dept/year/$year/printedLists/availabilities')({
  loader: ({ params, cause }) => loadScreen({ params, cause }, 'printedLists/availabilities', () => []),
  pendingComponent: RoutePending,
  errorComponent: RouteErrorPage,
  component: PrintRoute,
});

function PrintRoute() {
  return (
    <MenuScreenGate path="printedLists/availabilities">
      <AvailabilitiesPrintScreen />
    </MenuScreenGate>
  );
}
