import { createFileRoute } from '@tanstack/react-router';
import { loadScreen } from '../features/shell/screenLoader.ts';
import { SupplierPrintScreen } from '../features/suppliers/SupplierPrintScreen.tsx';
import { RouteErrorPage } from '../ui/RouteErrorPage.tsx';
import { RoutePending } from '../ui/RoutePending.tsx';

export const Route = createFileRoute('/_authed/dept/$dept/year/$year/suppliers/print')({
  // the form loads nothing before its first print; the loader resolves the scope
  loader: ({ params, cause }) => loadScreen({ params, cause }, 'suppliers/print', () => []),
  pendingComponent: RoutePending,
  errorComponent: RouteErrorPage,
  component: SupplierPrintScreen,
});
