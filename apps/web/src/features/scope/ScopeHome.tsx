import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { areaLabel } from './areaLabel.ts';
import { departmentName } from './departments.ts';
import { useScope } from './useScope.ts';

/** The scope's start screen: department, year and the budget state at a glance. */
export function ScopeHome() {
  const { i18n } = useLingui();
  const { department, year, status } = useScope();
  return (
    <Stack gap="md" maw={1100}>
      <div>
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
          {i18n._(areaLabel(department.area))} {department.code}
        </Text>
        <Title order={2} data-testid="scope-title">
          {departmentName(department, i18n.locale)}
        </Title>
      </div>
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
        <StatusCard label={<Trans>Haushaltsjahr</Trans>}>
          <Text fw={700} size="lg" lh={1.2} data-testid="scope-year">
            {year}
          </Text>
        </StatusCard>
        <StatusCard label={<Trans>Haushaltsvoranschlag</Trans>}>
          {status.isBudgetApproved ? (
            <Badge color="green" variant="light" data-testid="badge-approved">
              <Trans>Genehmigt</Trans>
            </Badge>
          ) : (
            <Badge color="yellow" variant="light" data-testid="badge-not-approved">
              <Trans>Nicht genehmigt</Trans>
            </Badge>
          )}
        </StatusCard>
        <StatusCard label={<Trans>Rechnungsabschluss</Trans>}>
          {status.isBudgetClosed ? (
            <Badge color="red" variant="light" data-testid="badge-closed">
              <Trans>Haushalt abgeschlossen</Trans>
            </Badge>
          ) : (
            <Badge color="gray" variant="light" data-testid="badge-open">
              <Trans>Haushalt offen</Trans>
            </Badge>
          )}
        </StatusCard>
        <StatusCard label={<Trans>Kontenplan</Trans>}>
          <Group gap={6}>
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
              <Badge color="blue" variant="light" data-testid="badge-open-payments">
                <Trans>Offene Zahlungen</Trans>
              </Badge>
            ) : null}
          </Group>
        </StatusCard>
      </SimpleGrid>
    </Stack>
  );
}

function StatusCard({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder p="sm" radius="sm">
      <Text size="xs" c="dimmed" mb={6}>
        {label}
      </Text>
      <Group gap={6} mih={26} align="center">
        {children}
      </Group>
    </Paper>
  );
}
