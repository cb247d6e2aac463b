import { createFileRoute, Outlet } from '@tanstack/react-router';
import { MenuScreenGate } from '../features/shell/MenuScreenGate.tsx';

/** budget/changes/edit: the head form (index) and one change's positions ($recordNumber). */
export const Route = createFileRoute('/_authed/dept/$dept/year/$year/budget/changes/edit')({
  component: () => (
    <MenuScreenGate path="budget/changes/edit">
      <Outlet />
    </MenuScreenGate>
  ),
});
