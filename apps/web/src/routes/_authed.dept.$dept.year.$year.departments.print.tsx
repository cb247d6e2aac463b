import { createFileRoute } from '@tanstack/react-router';
import { DepartmentPrintScreen } from '../features/departments/DepartmentPrintScreen.tsx';

export const Route = createFileRoute('/_authed/dept/$dept/year/$year/departments/print')({
  component: DepartmentPrintScreen,
});
