import { createFileRoute } from '@tanstack/react-router';
import { areaParam, partParam } from '../features/chart/search.ts';
import { CategoriesScreen } from '../features/chart/CategoriesScreen.tsx';
import { filterText, masterSearch } from '../ui/listState.ts';

export const Route = createFileRoute('/_authed/dept/$dept/year/$year/chartOfAccounts/categories')({
  validateSearch: masterSearch({ description: filterText, part: partParam, area: areaParam }),
  // spec 2 §2: categories ignore the department; a department change keeps the open editor
  staticData: { scopeIgnores: 'department' },
  component: CategoriesScreen,
});
