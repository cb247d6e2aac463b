import { createFileRoute } from '@tanstack/react-router';
import { ChaptersScreen } from '../features/chart/ChaptersScreen.tsx';
import { areaParam, partParam } from '../features/chart/search.ts';
import { filterText, masterSearch } from '../ui/listState.ts';

export const Route = createFileRoute('/_authed/dept/$dept/year/$year/chartOfAccounts/chapters')({
  validateSearch: masterSearch({ chapter: filterText, description: filterText, part: partParam, area: areaParam }),
  // spec 2 §2: chapters ignore the department; a department change keeps the open editor
  staticData: { scopeIgnores: 'department' },
  component: ChaptersScreen,
});
