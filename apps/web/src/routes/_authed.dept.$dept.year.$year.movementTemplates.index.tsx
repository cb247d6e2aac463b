import { createFileRoute } from '@tanstack/react-router';
import { TemplatesScreen } from '../features/templates/TemplatesScreen.tsx';
import { filterText, masterSearch } from '../ui/listState.ts';

export const Route = createFileRoute('/_authed/dept/$dept/year/$year/movementTemplates/')({
  validateSearch: masterSearch({ description: filterText }),
  component: TemplatesScreen,
});
