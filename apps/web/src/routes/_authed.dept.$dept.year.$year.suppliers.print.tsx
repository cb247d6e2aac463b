import { createFileRoute } from '@tanstack/react-router';
import { SupplierPrintScreen } from '../features/suppliers/SupplierPrintScreen.tsx';

export const Route = createFileRoute('/_authed/dept/$dept/year/$year/suppliers/print')({
  component: SupplierPrintScreen,
});
