import { changeDateError, todayIso } from '@app/domain';
import { useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { errorMessages, errorText } from '../../lib/errorMessages.ts';
import { trpcClient } from '../../lib/trpc.ts';
import { useConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { UnsavedChangesGuard } from '../../ui/UnsavedChangesGuard.tsx';
import { useDraftForm } from '../../ui/useDraftForm.ts';
import { useFocusFirstField } from '../../ui/useFocusFirstField.ts';
import { BudgetStateAlert } from '../../ui/BudgetStateAlert.tsx';
import { ChangeHeadFields } from './ChangeHeadFields.tsx';
import { ChangePositionsTable } from './ChangePositionsTable.tsx';
import { type ChangeRow, changeRowTotals, changeSavePositions, changeSnapshot, isPendingRow, toChangeRows } from './positions.ts';
import { changeListQuery, changeQuery } from './queries.ts';
import { invalidateBudget, useBudgetScope } from './useBudgetScope.ts';
import { RecordHistoryButton } from '../audit/RecordHistoryButton.tsx';
import { useChangeSave } from './useChangeSave.ts';

interface Values extends Record<string, unknown> {
  approved: string | null;
  notes: string;
  rows: ChangeRow[];
}

type Change = { approved: string | null; notes: string; positions: Parameters<typeof toChangeRows>[0] };
const toValues = (change: Change): Values => ({ approved: change.approved, notes: change.notes, rows: toChangeRows(change.positions) });
const compare = (v: Values) => [changeSnapshot(v.rows), v.approved, v.notes.trim()];

/** One budget change (budget/changes/edit/$recordNumber): head (approval date, notes) and positions. */
export function ChangeEditScreen({ recordNumber }: { recordNumber: number }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const { input, department, year, closed, status } = useBudgetScope();
  const query = useQuery(changeQuery({ department, year }, recordNumber));
  const list = useQuery(changeListQuery({ department, year }));
  const [deleting, setDeleting] = useState(false);
  const { confirm, element: confirmElement } = useConfirmDialog();
  const { save, saving, refusal } = useChangeSave(confirm);
  const root = useRef<HTMLDivElement>(null);
  const draft = useDraftForm({ root, draft: query.data, toValues, compare, save: onSave });
  const { dirty } = draft;
  const head = draft.values ?? { approved: null, notes: '', rows: [] };
  const rows = draft.values?.rows ?? null;

  const editable = Boolean(query.data?.isEditable) && !closed;
  useFocusFirstField(root, editable && rows !== null);
  const totals = changeRowTotals(rows ?? []);
  const dateCode = head.approved ? changeDateError(head.approved, year, todayIso()) : null;
  const dateError = !head.approved ? t`Bitte das Genehmigungsdatum eingeben.` : dateCode ? i18n._(errorMessages[dateCode]) : null;
  const pending = (rows ?? []).some(isPendingRow);
  const canSave = editable && dirty && totals.balance === 0 && !dateError && !pending;

  // only the latest change may go (its number is reused); the server also checks nothing depends on it
  const latest = Math.max(0, ...(list.data ?? []).map((c) => c.recordNumber));
  const canDelete = editable && latest === recordNumber;

  async function onDelete() {
    if (!canDelete) return;
    const ok = await confirm({ title: t`Löschen`, children: t`Haushaltsänderung Nr. ${recordNumber} löschen?`, danger: true });
    if (!ok) return;
    setDeleting(true);
    try {
      await trpcClient.budget.changes.delete.mutate({ ...input, recordNumber });
      notifySuccess(t`Haushaltsänderung Nr. ${recordNumber} gelöscht`);
      back(true);
      await invalidateBudget();
    } catch (error) {
      notifyError(errorText(i18n, error));
    } finally {
      setDeleting(false);
    }
  }

  const back = (ignoreBlocker = false) =>
    void navigate({ to: '/dept/$dept/year/$year/budget/changes/edit', params: { dept: department.code, year: String(year) }, ignoreBlocker });

  /** Saves what the fields show (Save, Ctrl+Enter, or "save" when leaving); answers whether it saved. */
  async function onSave(values: Values): Promise<boolean> {
    if (!editable) return false;
    if (!dirty) return true;
    const refused = refusal({ dateError, pending, balance: totals.balance });
    if (refused || !values.approved || !canSave) {
      if (refused) notifyError(refused, t`Änderungen nicht gespeichert`);
      return false;
    }
    const { positions, dropped } = changeSavePositions(values.rows);
    const approved = values.approved;
    // saved: the fresh server state replaces the rows (dropped zero positions disappear)
    return save(
      (confirmAvailableExceeded) =>
        trpcClient.budget.changes.save.mutate({ ...input, recordNumber, approved, notes: values.notes.trim(), positions, confirmAvailableExceeded }),
      dropped,
      values.rows,
    );
  }

  return (
    <Stack ref={root} gap="sm" maw={1200} onKeyDown={draft.saveKeys(() => void draft.save())}>
      <Group justify="space-between" wrap="nowrap" align="flex-start" pos="sticky" top={52} py={6} bg="var(--mantine-color-body)" style={{ zIndex: 5 }}>
        <div>
          <Title order={2} data-testid="screen-title">
            {t`Haushaltsänderung Nr. ${recordNumber}`}
          </Title>
          <Text size="sm" c="dimmed">
            {t`Haushaltsjahr ${year}`}
          </Text>
        </div>
        <Group gap="xs" wrap="nowrap">
          <RecordHistoryButton record={{ entity: 'budgetChange', recordNumber }} />
          {editable ? (
            <Button onClick={() => void draft.save()} loading={saving} disabled={!canSave} data-testid="editor-save">
              {t`Speichern`}
            </Button>
          ) : null}
          {editable ? (
            <Button
              color="red"
              variant="light"
              onClick={() => void onDelete()}
              loading={deleting}
              disabled={!canDelete}
              title={canDelete ? undefined : t`Nur die letzte Haushaltsänderung kann gelöscht werden.`}
              data-testid="editor-delete"
            >
              {t`Löschen`}
            </Button>
          ) : null}
          <Button variant="subtle" onClick={() => back()} data-testid="editor-back">
            {t`Zurück`}
          </Button>
        </Group>
      </Group>
      <BudgetStateAlert closed={closed} status={status} />
      {query.error ? (
        <Alert color="red" variant="light" data-testid="editor-load-error">
          {errorText(i18n, query.error)}
        </Alert>
      ) : !rows || !query.data ? (
        <Loader size="sm" />
      ) : (
        <>
          <Paper withBorder radius="sm" p="sm">
            <ChangeHeadFields
              kind="change"
              head={head}
              onChange={(patch) => draft.form.setValues(patch)}
              dateError={editable ? dateError : undefined}
              readOnly={!editable}
            />
          </Paper>
          <ChangePositionsTable
            rows={rows}
            setRows={(update) => draft.set('rows', update)}
            editable={editable}
            departmentId={department.id}
            year={year}
            changeId={query.data.id}
          />
          {editable && totals.balance !== 0 ? (
            <Text size="sm" c="red" data-testid="change-not-balanced">
              {t`Nicht ausgeglichen: Speichern ist erst bei Saldo 0,00 € möglich.`}
            </Text>
          ) : null}
        </>
      )}
      <UnsavedChangesGuard dirty={dirty} onSave={editable ? draft.save : undefined} />
      {confirmElement}
    </Stack>
  );
}
