import { changeDateError, todayIso } from '@app/domain';
import { useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { errorMessages, errorText } from '../../lib/errorMessages.ts';
import { trpc, trpcClient } from '../../lib/trpc.ts';
import { useConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { DateInput } from '../../ui/DateInput.tsx';
import { typedFieldsValid } from '../../ui/typedText.ts';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { UnsavedChangesGuard } from '../../ui/UnsavedChangesGuard.tsx';
import { useFocusFirstField } from '../../ui/useFocusFirstField.ts';
import { BudgetStateAlert } from './BudgetParts.tsx';
import { ChangePositionsTable } from './ChangePositionsTable.tsx';
import { type ChangeRow, changeRowTotals, changeSavePositions, changeSnapshot, isPendingRow, toChangeRows } from './positions.ts';
import { invalidateBudget, useBudgetScope } from './useBudgetScope.ts';
import { useChangeSave } from './useChangeSave.ts';

interface Head {
  approved: string | null;
  notes: string;
}

/** One budget change (budget/changes/edit/$recordNumber): head (approval date, notes) and positions. */
export function ChangeEditScreen({ recordNumber }: { recordNumber: number }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const { input, department, year, closed } = useBudgetScope();
  const query = useQuery(trpc.budget.changes.get.queryOptions({ ...input, recordNumber }));
  const list = useQuery(trpc.budget.changes.list.queryOptions(input));
  const [deleting, setDeleting] = useState(false);
  const [rows, setRows] = useState<ChangeRow[] | null>(null);
  const [head, setHead] = useState<Head>({ approved: null, notes: '' });
  const [initial, setInitial] = useState('');
  const [loadedFrom, setLoadedFrom] = useState<unknown>(null);
  const { confirm, element: confirmElement } = useConfirmDialog();
  const { save, saving, refusal } = useChangeSave(confirm);
  const root = useRef<HTMLDivElement>(null);

  const snapshot = (r: ChangeRow[] | null, h: Head) => JSON.stringify([changeSnapshot(r ?? []), h.approved, h.notes.trim()]);
  const dirty = rows !== null && snapshot(rows, head) !== initial;

  if (query.data && query.data !== loadedFrom && !dirty) {
    const fresh = toChangeRows(query.data.positions);
    const h = { approved: query.data.approved, notes: query.data.notes };
    setRows(fresh);
    setHead(h);
    setInitial(snapshot(fresh, h));
    setLoadedFrom(query.data);
  }

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

  const back = (ignoreBlocker = false) => void navigate({ to: '/dept/$dept/year/$year/budget/changes/edit', params: { dept: department.code, year: String(year) }, ignoreBlocker });

  /** Saves what the fields show (Save, Ctrl+Enter, or "save" when leaving); answers whether it saved. */
  async function onSave(): Promise<boolean> {
    // a typed text that is no amount or date keeps its message and the focus; nothing is saved
    if (!typedFieldsValid(root.current)) return false;
    if (!rows || !editable) return false;
    if (!dirty) return true;
    const refused = refusal({ dateError, pending, balance: totals.balance });
    if (refused || !head.approved || !canSave) {
      if (refused) notifyError(refused, t`Änderungen nicht gespeichert`);
      return false;
    }
    const { positions, dropped } = changeSavePositions(rows);
    const approved = head.approved;
    const ok = await save(
      (confirmAvailableExceeded) => trpcClient.budget.changes.save.mutate({ ...input, recordNumber, approved, notes: head.notes.trim(), positions, confirmAvailableExceeded }),
      dropped,
    );
    if (ok) {
      // the fresh server state replaces the rows (dropped zero positions disappear)
      setInitial(snapshot(rows, head));
      setLoadedFrom(null);
    }
    return ok;
  }

  return (
    <Stack
      ref={root}
      gap="sm"
      maw={1200}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
          event.preventDefault();
          void onSave();
        }
      }}
    >
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
          {editable ? (
            <Button onClick={() => void onSave()} loading={saving} disabled={!canSave} data-testid="editor-save">
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
      <BudgetStateAlert closed={closed} />
      {query.error ? (
        <Alert color="red" variant="light" data-testid="editor-load-error">
          {errorText(i18n, query.error)}
        </Alert>
      ) : !rows || !query.data ? (
        <Loader size="sm" />
      ) : (
        <>
          <Paper withBorder radius="sm" p="sm">
            <Group align="flex-start" gap="sm" wrap="nowrap">
              <DateInput
                label={t`Genehmigungsdatum`}
                name="approved"
                withAsterisk
                w={170}
                value={head.approved}
                onChange={(approved) => setHead((h) => ({ ...h, approved }))}
                error={editable ? dateError : undefined}
                readOnly={!editable}
                data-testid="change-approved"
              />
              <TextInput
                label={t`Anmerkungen`}
                name="notes"
                style={{ flex: 1 }}
                maxLength={200}
                value={head.notes}
                onChange={(e) => {
                  const notes = e.currentTarget.value;
                  setHead((h) => ({ ...h, notes }));
                }}
                readOnly={!editable}
                data-testid="change-notes"
              />
            </Group>
          </Paper>
          <ChangePositionsTable rows={rows} setRows={setRows} editable={editable} departmentId={department.id} year={year} changeId={query.data.id} />
          {editable && totals.balance !== 0 ? (
            <Text size="sm" c="red" data-testid="change-not-balanced">
              {t`Nicht ausgeglichen: Speichern ist erst bei Saldo 0,00 € möglich.`}
            </Text>
          ) : null}
        </>
      )}
      <UnsavedChangesGuard dirty={dirty} onSave={editable ? onSave : undefined} />
      {confirmElement}
    </Stack>
  );
}
