import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { UserDepartmentsScreen } from '../features/users/UserDepartmentsScreen.tsx';
import { filterText, masterSearch } from '../ui/listState.ts';

export const Route = createFileRoute('/_authed/dept/$dept/year/$year/userDepartments')({
  validateSearch: masterSearch({
    username: filterText,
    dept: z.coerce.number().int().positive().optional().catch(undefined),
    own: z.boolean().optional().catch(undefined),
  }),
  component: UserDepartmentsScreen,
});
