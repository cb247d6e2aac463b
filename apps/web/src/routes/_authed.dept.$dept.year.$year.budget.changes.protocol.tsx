import { createFileRoute } from '@tanstack/react-router';
import { ChangesProtocolPrintScreen } from '../features/budget/BudgetPrintScreens.tsx';

export const Route = createFileRoute('/_authed/dept/$dept/year/$year/budget/changes/protocol')({
  component: ChangesProtocolPrintScreen,
});
