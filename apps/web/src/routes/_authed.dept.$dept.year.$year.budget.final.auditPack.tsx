import { createFileRoute } from '@tanstack/react-router';
import { AuditPackScreen } from '../features/finalBalance/AuditPackScreen.tsx';
import { loadScreen } from '../features/shell/screenLoader.ts';
import { RouteErrorPage } from '../ui/RouteErrorPage.tsx';
import { RoutePending } from '../ui/RoutePending.tsx';

export const Route = createFileRoute('/_authed/dept/$dept/year/$year/budget/final/auditPack')({
  loader: ({ params, cause }) => loadScreen({ params, cause }, 'budget/final/auditPack', () => []),
  pendingComponent: RoutePending,
  errorComponent: RouteErrorPage,
  component: AuditPackScreen,
});
