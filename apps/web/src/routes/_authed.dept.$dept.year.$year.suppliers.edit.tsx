import { createFileRoute } from '@tanstack/react-router';
import { supplierFilterKeys, supplierListQuery } from '../features/suppliers/queries.ts';
import { loadScreen } from '../features/shell/screenLoader.ts';
import { activeChoices } from '../features/suppliers/activeFilter.ts';
import { SuppliersScreen } from '../features/suppliers/SuppliersScreen.tsx';
import { filterChoice, filterText, masterListInput, masterSearch } from '../ui/listState.ts';
import { RouteErrorPage } from '../ui/RouteErrorPage.tsx';
import { RoutePending } from '../ui/RoutePending.tsx';

export const Route = createFileRoute('/_authed/dept/$dept/year/$year/suppliers/edit')({
  validateSearch: masterSearch({
    code: filterText,
    searchKey: filterText,
    location: filterText,
    province: filterText,
    country: filterText,
    active: filterChoice(activeChoices),
  }),
  // spec 2 §2: suppliers ignore the year; a year change keeps the open editor
  staticData: { scopeIgnores: 'year' },
  loaderDeps: ({ search }) => masterListInput(search, supplierFilterKeys),
  loader: ({ params, cause, deps }) => loadScreen({ params, cause }, 'suppliers/edit', (scope) => [supplierListQuery(scope, deps)]),
  pendingComponent: RoutePending,
  errorComponent: RouteErrorPage,
  component: SuppliersScreen,
});
