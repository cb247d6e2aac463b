import { createFileRoute } from '@tanstack/react-router';
import { areaParam, partParam } from '../features/chart/search.ts';
import { TitlesScreen } from '../features/chart/TitlesScreen.tsx';
import { filterText, masterSearch } from '../ui/listState.ts';

export const Route = createFileRoute('/_authed/dept/$dept/year/$year/chartOfAccounts/titles')({
  validateSearch: masterSearch({ description: filterText, part: partParam, area: areaParam }),
  // spec 2 §2: titles ignore the department; a department change keeps the open editor
  staticData: { scopeIgnores: 'department' },
  component: TitlesScreen,
});
