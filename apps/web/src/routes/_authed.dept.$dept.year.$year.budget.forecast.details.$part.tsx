import { createFileRoute, redirect } from '@tanstack/react-router';
import { ForecastPartEditor } from '../features/budget/ForecastPartEditor.tsx';
import { forecastPartQuery, forecastSummaryQuery } from '../features/budget/queries.ts';
import { loadScreen } from '../features/shell/screenLoader.ts';
import { RouteErrorPage } from '../ui/RouteErrorPage.tsx';
import { RoutePending } from '../ui/RoutePending.tsx';

const partOf = (part: string) => (part === 'revenues' ? 1 : 2);

/** details/revenues and details/expenses open the chapter editor; any other sub-path goes back to the summary. */
export const Route = createFileRoute('/_authed/dept/$dept/year/$year/budget/forecast/details/$part')({
  beforeLoad: ({ params }) => {
    if (params.part !== 'revenues' && params.part !== 'expenses')
      throw redirect({ to: '/dept/$dept/year/$year/budget/forecast/details', params: { dept: params.dept, year: params.year }, replace: true });
  },
  loader: ({ params, cause }) =>
    loadScreen({ params, cause }, 'budget/forecast/details', (scope) => [forecastPartQuery(scope, partOf(params.part)), forecastSummaryQuery(scope)], {
      errorsOnScreen: true,
    }),
  pendingComponent: RoutePending,
  errorComponent: RouteErrorPage,
  component: ForecastPartRoute,
});

function ForecastPartRoute() {
  const { part } = Route.useParams();
  return <ForecastPartEditor key={part} part={partOf(part)} />;
}
