import { createFileRoute } from '@tanstack/react-router';
import { ChartUnlockScreen } from '../features/chart/ChartUnlockScreen.tsx';

export const Route = createFileRoute('/_authed/dept/$dept/year/$year/chartOfAccounts/unlock')({
  component: ChartUnlockScreen,
});
