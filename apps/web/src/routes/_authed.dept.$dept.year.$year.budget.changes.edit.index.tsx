import { createFileRoute } from '@tanstack/react-router';
import { ChangeHeadScreen } from '../features/budget/ChangeHeadScreen.tsx';

export const Route = createFileRoute('/_authed/dept/$dept/year/$year/budget/changes/edit/')({
  component: ChangeHeadScreen,
});
