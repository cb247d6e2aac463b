import { createFileRoute } from '@tanstack/react-router';
import { AuditTrailScreen } from '../features/audit/AuditTrailScreen.tsx';
import { auditFilterKeys, auditListInput } from '../features/audit/auditList.ts';
import { auditListQuery } from '../features/audit/queries.ts';
import { loadScreen } from '../features/shell/screenLoader.ts';
import { filterText, masterListInput, masterSearch } from '../ui/listState.ts';
import { RouteErrorPage } from '../ui/RouteErrorPage.tsx';
import { RoutePending } from '../ui/RoutePending.tsx';

export const Route = createFileRoute('/_authed/dept/$dept/year/$year/audit')({
  validateSearch: masterSearch(Object.fromEntries(auditFilterKeys.map((k) => [k, filterText])) as Record<(typeof auditFilterKeys)[number], typeof filterText>),
  loaderDeps: ({ search }) => masterListInput(search, auditFilterKeys),
  loader: ({ params, cause, deps }) => loadScreen({ params, cause }, 'audit', (scope) => [auditListQuery(auditListInput(deps, scope.year))]),
  pendingComponent: RoutePending,
  errorComponent: RouteErrorPage,
  component: AuditTrailScreen,
});
