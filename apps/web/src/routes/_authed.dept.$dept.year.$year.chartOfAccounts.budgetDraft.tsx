import { createFileRoute } from '@tanstack/react-router';
import { BudgetDraftScreen } from '../features/chart/BudgetDraftScreen.tsx';

export const Route = createFileRoute('/_authed/dept/$dept/year/$year/chartOfAccounts/budgetDraft')({
  component: BudgetDraftScreen,
});
