import { createFileRoute } from '@tanstack/react-router';
import { loadScreen } from '../features/shell/screenLoader.ts';
import { AccountPrintScreen } from '../features/accounts/AccountPrintScreen.tsx';
import { RouteErrorPage } from '../ui/RouteErrorPage.tsx';
import { RoutePending } from '../ui/RoutePending.tsx';

export const Route = createFileRoute('/_authed/dept/$dept/year/$year/accounts/print')({
  // the form loads nothing before its first print; the loader resolves the scope
  loader: ({ params, cause }) => loadScreen({ params, cause }, 'accounts/print', () => []),
  pendingComponent: RoutePending,
  errorComponent: RouteErrorPage,
  component: AccountPrintScreen,
});
