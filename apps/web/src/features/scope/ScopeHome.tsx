import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { areaLabel } from './areaLabel.ts';
import { departmentName } from './departments.ts';
import { useScope } from './useScope.ts';

/** The scope's start screen: department, year and the budget state at a glance. */
export function ScopeHome() {
  const { i18n } = useLingui();
  const { department, year, status } = useScope();
  return (
    <Stack gap="md" maw={900}>
      <div>
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
          {i18n._(areaLabel(department.area))} {department.code}
        </Text>
        <Title order={2} data-testid="scope-title">
          {departmentName(department, i18n.locale)}
        </Title>
      </div>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <Paper withBorder p="sm" radius="sm">
          <Text size="xs" c="dimmed">
            <Trans>Haushaltsjahr</Trans>
          </Text>
          <Text fw={700} size="xl" data-testid="scope-year">
            {year}
          </Text>
        </Paper>
        <Paper withBorder p="sm" radius="sm">
          <Text size="xs" c="dimmed">
            <Trans>Haushaltsvoranschlag</Trans>
          </Text>
          <Group gap={6} mt={4}>
            {status.isBudgetApproved ? (
              <Badge color="green" variant="light" data-testid="badge-approved">
                <Trans>Genehmigt</Trans>
              </Badge>
            ) : (
              <Badge color="yellow" variant="light" data-testid="badge-not-approved">
                <Trans>Nicht genehmigt</Trans>
              </Badge>
            )}
            {status.isBudgetClosed ? (
              <Badge color="red" variant="light" data-testid="badge-closed">
                <Trans>Haushalt abgeschlossen</Trans>
              </Badge>
            ) : (
              <Badge color="gray" variant="light" data-testid="badge-open">
                <Trans>Offen</Trans>
              </Badge>
            )}
          </Group>
        </Paper>
        <Paper withBorder p="sm" radius="sm">
          <Text size="xs" c="dimmed">
            <Trans>Kontenplan</Trans>
          </Text>
          <Group gap={6} mt={4}>
            {status.hasChartOfAccounts ? (
              <Badge color="green" variant="light">
                <Trans>Vorhanden</Trans>
              </Badge>
            ) : (
              <Badge color="red" variant="light">
                <Trans>Fehlt</Trans>
              </Badge>
            )}
            {status.openPaymentsAllowed ? (
              <Badge color="blue" variant="light">
                <Trans>Offene Zahlungen</Trans>
              </Badge>
            ) : null}
          </Group>
        </Paper>
      </SimpleGrid>
    </Stack>
  );
}
