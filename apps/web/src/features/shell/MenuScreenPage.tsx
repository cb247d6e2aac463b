import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Paper, Stack, Text, Title } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import { useScope } from '../scope/useScope.ts';
import { menuScreenState } from './menu.ts';
import { menuLabel } from './menuLabels.ts';
import { NotFoundPage } from './NotFoundPage.tsx';

const route = getRouteApi('/_authed/dept/$dept/year/$year/$');

/** A menu screen that is not built yet, or refused when its entry is disabled for this scope. */
export function MenuScreenPage() {
  const { i18n } = useLingui();
  const { _splat } = route.useParams();
  const { menu } = useScope();
  const state = menuScreenState(menu, _splat ?? '');
  if (state.kind === 'unknown') return <NotFoundPage />;
  const title = menuLabel(i18n, state.item.key);
  return (
    <Stack gap="md" maw={900}>
      <Title order={2} data-testid="screen-title">
        {title}
      </Title>
      {state.kind === 'disabled' ? (
        <Alert color="yellow" variant="light" data-testid="screen-disabled" title={<Trans>Nicht freigegeben</Trans>}>
          <Trans>Diese Funktion ist für diese Feuerwehr und dieses Haushaltsjahr nicht freigegeben.</Trans>
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
