import { Trans } from '@lingui/react/macro';
import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';

export function NotFoundPage() {
  return (
    <Paper withBorder p="xl" radius="md" maw={560} mx="auto" mt="xl" data-testid="not-found">
      <Stack align="center" gap="sm" ta="center">
        <Title order={3}>
          <Trans>Seite nicht gefunden</Trans>
        </Title>
        <Text size="sm" c="dimmed">
          <Trans>Diese Adresse gibt es nicht.</Trans>
        </Text>
        <Button component={Link} to="/" variant="light">
          <Trans>Zur Startseite</Trans>
        </Button>
      </Stack>
    </Paper>
  );
}
