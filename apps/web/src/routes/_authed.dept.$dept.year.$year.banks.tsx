import { createFileRoute } from '@tanstack/react-router';
import { bankFilterKeys, bankListQuery } from '../features/banks/queries.ts';
import { loadScreen } from '../features/shell/screenLoader.ts';
import { BanksScreen } from '../features/banks/BanksScreen.tsx';
import { filterText, masterListInput, masterSearch } from '../ui/listState.ts';
import { RouteErrorPage } from '../ui/RouteErrorPage.tsx';
import { RoutePending } from '../ui/RoutePending.tsx';

export const Route = createFileRoute('/_authed/dept/$dept/year/$year/banks')({
  validateSearch: masterSearch({ abi: filterText, cab: filterText, routingCode: filterText, name: filterText, location: filterText }),
  loaderDeps: ({ search }) => masterListInput(search, bankFilterKeys),
  loader: ({ params, cause, deps }) => loadScreen({ params, cause }, 'banks', () => [bankListQuery(deps)]),
  pendingComponent: RoutePending,
  errorComponent: RouteErrorPage,
  component: BanksScreen,
});
