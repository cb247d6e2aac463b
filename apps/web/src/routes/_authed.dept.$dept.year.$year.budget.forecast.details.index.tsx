import { createFileRoute } from '@tanstack/react-router';
import { ForecastSummaryScreen } from '../features/budget/ForecastSummaryScreen.tsx';
import { forecastSummaryQuery, forecastTitlesQuery } from '../features/budget/queries.ts';
import { loadScreen } from '../features/shell/screenLoader.ts';
import { RouteErrorPage } from '../ui/RouteErrorPage.tsx';
import { RoutePending } from '../ui/RoutePending.tsx';

export const Route = createFileRoute('/_authed/dept/$dept/year/$year/budget/forecast/details/')({
  loader: ({ params, cause }) =>
    loadScreen({ params, cause }, 'budget/forecast/details', (scope) => [forecastSummaryQuery(scope), forecastTitlesQuery(scope)], { errorsOnScreen: true }),
  pendingComponent: RoutePending,
  errorComponent: RouteErrorPage,
  component: ForecastSummaryScreen,
});
