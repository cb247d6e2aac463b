import { createFileRoute } from '@tanstack/react-router';
import { ChapterDigestPrintScreen } from '../features/printedLists/ChapterDigestPrintScreen.tsx';
import { MenuScreenGate } from '../features/shell/MenuScreenGate.tsx';
import { loadScreen } from '../features/shell/screenLoader.ts';
import { RouteErrorPage } from '../ui/RouteErrorPage.tsx';
import { RoutePending } from '../ui/RoutePending.tsx';

export const Route = createFileRoute('/_authed/dept/$dept/year/$year/printedLists/chapterDigest')({
  loader: ({ params, cause }) => loadScreen({ params, cause }, 'printedLists/chapterDigest', () => []),
  pendingComponent: RoutePending,
  errorComponent: RouteErrorPage,
  component: PrintRoute,
});

function PrintRoute() {
  return (
    <MenuScreenGate path="printedLists/chapterDigest">
      <ChapterDigestPrintScreen />
    </MenuScreenGate>
  );
}
