import { createFileRoute } from '@tanstack/react-router';
import { BankImportScreen } from '../features/banks/BankImportScreen.tsx';

export const Route = createFileRoute('/_authed/dept/$dept/year/$year/banksImport')({
  component: BankImportScreen,
});
