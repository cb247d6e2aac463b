import { Outlet } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useRequiredAuth } from '../../lib/session.ts';
import { writeLastScope } from './lastScope.ts';
import { useScope } from './useScope.ts';

/**
 * The scope frame: remembers the scope for the next sign-in and shows the screen. A year without a
 * chart of accounts says it is not ready (YearNotReadyNotice) in the home's next-step card and on
 * menu screens refused for that reason (MenuScreenGate).
 */
export function ScopeLayout() {
  const auth = useRequiredAuth();
  const { department, year } = useScope();
  useEffect(() => {
    writeLastScope(auth.username, { dept: department.code, year });
  }, [auth.username, department.code, year]);
  return <Outlet />;
}
