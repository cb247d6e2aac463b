import { createFileRoute } from '@tanstack/react-router';
import { loadScope } from '../features/scope/loadScope.ts';
import { ScopeErrorPage } from '../features/scope/ScopeErrorPage.tsx';
import { ScopeLayout } from '../features/scope/ScopeLayout.tsx';
import { RoutePending } from '../ui/RoutePending.tsx';

export const Route = createFileRoute('/_authed/dept/$dept/year/$year')({
  loader: ({ params }) => loadScope(params),
  pendingComponent: RoutePending,
  component: ScopeLayout,
  errorComponent: ScopeErrorPage,
});
