import { createFileRoute } from '@tanstack/react-router';
import { ChangesByChapterPrintScreen } from '../features/budget/BudgetPrintScreens.tsx';
import { loadScreen } from '../features/shell/screenLoader.ts';
import { RouteErrorPage } from '../ui/RouteErrorPage.tsx';
import { RoutePending } from '../ui/RoutePending.tsx';

export const Route = createFileRoute('/_authed/dept/$dept/year/$year/budget/changes/print')({
  // the form loads nothing before its first print; the loader resolves the scope
  loader: ({ params, cause }) => loadScreen({ params, cause }, 'budget/changes/print', () => []),
  pendingComponent: RoutePending,
  errorComponent: RouteErrorPage,
  component: ChangesByChapterPrintScreen,
});
