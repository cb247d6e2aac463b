import { createFileRoute } from '@tanstack/react-router';
import { CarryOverScreen } from '../features/residues/CarryOverScreen.tsx';
import { carryOverStateQuery } from '../features/residues/queries.ts';
import { loadScreen } from '../features/shell/screenLoader.ts';
import { RouteErrorPage } from '../ui/RouteErrorPage.tsx';
import { RoutePending } from '../ui/RoutePending.tsx';

export const Route = createFileRoute('/_authed/dept/$dept/year/$year/residues/carryOver')({
  loader: ({ params, cause }) => loadScreen({ params, cause }, 'residues/carryOver', (scope) => [carryOverStateQuery(scope)]),
  pendingComponent: RoutePending,
  errorComponent: RouteErrorPage,
  component: CarryOverScreen,
});
