import { createFileRoute } from '@tanstack/react-router';
import { CashJournalPrintScreen } from '../features/printedLists/CashJournalPrintScreen.tsx';
import { journalAccountsQuery } from '../features/printedLists/queries.ts';
import { MenuScreenGate } from '../features/shell/MenuScreenGate.tsx';
import { loadScreen } from '../features/shell/screenLoader.ts';
import { RouteErrorPage } from '../ui/RouteErrorPage.tsx';
import { RoutePending } from '../ui/RoutePending.tsx';

export const Route = createFileRoute('/_authed/dept/$dept/year/$year/printedLists/cashJournal')({
  loader: ({ params, cause }) => loadScreen({ params, cause }, 'printedLists/cashJournal', (scope) => [journalAccountsQuery(scope)]),
  pendingComponent: RoutePending,
  errorComponent: RouteErrorPage,
  component: PrintRoute,
});

function PrintRoute() {
  return (
    <MenuScreenGate path="printedLists/cashJournal">
      <CashJournalPrintScreen />
    </MenuScreenGate>
  );
}
