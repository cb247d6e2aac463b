import { createFileRoute } from '@tanstack/react-router';
import { MovementHeadScreen } from '../features/movements/MovementHeadScreen.tsx';

export const Route = createFileRoute('/_authed/dept/$dept/year/$year/movements/expenses/')({
  component: MovementHeadScreen,
});
