import { createFileRoute } from '@tanstack/react-router';
import { accountFilterKeys, accountListQuery } from '../features/accounts/queries.ts';
import { loadScreen } from '../features/shell/screenLoader.ts';
import { AccountsScreen } from '../features/accounts/AccountsScreen.tsx';
import { filterText, masterListInput, masterSearch } from '../ui/listState.ts';
import { RouteErrorPage } from '../ui/RouteErrorPage.tsx';
import { RoutePending } from '../ui/RoutePending.tsx';

export const Route = createFileRoute('/_authed/dept/$dept/year/$year/accounts/edit')({
  validateSearch: masterSearch({ description: filterText }),
  // spec 2 §2: accounts ignore the year; a year change keeps the open editor
  staticData: { scopeIgnores: 'year' },
  loaderDeps: ({ search }) => masterListInput(search, accountFilterKeys),
  loader: ({ params, cause, deps }) => loadScreen({ params, cause }, 'accounts/edit', (scope) => [accountListQuery(scope, deps)]),
  pendingComponent: RoutePending,
  errorComponent: RouteErrorPage,
  component: AccountsScreen,
});
