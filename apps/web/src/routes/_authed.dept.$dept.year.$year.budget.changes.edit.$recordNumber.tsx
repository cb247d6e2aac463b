import { createFileRoute, redirect } from '@tanstack/react-router';
import { ChangeEditScreen } from '../features/budget/ChangeEditScreen.tsx';
import { changeListQuery, changeQuery } from '../features/budget/queries.ts';
import { loadScreen } from '../features/shell/screenLoader.ts';
import { RouteErrorPage } from '../ui/RouteErrorPage.tsx';
import { RoutePending } from '../ui/RoutePending.tsx';

/** edit/{recordNumber}: a positive record number; anything else goes back to the head form. */
export const Route = createFileRoute('/_authed/dept/$dept/year/$year/budget/changes/edit/$recordNumber')({
  beforeLoad: ({ params }) => {
    if (!/^[1-9][0-9]{0,8}$/.test(params.recordNumber))
      throw redirect({ to: '/dept/$dept/year/$year/budget/changes/edit', params: { dept: params.dept, year: params.year }, replace: true });
  },
  loader: ({ params, cause }) =>
    loadScreen({ params, cause }, 'budget/changes/edit', (scope) => [changeQuery(scope, Number(params.recordNumber)), changeListQuery(scope)], {
      errorsOnScreen: true,
    }),
  pendingComponent: RoutePending,
  errorComponent: RouteErrorPage,
  component: ChangeEditRoute,
});

function ChangeEditRoute() {
  const { recordNumber } = Route.useParams();
  return <ChangeEditScreen key={recordNumber} recordNumber={Number(recordNumber)} />;
}
