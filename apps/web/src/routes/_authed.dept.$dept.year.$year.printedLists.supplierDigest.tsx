import { createFileRoute } from '@tanstack/react-router';
import { SupplierDigestPrintScreen } from '../features/printedLists/SupplierDigestPrintScreen.tsx';
import { MenuScreenGate } from '../features/shell/MenuScreenGate.tsx';
import { loadScreen } from '../features/shell/screenLoader.ts';
import { RouteErrorPage } from '../ui/RouteErrorPage.tsx';
import { RoutePending } from '../ui/RoutePending.tsx';

export const Route = createFileRoute('/_authed/dept/$dept/year/$year/printedLists/supplierDigest')({
  loader: ({ params, cause }) => loadScreen({ params, cause }, 'printedLists/supplierDigest', () => []),
  pendingComponent: RoutePending,
  errorComponent: RouteErrorPage,
  component: PrintRoute,
});

function PrintRoute() {
  return (
    <MenuScreenGate path="printedLists/supplierDigest">
      <SupplierDigestPrintScreen />
    </MenuScreenGate>
  );
}
