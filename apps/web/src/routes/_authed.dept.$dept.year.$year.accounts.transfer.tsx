import { createFileRoute } from '@tanstack/react-router';
import { transferContextQuery } from '../features/cash/queries.ts';
import { TransferScreen } from '../features/cash/TransferScreen.tsx';
import { loadScreen } from '../features/shell/screenLoader.ts';
import { RouteErrorPage } from '../ui/RouteErrorPage.tsx';
import { RoutePending } from '../ui/RoutePending.tsx';

export const Route = createFileRoute('/_authed/dept/$dept/year/$year/accounts/transfer')({
  loader: ({ params, cause }) => loadScreen({ params, cause }, 'accounts/transfer', (scope) => [transferContextQuery(scope)]),
  pendingComponent: RoutePending,
  errorComponent: RouteErrorPage,
  component: TransferScreen,
});
