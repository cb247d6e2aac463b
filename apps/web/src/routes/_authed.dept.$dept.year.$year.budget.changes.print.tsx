import { createFileRoute } from '@tanstack/react-router';
import { ChangesByChapterPrintScreen } from '../features/budget/BudgetPrintScreens.tsx';

export const Route = createFileRoute('/_authed/dept/$dept/year/$year/budget/changes/print')({
  component: ChangesByChapterPrintScreen,
});
