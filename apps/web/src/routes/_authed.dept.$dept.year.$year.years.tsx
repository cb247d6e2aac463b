import { createFileRoute } from '@tanstack/react-router';
import { loadScreen } from '../features/shell/screenLoader.ts';
import { yearListQuery, yearStatusQuery } from '../features/years/queries.ts';
import { YearsScreen } from '../features/years/YearsScreen.tsx';
import { RouteErrorPage } from '../ui/RouteErrorPage.tsx';
import { RoutePending } from '../ui/RoutePending.tsx';

export const Route = createFileRoute('/_authed/dept/$dept/year/$year/years')({
  loader: ({ params, cause }) => loadScreen({ params, cause }, 'years', () => [yearListQuery(), yearStatusQuery()]),
  pendingComponent: RoutePending,
  errorComponent: RouteErrorPage,
  component: YearsScreen,
});
