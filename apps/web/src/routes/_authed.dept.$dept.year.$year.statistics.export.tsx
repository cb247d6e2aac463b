import { createFileRoute } from '@tanstack/react-router';
import { StatisticsExportScreen } from '../features/statistics/StatisticsExportScreen.tsx';

export const Route = createFileRoute('/_authed/dept/$dept/year/$year/statistics/export')({
  component: StatisticsExportScreen,
});
