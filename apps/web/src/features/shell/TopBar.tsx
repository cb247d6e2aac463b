import type { Language } from '@app/domain';
import { useLingui } from '@lingui/react/macro';
import { ActionIcon, Button, Group, Select, Text, Tooltip, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { useLocation, useMatches, useNavigate, useSearch } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { errorText } from '../../lib/errorMessages.ts';
import { trpcClient } from '../../lib/trpc.ts';
import { AppLogo, LogoutIcon, MoonIcon, SunIcon, UserIcon } from '../../ui/icons.tsx';
import { notifyError } from '../../ui/notify.ts';
import { clearSession, updateAuth, useRequiredAuth } from '../../lib/session.ts';
import { CashBalance } from '../cashBalance/CashBalance.tsx';
import { DigestButtons } from '../digests/DigestButtons.tsx';
import { activateLanguage } from '../i18n/i18n.ts';
import { LanguageSwitch } from '../i18n/LanguageSwitch.tsx';
import { departmentLabel } from '../scope/departments.ts';
import { readLastScope, writeLastScope } from '../scope/lastScope.ts';
import { keepsSearch } from '../scope/scopeIgnores.ts';
import { defaultYear, parseScopePath, rewriteScopePath } from '../scope/scopePath.ts';
import type { CurrentScope } from '../scope/useCurrentScope.ts';
import { DemoBadge } from './DemoBadge.tsx';

/** Department picker, year picker, theme, language, user and sign-out. */
export function TopBar({ current, burger }: { current: CurrentScope; burger: ReactNode }) {
  const { t, i18n } = useLingui();
  const auth = useRequiredAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme('light');
  const inScope = parseScopePath(location.pathname) !== null;
  const deptParam = parseScopePath(location.pathname)?.dept ?? null;
  const search = useSearch({ strict: false });
  const startYear = search.year ?? null;
  const shownYear = current.year ?? (startYear && current.years.includes(startYear) ? startYear : defaultYear(current.years, readLastScope(auth.username)));

  const scopeIgnores = useMatches({ select: (matches) => matches.find((m) => m.staticData.scopeIgnores)?.staticData.scopeIgnores });

  /** The same screen in the new scope; its search (an open editor) survives only a change the screen ignores. */
  function goTo(dept: string, year: number) {
    const from = current.department && current.year !== null ? { dept: current.department.code, year: current.year } : null;
    const keep = keepsSearch(scopeIgnores, from, { dept, year });
    // remembered at the choice, not only once the new scope has rendered: a sign-out right after keeps it
    writeLastScope(auth.username, { dept, year });
    void navigate({ href: rewriteScopePath(location.pathname, { dept, year }) + (keep ? location.searchStr : '') });
  }

  function changeDepartment(code: string | null) {
    if (!code || shownYear === null) return;
    goTo(code, shownYear);
  }

  function changeYear(value: string | null) {
    if (!value) return;
    const year = Number(value);
    const dept = current.department?.code ?? (inScope ? deptParam : null);
    if (dept) goTo(dept, year);
    else void navigate({ to: '/start', search: { year } });
  }

  function changeLanguage(language: Language) {
    void activateLanguage(language);
    updateAuth({ language });
    trpcClient.auth.setLanguage.mutate({ language }).catch((error: unknown) => notifyError(errorText(i18n, error)));
  }

  async function signOut() {
    try {
      await trpcClient.auth.logout.mutate();
    } catch {
      // the session may already be gone; signing out locally is what matters
    }
    clearSession();
  }

  return (
    <Group h="100%" px="sm" gap="sm" wrap="nowrap" justify="space-between">
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
        {burger}
        <Group gap={8} wrap="nowrap" visibleFrom="lg" w={196}>
          <AppLogo size={26} />
          <Text fw={700} size="sm" truncate>
            {t`Feuerwehr-Haushalt`}
          </Text>
        </Group>
        <Select
          aria-label={t`Feuerwehr`}
          data-testid="department-picker"
          placeholder={t`Feuerwehr wählen`}
          size="xs"
          w={{ base: 180, md: 240, xl: 340 }}
          title={current.department ? departmentLabel(current.department, i18n.locale) : undefined}
          searchable
          nothingFoundMessage={t`Keine Treffer`}
          value={current.department?.code ?? null}
          onChange={changeDepartment}
          allowDeselect={false}
          comboboxProps={{ width: 360, position: 'bottom-start' }}
          data={current.departments.map((d) => ({ value: d.code, label: departmentLabel(d, i18n.locale) }))}
        />
        <Select
          aria-label={t`Haushaltsjahr`}
          data-testid="year-picker"
          size="xs"
          w={92}
          value={shownYear !== null ? String(shownYear) : null}
          onChange={changeYear}
          allowDeselect={false}
          data={[...current.years].reverse().map((y) => String(y))}
        />
        <DigestButtons />
      </Group>
      <Group gap="xs" wrap="nowrap">
        {current.department && current.year !== null ? <CashBalance departmentId={current.department.id} year={current.year} /> : null}
        <DemoBadge />
        <Tooltip label={scheme === 'dark' ? t`Helles Design` : t`Dunkles Design`}>
          <ActionIcon
            variant="default"
            size="md"
            data-testid="theme-toggle"
            aria-label={scheme === 'dark' ? t`Helles Design` : t`Dunkles Design`}
            onClick={() => setColorScheme(scheme === 'dark' ? 'light' : 'dark')}
          >
            {scheme === 'dark' ? <SunIcon size={16} /> : <MoonIcon size={16} />}
          </ActionIcon>
        </Tooltip>
        <LanguageSwitch onChange={changeLanguage} />
        <Group gap={6} wrap="nowrap" visibleFrom="md" maw={200}>
          <UserIcon size={16} />
          <Text size="sm" truncate data-testid="user-fullname">
            {auth.fullname}
          </Text>
        </Group>
        <Button variant="subtle" size="xs" leftSection={<LogoutIcon size={16} />} onClick={() => void signOut()} data-testid="sign-out">
          {t`Abmelden`}
        </Button>
      </Group>
    </Group>
  );
}
