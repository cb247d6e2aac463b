import { createFileRoute } from '@tanstack/react-router';
import { homeQuery, scopeListQuery } from '../features/overview/queries.ts';
import { loadScreen } from '../features/shell/screenLoader.ts';
import { ScopeHome } from '../features/overview/ScopeHome.tsx';
import { RouteErrorPage } from '../ui/RouteErrorPage.tsx';
import { RoutePending } from '../ui/RoutePending.tsx';

export const Route = createFileRoute('/_authed/dept/$dept/year/$year/')({
  // the home shows a failed load in its cards, and refetches on mount (always fresh)
  loader: ({ params, cause }) => loadScreen({ params, cause }, null, (scope) => [scopeListQuery(), homeQuery(scope)], { errorsOnScreen: true }),
  pendingComponent: RoutePending,
  errorComponent: RouteErrorPage,
  component: ScopeHome,
});
