import { createFileRoute } from '@tanstack/react-router';
import { MenuScreenPage } from '../features/shell/MenuScreenPage.tsx';

/** Every menu path not built yet shows a "not available yet" page naming the screen. */
export const Route = createFileRoute('/_authed/dept/$dept/year/$year/$')({
  component: MenuScreenPage,
});
