import { createFileRoute } from '@tanstack/react-router';
import { ReservationsPrintScreen } from '../features/reservations/ReservationsPrintScreen.tsx';
import { MenuScreenGate } from '../features/shell/MenuScreenGate.tsx';
import { loadScreen } from '../features/shell/screenLoader.ts';
import { RouteErrorPage } from '../ui/RouteErrorPage.tsx';
import { RoutePending } from '../ui/RoutePending.tsx';

export const Route = createFileRoute('/_authed/dept/$dept/year/$year/reservations/print')({
  // the form loads nothing before its first print; the loader resolves the scope
  loader: ({ params, cause }) => loadScreen({ params, cause }, 'reservations/print', () => []),
  pendingComponent: RoutePending,
  errorComponent: RouteErrorPage,
  component: ReservationsPrintRoute,
});

function ReservationsPrintRoute() {
  return (
    <MenuScreenGate path="reservations/print">
      <ReservationsPrintScreen />
    </MenuScreenGate>
  );
}
