import { createFileRoute } from '@tanstack/react-router';
import { YearsScreen } from '../features/years/YearsScreen.tsx';

export const Route = createFileRoute('/_authed/dept/$dept/year/$year/years')({
  component: YearsScreen,
});
