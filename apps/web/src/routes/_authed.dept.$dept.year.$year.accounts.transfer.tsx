import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { transferContextQuery } from '../features/cash/queries.ts';
import { TransferScreen } from '../features/cash/TransferScreen.tsx';
import { loadScreen } from '../features/shell/screenLoader.ts';
import { RouteErrorPage } from '../ui/RouteErrorPage.tsx';
import { RoutePending } from '../ui/RoutePending.tsx';

/** `?nr=3` opens that transfer (the cash journal's rows link here); anything else is a new one. */
const transferSearch = z.object({ nr: z.coerce.number().int().min(1).max(999_999_999).optional().catch(undefined) });

export const Route = createFileRoute('/_authed/dept/$dept/year/$year/accounts/transfer')({
  validateSearch: transferSearch,
  loader: ({ params, cause }) => loadScreen({ params, cause }, 'accounts/transfer', (scope) => [transferContextQuery(scope)]),
  pendingComponent: RoutePending,
  errorComponent: RouteErrorPage,
  component: TransferRoute,
});

function TransferRoute() {
  const { nr } = Route.useSearch();
  return <TransferScreen recordNumber={nr ?? null} />;
}
