import { createFileRoute } from '@tanstack/react-router';
import { ApprovalScreen } from '../features/budget/ApprovalScreen.tsx';
import { MenuScreenGate } from '../features/shell/MenuScreenGate.tsx';

export const Route = createFileRoute('/_authed/dept/$dept/year/$year/budget/forecast/approval')({
  component: () => (
    <MenuScreenGate path="budget/forecast/approval">
      <ApprovalScreen />
    </MenuScreenGate>
  ),
});
