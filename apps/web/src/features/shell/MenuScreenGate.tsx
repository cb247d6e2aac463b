import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useScope } from '../scope/useScope.ts';
import { YearNotReadyNotice } from '../scope/YearNotReadyNotice.tsx';
import { menuScreenState } from './menu.ts';
import { menuLabel, menuReasonLabels } from './menuLabels.ts';
import { NotFoundPage } from './NotFoundPage.tsx';

/**
 * Wraps a built menu screen (`path` as in domain menuTree, e.g. `departments/edit`): when the
 * entry is disabled for this user and scope (or hidden) the screen is refused with the same page
 * the menu placeholder shows, with the reason of the menu rules (a year without a chart of accounts
 * links to the latest ready year); otherwise `children` render. Without children: "not available yet".
 */
export function MenuScreenGate({ path, children }: { path: string; children?: ReactNode }) {
  const { i18n } = useLingui();
  const { menu } = useScope();
  const state = menuScreenState(menu, path);
  if (state.kind === 'unknown') return <NotFoundPage />;
  if (state.kind === 'available' && children !== undefined) return <>{children}</>;
  const title = menuLabel(i18n, state.item.key);
  return (
    <Stack gap="md" maw={900}>
      <Title order={2} data-testid="screen-title">
        {title}
      </Title>
      {state.kind === 'disabled' && state.item.reason === 'chart' ? (
        <div data-testid="screen-disabled">
          <YearNotReadyNotice />
        </div>
      ) : state.kind === 'disabled' ? (
        <Alert color="yellow" variant="light" data-testid="screen-disabled" title={<Trans>Nicht freigegeben</Trans>}>
          <span data-testid="screen-disabled-reason">
            {state.item.reason ? (
              i18n._(menuReasonLabels[state.item.reason])
            ) : (
              <Trans>Diese Funktion ist für diese Feuerwehr und dieses Haushaltsjahr nicht freigegeben.</Trans>
            )}
          </span>
        </Alert>
      ) : (
        <Paper withBorder p="lg" radius="sm" data-testid="screen-not-available">
          <Text size="sm" c="dimmed">
            <Trans>Diese Funktion ist noch nicht verfügbar.</Trans>
          </Text>
        </Paper>
      )}
    </Stack>
  );
}
