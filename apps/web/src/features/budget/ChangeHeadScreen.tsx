import { changeDateError, todayIso } from '@app/domain';
import { useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useRef, useState } from 'react';
import { errorMessages, errorText } from '../../lib/errorMessages.ts';
import { trpcClient } from '../../lib/trpc.ts';
import { formatDate } from '../../ui/date.ts';
import { onEnterMoves } from '../../ui/EditorShell.tsx';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { useDraftForm } from '../../ui/useDraftForm.ts';
import { BudgetStateAlert } from '../../ui/BudgetStateAlert.tsx';
import { useReadsOnly } from '../../lib/session.ts';
import { NoRecordsNote } from '../../ui/useReaderOpensLatest.tsx';
import { ChangeHeadFields } from './ChangeHeadFields.tsx';
import { changeListQuery } from './queries.ts';
import { invalidateBudget, useBudgetScope } from './useBudgetScope.ts';

interface Head extends Record<string, unknown> {
  approved: string | null;
  notes: string;
}

/** A new change starts with an empty head. */
const NEW_CHANGE: Head = { approved: null, notes: '' };

/**
 * Budget changes (menu `budget/changes/edit`): pick an existing change by record number, or enter
 * the head of a new one (approval date inside the year and not in the future, notes); after the
 * create the positions open at `edit/{recordNumber}`.
 */
export function ChangeHeadScreen() {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const { input, department, year, closed, status } = useBudgetScope();
  const list = useQuery(changeListQuery({ department, year }));
  const [touched, setTouched] = useState(false);
  const root = useRef<HTMLFormElement>(null);
  const draft = useDraftForm({ root, draft: NEW_CHANGE, toValues: (head: Head) => head, save: create });
  const { approved, notes } = draft.values ?? NEW_CHANGE;

  const open = (recordNumber: number) =>
    void navigate({
      to: '/dept/$dept/year/$year/budget/changes/edit/$recordNumber',
      params: { dept: department.code, year: String(year), recordNumber: String(recordNumber) },
    });
  // the auditor has no new change to enter: instead of the form he finds the list of the changes (one opens on a
  // click; the change's own screen goes back here), or the note that there is none
  const readsOnly = useReadsOnly();

  const dateCode = approved ? changeDateError(approved, year, todayIso()) : null;
  const dateError = !approved ? (touched ? t`Bitte das Genehmigungsdatum eingeben.` : null) : dateCode ? i18n._(errorMessages[dateCode]) : null;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    void draft.save();
  }

  async function create(head: Head): Promise<boolean> {
    if (!head.approved || dateCode || closed) return false;
    try {
      const created = await trpcClient.budget.changes.create.mutate({ ...input, approved: head.approved, notes: head.notes.trim() });
      notifySuccess(t`Haushaltsänderung Nr. ${created.recordNumber} angelegt`);
      await invalidateBudget();
      open(created.recordNumber);
      return true;
    } catch (error) {
      notifyError(errorText(i18n, error), t`Änderungen nicht gespeichert`);
      return false;
    }
  }

  const changes = list.data ?? [];
  return (
    <Stack gap="sm" maw={820}>
      <Title order={2} data-testid="screen-title">
        {t`Haushaltsänderungen ${year}`}
      </Title>
      <BudgetStateAlert closed={closed} status={status} />
      {list.error ? (
        <Alert color="red" variant="light">
          {errorText(i18n, list.error)}
        </Alert>
      ) : null}
      {readsOnly && list.data?.length === 0 ? <NoRecordsNote text={t`Noch keine Haushaltsänderungen in ${year}.`} /> : null}
      <Paper withBorder radius="sm" p="md" display={readsOnly && changes.length === 0 ? 'none' : undefined}>
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
      {readsOnly && changes.length > 0 ? (
        <Paper withBorder radius="sm" p="md">
          <Table highlightOnHover verticalSpacing={4} fz="sm" data-testid="change-list">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={70}>{t`Nr.`}</Table.Th>
                <Table.Th w={140}>{t`Genehmigungsdatum`}</Table.Th>
                <Table.Th>{t`Anmerkung`}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {[...changes].reverse().map((c) => (
                <Table.Tr key={c.recordNumber} onClick={() => open(c.recordNumber)} style={{ cursor: 'pointer' }} data-testid="change-list-row">
                  <Table.Td>{c.recordNumber}</Table.Td>
                  <Table.Td>{c.approved ? formatDate(c.approved) : '—'}</Table.Td>
                  <Table.Td>{c.notes}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      ) : null}
      {!closed && !readsOnly ? (
        <Paper withBorder radius="sm" p="md">
          <form ref={root} onSubmit={onSubmit} onKeyDown={onEnterMoves} noValidate data-testid="change-head-form">
            <Stack gap="sm">
              <Text size="xs" fw={700} tt="uppercase" c="dimmed">
                {t`Neue Haushaltsänderung`}
              </Text>
              <ChangeHeadFields
                kind="change"
                head={{ approved, notes }}
                onChange={(patch) => draft.form.setValues(patch)}
                onDateBlur={() => setTouched(true)}
                dateError={dateError}
              />
              <Group>
                <Button type="submit" loading={draft.saving} data-testid="change-create">
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
