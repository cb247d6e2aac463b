import type { AreaFlags, FinancialYearStatus } from '@app/domain';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Checkbox, Group, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { errorText } from '../../lib/errorMessages.ts';
import { queryClient, trpc, trpcClient } from '../../lib/trpc.ts';
import { notifyError, notifyInfo, notifySuccess } from '../../ui/notify.ts';
import { UnsavedChangesGuard } from '../../ui/UnsavedChangesGuard.tsx';
import { areaLabel } from '../scope/areaLabel.ts';
import { useScope } from '../scope/useScope.ts';
import { MenuScreenGate } from '../shell/MenuScreenGate.tsx';
import { yearListQuery, yearStatusQuery } from './queries.ts';

/** Financial years (menu `years`): create a year, and unlock years per area (union, district, department). */
export function YearsScreen() {
  const { t } = useLingui();
  return (
    <MenuScreenGate path="years">
      <Stack gap="md" maw={760}>
        <Title order={2} data-testid="screen-title">
          {t`Haushaltsjahre`}
        </Title>
        <CreateYear />
        <UnlockYears />
      </Stack>
    </MenuScreenGate>
  );
}

/** A 4-digit year from the input, else null. */
export function typedYear(text: string): number | null {
  return /^\d{4}$/.test(text.trim()) ? Number(text.trim()) : null;
}

function CreateYear() {
  const { t, i18n } = useLingui();
  const { department } = useScope();
  const years = useSuspenseQuery(yearListQuery());
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const year = typedYear(text);
  const exists = year !== null && years.data.years.includes(year);
  const invalid = text.trim() !== '' && (year === null || year < 2000 || year > 2100);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (year === null || exists || invalid) return;
    setBusy(true);
    try {
      const result = await trpcClient.years.create.mutate({ year, departmentId: department.id });
      await Promise.all([queryClient.invalidateQueries(trpc.years.pathFilter()), queryClient.invalidateQueries(trpc.scope.pathFilter())]);
      if (result.created) {
        notifySuccess(t`Das Haushaltsjahr ${year} wurde angelegt.`);
        setText('');
      } else notifyInfo(t`Das Haushaltsjahr ${year} existiert bereits.`);
    } catch (error) {
      notifyError(`${t`Das Haushaltsjahr konnte nicht angelegt werden.`} ${errorText(i18n, error)}`);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Paper withBorder radius="sm" p="md" component="form" onSubmit={onSubmit} noValidate data-testid="year-create">
      <Stack gap="xs">
        <Text fw={600}>{t`Neues Haushaltsjahr`}</Text>
        <Group gap="sm" align="flex-start">
          <TextInput
            size="sm"
            w={120}
            label={t`Jahr`}
            name="year"
            inputMode="numeric"
            maxLength={4}
            autoComplete="off"
            value={text}
            error={invalid ? t`Ein Jahr zwischen 2000 und 2100` : undefined}
            onChange={(e) => setText(e.currentTarget.value.replace(/\D/g, ''))}
            styles={{ input: { fontVariantNumeric: 'tabular-nums' } }}
          />
          <Button type="submit" mt={25} loading={busy} disabled={year === null || exists || invalid} data-testid="year-save">
            <Trans>Jahr anlegen</Trans>
          </Button>
        </Group>
        {exists ? (
          <Alert color="yellow" variant="light" py={8} data-testid="year-exists">
            {t`Das Haushaltsjahr ${year} existiert bereits.`}
          </Alert>
        ) : null}
      </Stack>
    </Paper>
  );
}

const AREAS = [1, 2, 3] as const;

function sameFlags(a: FinancialYearStatus[], b: FinancialYearStatus[]): boolean {
  return a.length === b.length && a.every((y, i) => AREAS.every((k) => y.areaUnlocked[k] === b[i]?.areaUnlocked[k]));
}

function UnlockYears() {
  const { t, i18n } = useLingui();
  const { department } = useScope();
  const status = useSuspenseQuery(yearStatusQuery());
  // the edited flags belong to the loaded status they started from; a new load starts over
  const [edit, setEdit] = useState<{ from: FinancialYearStatus[]; rows: FinancialYearStatus[] } | null>(null);
  const [busy, setBusy] = useState(false);
  const loaded = status.data.years;

  const rows = edit && edit.from === loaded ? edit.rows : (loaded ?? null);
  const setRows = (update: (prev: FinancialYearStatus[]) => FinancialYearStatus[]) => loaded && setEdit({ from: loaded, rows: update(rows ?? loaded) });

  const dirty = rows !== null && loaded !== undefined && !sameFlags(rows, loaded);

  function set(year: number, area: keyof AreaFlags, value: boolean) {
    setRows((prev) => prev.map((y) => (y.year === year ? { ...y, areaUnlocked: { ...y.areaUnlocked, [area]: value } } : y)));
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!rows || !dirty) return;
    setBusy(true);
    try {
      await trpcClient.years.setStatus.mutate({ departmentId: department.id, years: rows.map((y) => ({ year: y.year, areaUnlocked: y.areaUnlocked })) });
      await Promise.all([queryClient.invalidateQueries(trpc.years.pathFilter()), queryClient.invalidateQueries(trpc.chart.pathFilter())]);
      notifySuccess(t`Gespeichert`);
    } catch (error) {
      notifyError(errorText(i18n, error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Paper withBorder radius="sm" p="md" component="form" onSubmit={save} noValidate data-testid="year-unlock">
      <Stack gap="xs">
        <Group justify="space-between">
          <div>
            <Text fw={600}>{t`Haushaltsjahre entsperren`}</Text>
            <Text size="xs" c="dimmed">
              {t`Jahre vor dem Vorjahr sind abgeschlossen. Ein freigegebener Bereich darf in diesem Jahr weiter buchen und den Haushalt bearbeiten. (Den Kontenplan entsperrt der eigene Menüpunkt.)`}
            </Text>
          </div>
          <Group gap="xs">
            <Button variant="default" size="sm" disabled={!dirty || busy} onClick={() => setEdit(null)}>
              <Trans>Zurücksetzen</Trans>
            </Button>
            <Button type="submit" size="sm" loading={busy} disabled={!dirty} data-testid="unlock-save">
              <Trans>Freigaben speichern</Trans>
            </Button>
          </Group>
        </Group>
        <Table verticalSpacing={4} horizontalSpacing="sm" fz="sm" striped withTableBorder layout="fixed" data-testid="years-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={110}>{t`Jahr`}</Table.Th>
              {AREAS.map((a) => (
                <Table.Th key={a} ta="center">
                  {i18n._(areaLabel(a))}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(rows ?? []).map((y) => (
              <Table.Tr key={y.year} data-testid={`year-row-${y.year}`}>
                <Table.Td fw={500} style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {y.year}
                </Table.Td>
                {AREAS.map((a) => (
                  <Table.Td key={a}>
                    <Checkbox
                      size="sm"
                      mx="auto"
                      w="fit-content"
                      aria-label={`${y.year} ${i18n._(areaLabel(a))}`}
                      data-testid={`unlock-${y.year}-${a}`}
                      checked={y.areaUnlocked[a]}
                      onChange={(e) => set(y.year, a, e.currentTarget.checked)}
                    />
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
      <UnsavedChangesGuard dirty={dirty} />
    </Paper>
  );
}
