import { createFileRoute, Outlet } from '@tanstack/react-router';
import { MenuScreenGate } from '../features/shell/MenuScreenGate.tsx';

/** budget/forecast/details: the summary (index) and the chapter editors (revenues, expenses). */
export const Route = createFileRoute('/_authed/dept/$dept/year/$year/budget/forecast/details')({
  component: () => (
    <MenuScreenGate path="budget/forecast/details">
      <Outlet />
    </MenuScreenGate>
  ),
});
