import { createFileRoute } from '@tanstack/react-router';
import { loadScreen } from '../features/shell/screenLoader.ts';
import { MenuScreenGate } from '../features/shell/MenuScreenGate.tsx';
import { StatementScreen } from '../features/statements/StatementScreen.tsx';
import { RouteErrorPage } from '../ui/RouteErrorPage.tsx';
import { RoutePending } from '../ui/RoutePending.tsx';

/** Kontoauszug einlesen (issue 28): the bank's camt.053 statement matched to the books, then the reconciliation. */
export const Route = createFileRoute('/_authed/dept/$dept/year/$year/accounts/statement')({
  loader: ({ params, cause }) => loadScreen({ params, cause }, 'accounts/statement', () => []),
  pendingComponent: RoutePending,
  errorComponent: RouteErrorPage,
  component: StatementRoute,
});

function StatementRoute() {
  return (
    <MenuScreenGate path="accounts/statement">
      <StatementScreen />
    </MenuScreenGate>
  );
}
