import { createFileRoute } from '@tanstack/react-router';
import { DepartmentUsersScreen } from '../features/users/DepartmentUsersScreen.tsx';

export const Route = createFileRoute('/_authed/dept/$dept/year/$year/departmentUsers')({
  component: DepartmentUsersScreen,
});
