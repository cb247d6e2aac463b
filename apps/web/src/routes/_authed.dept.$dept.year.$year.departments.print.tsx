import { createFileRoute } from '@tanstack/react-router';
import { loadScreen } from '../features/shell/screenLoader.ts';
import { DepartmentPrintScreen } from '../features/departments/DepartmentPrintScreen.tsx';
import { RouteErrorPage } from '../ui/RouteErrorPage.tsx';
import { RoutePending } from '../ui/RoutePending.tsx';

export const Route = createFileRoute('/_authed/dept/$dept/year/$year/departments/print')({
  // the form loads nothing before its first print; the loader resolves the scope
  loader: ({ params, cause }) => loadScreen({ params, cause }, 'departments/print', () => []),
  pendingComponent: RoutePending,
  errorComponent: RouteErrorPage,
  component: DepartmentPrintScreen,
});
