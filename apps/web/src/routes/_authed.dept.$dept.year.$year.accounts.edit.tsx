import { createFileRoute } from '@tanstack/react-router';
import { AccountsScreen } from '../features/accounts/AccountsScreen.tsx';
import { filterText, masterSearch } from '../ui/listState.ts';

export const Route = createFileRoute('/_authed/dept/$dept/year/$year/accounts/edit')({
  validateSearch: masterSearch({ description: filterText }),
  // spec 2 §2: accounts ignore the year; a year change keeps the open editor
  staticData: { scopeIgnores: 'year' },
  component: AccountsScreen,
});
