import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Stack } from '@mantine/core';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { errorText } from '../lib/errorMessages.ts';

/** Fallback when a screen fails to load or render. */
export function RouteErrorPage({ error, reset }: ErrorComponentProps) {
  const { i18n } = useLingui();
  return (
    <Stack maw={560} mx="auto" mt="xl">
      <Alert color="red" variant="light" title={<Trans>Die Seite konnte nicht angezeigt werden.</Trans>} data-testid="route-error">
        {errorText(i18n, error)}
      </Alert>
      <Group>
        <Button variant="default" onClick={reset}>
          <Trans>Erneut versuchen</Trans>
        </Button>
        <Button variant="subtle" component="a" href="/">
          <Trans>Zur Startseite</Trans>
        </Button>
      </Group>
    </Stack>
  );
}
