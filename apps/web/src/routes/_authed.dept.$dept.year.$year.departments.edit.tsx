import { createFileRoute } from '@tanstack/react-router';
import { DepartmentsScreen } from '../features/departments/DepartmentsScreen.tsx';
import { filterText, masterSearch } from '../ui/listState.ts';

export const Route = createFileRoute('/_authed/dept/$dept/year/$year/departments/edit')({
  validateSearch: masterSearch({ code: filterText, name: filterText }),
  component: DepartmentsScreen,
});
