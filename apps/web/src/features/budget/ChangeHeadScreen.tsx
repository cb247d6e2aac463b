import { changeDateError, todayIso } from '@app/domain';
import { useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { errorMessages, errorText } from '../../lib/errorMessages.ts';
import { trpc, trpcClient } from '../../lib/trpc.ts';
import { DateInput } from '../../ui/DateInput.tsx';
import { formatDate } from '../../ui/date.ts';
import { onEnterMoves } from '../../ui/EditorShell.tsx';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { BudgetStateAlert } from './BudgetParts.tsx';
import { invalidateBudget, useBudgetScope } from './useBudgetScope.ts';

/**
 * Budget changes (menu `budget/changes/edit`): pick an existing change by record number, or enter
 * the head of a new one (approval date inside the year and not in the future, notes); after the
 * create the positions open at `edit/{recordNumber}`.
 */
export function ChangeHeadScreen() {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const { input, department, year, closed } = useBudgetScope();
  const list = useQuery(trpc.budget.changes.list.queryOptions(input));
  const [approved, setApproved] = useState<string | null>(null);
  const [notes, setNotes] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);

  const open = (recordNumber: number) =>
    void navigate({ to: '/dept/$dept/year/$year/budget/changes/edit/$recordNumber', params: { dept: department.code, year: String(year), recordNumber: String(recordNumber) } });

  const dateCode = approved ? changeDateError(approved, year, todayIso()) : null;
  const dateError = !approved ? (touched ? t`Bitte das Genehmigungsdatum eingeben.` : null) : dateCode ? i18n._(errorMessages[dateCode]) : null;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (!approved || dateCode || closed) return;
    setBusy(true);
    try {
      const created = await trpcClient.budget.changes.create.mutate({ ...input, approved, notes: notes.trim() });
      notifySuccess(t`Haushaltsänderung Nr. ${created.recordNumber} angelegt`);
      await invalidateBudget();
      open(created.recordNumber);
    } catch (error) {
      notifyError(errorText(i18n, error), t`Änderungen nicht gespeichert`);
    } finally {
      setBusy(false);
    }
  }

  const changes = list.data ?? [];
  return (
    <Stack gap="sm" maw={820}>
      <Title order={2} data-testid="screen-title">
        {t`Haushaltsänderungen ${year}`}
      </Title>
      <BudgetStateAlert closed={closed} />
      {list.error ? (
        <Alert color="red" variant="light">
          {errorText(i18n, list.error)}
        </Alert>
      ) : null}
      <Paper withBorder radius="sm" p="md">
        <Stack gap={6}>
          <Text size="xs" fw={700} tt="uppercase" c="dimmed">
            {t`Bestehende Haushaltsänderung öffnen`}
          </Text>
          <Select
            data-testid="change-picker"
            searchable
            placeholder={changes.length === 0 ? t`Noch keine Haushaltsänderungen` : t`Nummer, Datum oder Anmerkung`}
            disabled={changes.length === 0}
            nothingFoundMessage={t`Keine Einträge gefunden.`}
            value={null}
            onChange={(v) => v && open(Number(v))}
            data={changes.map((c) => ({
              value: String(c.recordNumber),
              label: `${t`Nr.`} ${c.recordNumber} · ${c.approved ? formatDate(c.approved) : '—'}${c.notes ? ` · ${c.notes}` : ''}`,
            }))}
            maw={560}
          />
        </Stack>
      </Paper>
      {!closed ? (
        <Paper withBorder radius="sm" p="md">
          <form onSubmit={(e) => void onSubmit(e)} onKeyDown={onEnterMoves} noValidate data-testid="change-head-form">
            <Stack gap="sm">
              <Text size="xs" fw={700} tt="uppercase" c="dimmed">
                {t`Neue Haushaltsänderung`}
              </Text>
              <Group align="flex-start" gap="sm" wrap="nowrap">
                <DateInput
                  label={t`Genehmigungsdatum`}
                  name="approved"
                  withAsterisk
                  w={170}
                  value={approved}
                  onChange={setApproved}
                  onBlur={() => setTouched(true)}
                  error={dateError}
                  data-testid="change-approved"
                />
                <TextInput label={t`Anmerkungen`} name="notes" style={{ flex: 1 }} maxLength={200} value={notes} onChange={(e) => setNotes(e.currentTarget.value)} data-testid="change-notes" />
              </Group>
              <Group>
                <Button type="submit" loading={busy} data-testid="change-create">
                  {t`Anlegen`}
                </Button>
              </Group>
            </Stack>
          </form>
        </Paper>
      ) : null}
    </Stack>
  );
}
