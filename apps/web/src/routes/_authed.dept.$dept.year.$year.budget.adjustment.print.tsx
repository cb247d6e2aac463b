import { createFileRoute } from '@tanstack/react-router';
import { AdjustmentPrintScreen } from '../features/budget/BudgetPrintScreens.tsx';
import { loadScreen } from '../features/shell/screenLoader.ts';
import { RouteErrorPage } from '../ui/RouteErrorPage.tsx';
import { RoutePending } from '../ui/RoutePending.tsx';

export const Route = createFileRoute('/_authed/dept/$dept/year/$year/budget/adjustment/print')({
  // the form loads nothing before its first print; the loader resolves the scope
  loader: ({ params, cause }) => loadScreen({ params, cause }, 'budget/adjustment/print', () => []),
  pendingComponent: RoutePending,
  errorComponent: RouteErrorPage,
  component: AdjustmentPrintScreen,
});
