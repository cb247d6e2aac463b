import { createFileRoute } from '@tanstack/react-router';
import { ResiduesPrintScreen } from '../features/residues/ResiduesPrintScreen.tsx';
import { loadScreen } from '../features/shell/screenLoader.ts';
import { RouteErrorPage } from '../ui/RouteErrorPage.tsx';
import { RoutePending } from '../ui/RoutePending.tsx';

// a form that loads nothing before its first action (the data comes with Print)
export const Route = createFileRoute('/_authed/dept/$dept/year/$year/residues/print')({
  loader: ({ params, cause }) => loadScreen({ params, cause }, 'residues/print', () => []),
  pendingComponent: RoutePending,
  errorComponent: RouteErrorPage,
  component: ResiduesPrintScreen,
});
