import { useLingui } from '@lingui/react/macro';
import { AppShell, Burger, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Outlet, useLocation } from '@tanstack/react-router';
import { useRequiredAuth } from '../../lib/session.ts';
import { ReadOnlyNote } from '../../ui/ReadOnlyNote.tsx';
import { DigestPanelsProvider } from '../digests/DigestPanels.tsx';
import { parseScopePath } from '../scope/scopePath.ts';
import { useCurrentScope } from '../scope/useCurrentScope.ts';
import { scopeMenu } from '../scope/scopeMenu.ts';
import { SideMenu } from './SideMenu.tsx';
import { TopBar } from './TopBar.tsx';

/** The signed-in frame: top bar, side menu (width 220) and the content area (under the auditor's read-only note). */
export function AppLayout() {
  const { t } = useLingui();
  const auth = useRequiredAuth();
  const [navOpened, { toggle, close }] = useDisclosure(false);
  const current = useCurrentScope();
  const location = useLocation();
  const activePath = parseScopePath(location.pathname)?.rest ?? '';
  const menu = current.department && current.status ? scopeMenu(auth.accessLevel, current.department, current.status) : null;

  const digestScope = current.department && current.year !== null ? { department: current.department, year: current.year, years: current.years } : null;

  return (
    <DigestPanelsProvider scope={digestScope}>
      <AppShell header={{ height: 52 }} navbar={{ width: 220, breakpoint: 'sm', collapsed: { mobile: !navOpened } }} padding="md">
        <AppShell.Header>
          <TopBar current={current} burger={<Burger opened={navOpened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label={t`Menü`} />} />
        </AppShell.Header>
        <AppShell.Navbar p={6} style={{ display: 'flex', flexDirection: 'column' }}>
          {menu && current.department && current.year !== null ? (
            <SideMenu items={menu} scope={{ dept: current.department.code, year: current.year }} activePath={activePath} onNavigate={close} />
          ) : (
            <Stack p="sm">
              <Text size="sm" c="dimmed">
                {t`Bitte eine Feuerwehr und ein Haushaltsjahr wählen.`}
              </Text>
            </Stack>
          )}
        </AppShell.Navbar>
        <AppShell.Main>
          <ReadOnlyNote />
          <Outlet />
        </AppShell.Main>
      </AppShell>
    </DigestPanelsProvider>
  );
}
