import type { Area } from '@app/domain';
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Button, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorText } from '../../lib/errorMessages.ts';
import { queryClient, trpc, trpcClient } from '../../lib/trpc.ts';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { areaLabel } from '../scope/areaLabel.ts';
import { useScope } from '../scope/useScope.ts';
import { MenuScreenGate } from '../shell/MenuScreenGate.tsx';
import { yearStatusQuery } from '../years/queries.ts';
import { chartStatusQuery } from './queries.ts';

const AREAS = [1, 2, 3] as const;

/**
 * Chart unlock (menu `chartOfAccounts/unlock`): for the scope year, each area's chart with its state
 * (approved forecasts, locked or unlocked) and a button to unlock it (keep it editable) or lock it again.
 */
export function ChartUnlockScreen() {
  const { t, i18n } = useLingui();
  const { department, year } = useScope();
  const yearStatus = useQuery(yearStatusQuery());
  const states = useQueries({ queries: AREAS.map((area) => chartStatusQuery({ department, year, area })) });
  const flags = yearStatus.data?.years.find((y) => y.year === year)?.chartUnlocked;
  const [busy, setBusy] = useState<Area | null>(null);

  async function toggle(area: Area, unlocked: boolean) {
    setBusy(area);
    try {
      await trpcClient.chart.unlock.mutate({ departmentId: department.id, year, area, unlocked });
      await Promise.all([queryClient.invalidateQueries(trpc.chart.pathFilter()), queryClient.invalidateQueries(trpc.years.pathFilter())]);
      const name = i18n._(areaLabel(area));
      notifySuccess(unlocked ? t`Kontenplan ${name} ${year} entsperrt` : t`Kontenplan ${name} ${year} gesperrt`);
    } catch (error) {
      notifyError(errorText(i18n, error));
    } finally {
      setBusy(null);
    }
  }

  return (
    <MenuScreenGate path="chartOfAccounts/unlock">
      <Stack gap="sm" maw={820}>
        <Title order={2} data-testid="screen-title">
          {t`Kontenplan entsperren ${year}`}
        </Title>
        <Text size="sm" c="dimmed">
          <Trans>
            Sobald in einem Bereich ein Haushaltsvoranschlag genehmigt ist, ist dessen Kontenplan gesperrt. Entsperren erlaubt Änderungen trotzdem; Sperren
            nimmt das zurück.
          </Trans>
        </Text>
        <Paper withBorder radius="sm">
          <Table verticalSpacing={6} horizontalSpacing="sm" fz="sm" data-testid="unlock-table" layout="fixed">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={200}>{t`Bereich`}</Table.Th>
                <Table.Th w={230}>{t`Genehmigte Haushalte`}</Table.Th>
                <Table.Th w={150}>{t`Kontenplan`}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {AREAS.map((area, i) => {
                const s = states[i]?.data;
                const unlocked = flags?.[area] ?? false;
                return (
                  <Table.Tr key={area} data-testid={`unlock-row-${area}`}>
                    <Table.Td fw={500}>{i18n._(areaLabel(area))}</Table.Td>
                    <Table.Td>{s ? (s.approvedBudgets ? t`ja` : t`nein`) : '…'}</Table.Td>
                    <Table.Td>
                      {s?.locked ? (
                        <Badge color="red" variant="light" data-testid="unlock-state">
                          {t`gesperrt`}
                        </Badge>
                      ) : unlocked ? (
                        <Badge color="yellow" variant="light" data-testid="unlock-state">
                          {t`entsperrt`}
                        </Badge>
                      ) : (
                        <Badge color="green" variant="light" data-testid="unlock-state">
                          {t`bearbeitbar`}
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td ta="right">
                      <Button
                        size="xs"
                        variant={unlocked ? 'default' : 'filled'}
                        loading={busy === area}
                        disabled={busy !== null || !flags}
                        data-testid="unlock-toggle"
                        onClick={() => void toggle(area, !unlocked)}
                      >
                        {unlocked ? t`Wieder sperren` : t`Entsperren`}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Paper>
      </Stack>
    </MenuScreenGate>
  );
}
