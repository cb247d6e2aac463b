import { createFileRoute, redirect } from '@tanstack/react-router';
import { SignInPage } from '../features/auth/SignInPage.tsx';
import { getAuth } from '../lib/session.ts';
import { resolveLanding } from '../features/scope/loadScope.ts';
import { isSignedOutError } from '../lib/errors.ts';

export const Route = createFileRoute('/')({
  beforeLoad: async () => {
    if (!getAuth()) return;
    let target: string;
    try {
      target = await resolveLanding();
    } catch (error) {
      if (isSignedOutError(error)) return; // stale token: the session is cleared, show the sign-in
      throw error;
    }
    throw redirect({ href: target, replace: true });
  },
  component: SignInPage,
});
