import { createFileRoute } from '@tanstack/react-router';
import { ChartCopyScreen } from '../features/chart/ChartCopyScreen.tsx';

export const Route = createFileRoute('/_authed/dept/$dept/year/$year/chartOfAccounts/copy')({
  component: ChartCopyScreen,
});
