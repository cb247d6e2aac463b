import { createFileRoute } from '@tanstack/react-router';
import { ForecastPrintScreen } from '../features/budget/BudgetPrintScreens.tsx';
import { loadScreen } from '../features/shell/screenLoader.ts';
import { RouteErrorPage } from '../ui/RouteErrorPage.tsx';
import { RoutePending } from '../ui/RoutePending.tsx';

export const Route = createFileRoute('/_authed/dept/$dept/year/$year/budget/forecast/print')({
  // the form loads nothing before its first print; the loader resolves the scope
  loader: ({ params, cause }) => loadScreen({ params, cause }, 'budget/forecast/print', () => []),
  pendingComponent: RoutePending,
  errorComponent: RouteErrorPage,
  component: ForecastPrintScreen,
});
