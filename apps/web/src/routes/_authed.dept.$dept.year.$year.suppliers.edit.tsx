import { createFileRoute } from '@tanstack/react-router';
import { activeChoices } from '../features/suppliers/activeFilter.ts';
import { SuppliersScreen } from '../features/suppliers/SuppliersScreen.tsx';
import { filterChoice, filterText, masterSearch } from '../ui/listState.ts';

export const Route = createFileRoute('/_authed/dept/$dept/year/$year/suppliers/edit')({
  validateSearch: masterSearch({ code: filterText, searchKey: filterText, location: filterText, province: filterText, country: filterText, active: filterChoice(activeChoices) }),
  // spec 2 §2: suppliers ignore the year; a year change keeps the open editor
  staticData: { scopeIgnores: 'year' },
  component: SuppliersScreen,
});
