import { createFileRoute } from '@tanstack/react-router';
import { ChartPrintScreen } from '../features/chart/ChartPrintScreen.tsx';

export const Route = createFileRoute('/_authed/dept/$dept/year/$year/chartOfAccounts/print')({
  component: ChartPrintScreen,
});
