import { createFileRoute } from '@tanstack/react-router';
import { UsersScreen } from '../features/users/UsersScreen.tsx';
import { filterText, masterSearch } from '../ui/listState.ts';

export const Route = createFileRoute('/_authed/dept/$dept/year/$year/users')({
  validateSearch: masterSearch({ filter: filterText }),
  component: UsersScreen,
});
