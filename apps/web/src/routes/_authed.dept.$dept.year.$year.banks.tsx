import { createFileRoute } from '@tanstack/react-router';
import { BanksScreen } from '../features/banks/BanksScreen.tsx';
import { filterText, masterSearch } from '../ui/listState.ts';

export const Route = createFileRoute('/_authed/dept/$dept/year/$year/banks')({
  validateSearch: masterSearch({ abi: filterText, cab: filterText, routingCode: filterText, name: filterText, location: filterText }),
  component: BanksScreen,
});
