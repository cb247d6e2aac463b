import { createFileRoute } from '@tanstack/react-router';
import { loadScreen } from '../features/shell/screenLoader.ts';
import { yearListQuery } from '../features/years/queries.ts';
import { BudgetDraftScreen } from '../features/chart/BudgetDraftScreen.tsx';
import { RouteErrorPage } from '../ui/RouteErrorPage.tsx';
import { RoutePending } from '../ui/RoutePending.tsx';

export const Route = createFileRoute('/_authed/dept/$dept/year/$year/chartOfAccounts/budgetDraft')({
  loader: ({ params, cause }) => loadScreen({ params, cause }, 'chartOfAccounts/budgetDraft', () => [yearListQuery()]),
  pendingComponent: RoutePending,
  errorComponent: RouteErrorPage,
  component: BudgetDraftScreen,
});
