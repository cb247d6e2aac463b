import { createFileRoute } from '@tanstack/react-router';
import { loadScreen } from '../features/shell/screenLoader.ts';
import { templateFilterKeys, templateListQuery } from '../features/templates/queries.ts';
import { TemplatesScreen } from '../features/templates/TemplatesScreen.tsx';
import { filterText, masterListInput, masterSearch } from '../ui/listState.ts';
import { RouteErrorPage } from '../ui/RouteErrorPage.tsx';
import { RoutePending } from '../ui/RoutePending.tsx';

export const Route = createFileRoute('/_authed/dept/$dept/year/$year/movementTemplates/')({
  validateSearch: masterSearch({ description: filterText }),
  loaderDeps: ({ search }) => masterListInput(search, templateFilterKeys),
  loader: ({ params, cause, deps }) =>
    loadScreen({ params, cause }, 'movementTemplates', (scope) => [templateListQuery(scope, deps)], { errorsOnScreen: true }),
  pendingComponent: RoutePending,
  errorComponent: RouteErrorPage,
  component: TemplatesScreen,
});
