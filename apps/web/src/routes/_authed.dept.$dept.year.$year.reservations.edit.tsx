import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { MenuScreenGate } from '../features/shell/MenuScreenGate.tsx';
import { loadScreen } from '../features/shell/screenLoader.ts';
import { reservationContextQuery, reservationQuery } from '../features/reservations/queries.ts';
import { ReservationEditScreen } from '../features/reservations/ReservationEditScreen.tsx';
import { RouteErrorPage } from '../ui/RouteErrorPage.tsx';
import { RoutePending } from '../ui/RoutePending.tsx';

/** `?nr=3` opens that reservation (a reload shows the same record); anything else is a new one. */
const reservationSearch = z.object({ nr: z.coerce.number().int().min(1).max(999_999_999).optional().catch(undefined) });

export const Route = createFileRoute('/_authed/dept/$dept/year/$year/reservations/edit')({
  validateSearch: reservationSearch,
  loaderDeps: ({ search }) => ({ nr: search.nr }),
  loader: ({ params, cause, deps }) =>
    loadScreen({ params, cause }, 'reservations/edit', (scope) => [reservationContextQuery(scope), ...(deps.nr ? [reservationQuery(scope, deps.nr)] : [])], {
      errorsOnScreen: true,
    }),
  pendingComponent: RoutePending,
  errorComponent: RouteErrorPage,
  component: ReservationEditRoute,
});

function ReservationEditRoute() {
  const { nr } = Route.useSearch();
  return (
    <MenuScreenGate path="reservations/edit">
      <ReservationEditScreen key={nr ?? 'new'} recordNumber={nr ?? null} />
    </MenuScreenGate>
  );
}
