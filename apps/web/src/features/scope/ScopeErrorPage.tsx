import { Trans } from '@lingui/react/macro';
import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { Link } from '@tanstack/react-router';
import { appCodeOf } from '../../lib/errors.ts';
import { RouteErrorPage } from '../../ui/RouteErrorPage.tsx';
import { LockIcon } from '../../ui/icons.tsx';
import { ScopeRefusedError } from './loadScope.ts';

/** A scope the user may not open: a clear refusal, never its data. Other errors: the generic page. */
export function ScopeErrorPage(props: ErrorComponentProps) {
  const { error } = props;
  const refusedDepartment =
    (error instanceof ScopeRefusedError && error.reason === 'department') || appCodeOf(error) === 'DepartmentNotAllowed' || appCodeOf(error) === 'NotFound';
  const refusedYear = error instanceof ScopeRefusedError && error.reason === 'year';
  if (!refusedDepartment && !refusedYear) return <RouteErrorPage {...props} />;
  return (
    <Paper withBorder p="xl" radius="md" maw={560} mx="auto" mt="xl" data-testid="scope-refused">
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon size={48} radius="xl" color="red" variant="light">
          <LockIcon size={26} />
        </ThemeIcon>
        <Title order={3}>{refusedDepartment ? <Trans>Kein Zugriff auf diese Feuerwehr</Trans> : <Trans>Dieses Haushaltsjahr gibt es nicht</Trans>}</Title>
        <Text size="sm" c="dimmed">
          {refusedDepartment ? (
            <Trans>Diese Feuerwehr ist Ihrem Benutzer nicht zugeordnet. Bitte wählen Sie eine Ihrer Feuerwehren.</Trans>
          ) : (
            <Trans>Bitte wählen Sie ein vorhandenes Haushaltsjahr.</Trans>
          )}
        </Text>
        <Button component={Link} to="/" variant="light" mt="xs">
          <Trans>Zu meinen Feuerwehren</Trans>
        </Button>
      </Stack>
    </Paper>
  );
}
