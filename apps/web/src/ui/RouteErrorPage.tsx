import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Stack } from '@mantine/core';
import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { errorText } from '../lib/errorMessages.ts';

/**
 * Fallback when a screen fails to load or render (errorComponent of the scope routes). "Erneut versuchen"
 * runs the route loaders again; a query that failed in useSuspenseQuery is fetched again, not rethrown.
 */
export function RouteErrorPage({ error, reset }: ErrorComponentProps) {
  const { i18n } = useLingui();
  const router = useRouter();
  const { reset: resetQueryErrors } = useQueryErrorResetBoundary();
  useEffect(() => resetQueryErrors(), [resetQueryErrors]);
  return (
    <Stack maw={560} mx="auto" mt="xl">
      <Alert color="red" variant="light" title={<Trans>Die Seite konnte nicht angezeigt werden.</Trans>} data-testid="route-error">
        {errorText(i18n, error)}
      </Alert>
      <Group>
        <Button
          variant="default"
          onClick={() => {
            reset();
            void router.invalidate();
          }}
        >
          <Trans>Erneut versuchen</Trans>
        </Button>
        <Button variant="subtle" component="a" href="/">
          <Trans>Zur Startseite</Trans>
        </Button>
      </Group>
    </Stack>
  );
}
