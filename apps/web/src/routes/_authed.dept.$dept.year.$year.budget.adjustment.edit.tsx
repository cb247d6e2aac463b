import { createFileRoute } from '@tanstack/react-router';
import { AdjustmentScreen } from '../features/budget/AdjustmentScreen.tsx';
import { MenuScreenGate } from '../features/shell/MenuScreenGate.tsx';

export const Route = createFileRoute('/_authed/dept/$dept/year/$year/budget/adjustment/edit')({
  component: () => (
    <MenuScreenGate path="budget/adjustment/edit">
      <AdjustmentScreen />
    </MenuScreenGate>
  ),
});
