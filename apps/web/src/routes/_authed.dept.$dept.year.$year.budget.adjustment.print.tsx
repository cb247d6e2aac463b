import { createFileRoute } from '@tanstack/react-router';
import { AdjustmentPrintScreen } from '../features/budget/BudgetPrintScreens.tsx';

export const Route = createFileRoute('/_authed/dept/$dept/year/$year/budget/adjustment/print')({
  component: AdjustmentPrintScreen,
});
