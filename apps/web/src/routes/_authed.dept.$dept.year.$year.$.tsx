import { createFileRoute } from '@tanstack/react-router';
import { loadScreen } from '../features/shell/screenLoader.ts';
import { MenuScreenPage } from '../features/shell/MenuScreenPage.tsx';
import { RouteErrorPage } from '../ui/RouteErrorPage.tsx';
import { RoutePending } from '../ui/RoutePending.tsx';

/** Every menu path not built yet shows a "not available yet" page naming the screen. */
export const Route = createFileRoute('/_authed/dept/$dept/year/$year/$')({
  // a placeholder (or refusal) shows no data; the loader resolves the scope
  loader: ({ params, cause }) => loadScreen({ params, cause }, null, () => []),
  pendingComponent: RoutePending,
  errorComponent: RouteErrorPage,
  component: MenuScreenPage,
});
