import { createFileRoute } from '@tanstack/react-router';
import { AccountPrintScreen } from '../features/accounts/AccountPrintScreen.tsx';

export const Route = createFileRoute('/_authed/dept/$dept/year/$year/accounts/print')({
  component: AccountPrintScreen,
});
