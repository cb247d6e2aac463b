import { createFileRoute, redirect } from '@tanstack/react-router';
import { getAuth } from '../lib/session.ts';
import { AppLayout } from '../features/shell/AppLayout.tsx';

/** Everything behind sign-in; any such path without a sign-in goes back to `/`. */
export const Route = createFileRoute('/_authed')({
  beforeLoad: () => {
    if (!getAuth()) throw redirect({ to: '/', replace: true });
  },
  component: AppLayout,
});
