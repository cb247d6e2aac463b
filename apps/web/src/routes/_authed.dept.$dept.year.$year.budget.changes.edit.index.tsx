import { createFileRoute } from '@tanstack/react-router';
import { ChangeHeadScreen } from '../features/budget/ChangeHeadScreen.tsx';
import { changeListQuery } from '../features/budget/queries.ts';
import { loadScreen } from '../features/shell/screenLoader.ts';
import { RouteErrorPage } from '../ui/RouteErrorPage.tsx';
import { RoutePending } from '../ui/RoutePending.tsx';

export const Route = createFileRoute('/_authed/dept/$dept/year/$year/budget/changes/edit/')({
  loader: ({ params, cause }) => loadScreen({ params, cause }, 'budget/changes/edit', (scope) => [changeListQuery(scope)], { errorsOnScreen: true }),
  pendingComponent: RoutePending,
  errorComponent: RouteErrorPage,
  component: ChangeHeadScreen,
});
