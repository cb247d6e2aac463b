import { createFileRoute } from '@tanstack/react-router';
import { ForecastSummaryScreen } from '../features/budget/ForecastSummaryScreen.tsx';

export const Route = createFileRoute('/_authed/dept/$dept/year/$year/budget/forecast/details/')({
  component: ForecastSummaryScreen,
});
