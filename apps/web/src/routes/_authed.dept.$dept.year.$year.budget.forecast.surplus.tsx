import { createFileRoute } from '@tanstack/react-router';
import { SurplusScreen } from '../features/budget/SurplusScreen.tsx';
import { MenuScreenGate } from '../features/shell/MenuScreenGate.tsx';

export const Route = createFileRoute('/_authed/dept/$dept/year/$year/budget/forecast/surplus')({
  component: () => (
    <MenuScreenGate path="budget/forecast/surplus">
      <SurplusScreen />
    </MenuScreenGate>
  ),
});
