import { createFileRoute } from '@tanstack/react-router';
import { ForecastPrintScreen } from '../features/budget/BudgetPrintScreens.tsx';

export const Route = createFileRoute('/_authed/dept/$dept/year/$year/budget/forecast/print')({
  component: ForecastPrintScreen,
});
