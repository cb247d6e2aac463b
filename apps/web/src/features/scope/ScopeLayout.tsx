import { Box, Stack } from '@mantine/core';
import { Outlet, useLocation } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useRequiredAuth } from '../auth/session.ts';
import { writeLastScope } from './lastScope.ts';
import { parseScopePath } from './scopePath.ts';
import { useScope } from './useScope.ts';
import { YearNotReadyNotice } from './YearNotReadyNotice.tsx';

/**
 * The scope frame: remembers the scope for the next sign-in and shows the screen; on the scope home
 * of a year without a chart of accounts it says the year is not ready yet (menu screens refused for
 * that reason say it themselves, see MenuScreenGate).
 */
export function ScopeLayout() {
  const auth = useRequiredAuth();
  const { department, year, status } = useScope();
  useEffect(() => {
    writeLastScope(auth.username, { dept: department.code, year });
  }, [auth.username, department.code, year]);
  const onHome = parseScopePath(useLocation().pathname)?.rest === '';
  if (!onHome || status.hasChartOfAccounts) return <Outlet />;
  return (
    <Stack gap="md">
      <Box maw={1100}>
        <YearNotReadyNotice />
      </Box>
      <Outlet />
    </Stack>
  );
}
