import { changeDateError, todayIso } from '@app/domain';
import { useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { errorMessages, errorText } from '../../lib/errorMessages.ts';
import { trpc, trpcClient } from '../../lib/trpc.ts';
import { Amount } from '../../ui/Amount.tsx';
import { AmountInput } from '../../ui/AmountInput.tsx';
import { useConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { DateInput } from '../../ui/DateInput.tsx';
import { onEnterMoves } from '../../ui/EditorShell.tsx';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { typedFieldsValid } from '../../ui/typedText.ts';
import { UnsavedChangesGuard } from '../../ui/UnsavedChangesGuard.tsx';
import { useFocusFirstField } from '../../ui/useFocusFirstField.ts';
import { BudgetStateAlert } from './BudgetParts.tsx';
import { ChangePositionsTable } from './ChangePositionsTable.tsx';
import { type ChangeRow, changeRowTotals, changeSavePositions, changeSnapshot, isPendingRow, missingDescriptions, toChangeRows } from './positions.ts';
import { invalidateBudget, useBudgetScope } from './useBudgetScope.ts';
import { useChangeSave } from './useChangeSave.ts';

interface Head {
  approved: string | null;
  notes: string;
  surplusActual: number | null;
}

/** The adjustment's default chapter filter when adding (spec 1 §9: title filter '22'). */
export const ADJUSTMENT_FILTER = '22';

/**
 * Budget adjustment (menu `budget/adjustment/edit`), one per scope: the head (approval date, notes,
 * actual surplus) and positions like a change; the balance counts actual - planned surplus. Editable
 * (empty) chapters need German and Italian descriptions. Closed budget: read-only.
 */
export function AdjustmentScreen() {
  const { t, i18n } = useLingui();
  const { input, department, year, closed } = useBudgetScope();
  const query = useQuery(trpc.budget.adjustment.get.queryOptions(input));
  const [rows, setRows] = useState<ChangeRow[] | null>(null);
  const [head, setHead] = useState<Head>({ approved: null, notes: '', surplusActual: null });
  const [initial, setInitial] = useState('');
  const [loadedFrom, setLoadedFrom] = useState<unknown>(null);
  const [touched, setTouched] = useState(false);
  const [creating, setCreating] = useState(false);
  const { confirm, element: confirmElement } = useConfirmDialog();
  const { save, saving, refusal } = useChangeSave(confirm);
  const root = useRef<HTMLDivElement>(null);

  const snapshot = (r: ChangeRow[] | null, h: Head) => JSON.stringify([changeSnapshot(r ?? []), h.approved, h.notes.trim(), h.surplusActual ?? 0]);
  const adjustment = query.data ?? null;
  const dirty = adjustment !== null && rows !== null && snapshot(rows, head) !== initial;

  if (query.data !== undefined && query.data !== loadedFrom && !dirty) {
    setLoadedFrom(query.data);
    if (query.data === null) setRows(null);
    else {
      const fresh = toChangeRows(query.data.positions);
      const h = { approved: query.data.approved, notes: query.data.notes, surplusActual: query.data.surplusActual };
      setRows(fresh);
      setHead(h);
      setInitial(snapshot(fresh, h));
    }
  }

  const editable = adjustment ? adjustment.isEditable && !closed : !closed;
  useFocusFirstField(root, editable && query.data !== undefined && (query.data === null || rows !== null), adjustment ? 'edit' : 'create');
  const surplusDelta = adjustment ? (head.surplusActual ?? 0) - adjustment.surplusPlanned : 0;
  const totals = changeRowTotals(rows ?? [], surplusDelta);
  const dateCode = head.approved ? changeDateError(head.approved, year, todayIso()) : null;
  const dateError = !head.approved ? (touched || adjustment ? t`Bitte das Genehmigungsdatum eingeben.` : null) : dateCode ? i18n._(errorMessages[dateCode]) : null;
  const missing = missingDescriptions(rows ?? []);
  const pending = (rows ?? []).some(isPendingRow);
  const canSave = editable && dirty && totals.balance === 0 && !dateError && missing.length === 0 && !pending;

  async function onCreate(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (!typedFieldsValid(root.current)) return;
    if (!head.approved || dateCode) return;
    setCreating(true);
    try {
      await trpcClient.budget.adjustment.create.mutate({ ...input, approved: head.approved, notes: head.notes.trim(), surplusActual: head.surplusActual ?? 0 });
      notifySuccess(t`Haushaltsangleichung angelegt`);
      await invalidateBudget();
    } catch (error) {
      notifyError(errorText(i18n, error), t`Änderungen nicht gespeichert`);
    } finally {
      setCreating(false);
    }
  }

  /** Saves what the fields show (Save, Ctrl+Enter, or "save" when leaving); answers whether it saved. */
  async function onSave(): Promise<boolean> {
    // a typed text that is no amount or date keeps its message and the focus; nothing is saved
    if (!typedFieldsValid(root.current)) return false;
    if (!rows || !editable) return false;
    if (!dirty) return true;
    const refused = refusal({ dateError, pending, balance: totals.balance, missingDescriptions: missing.length > 0 });
    if (refused || !head.approved || !canSave) {
      if (refused) notifyError(refused, t`Änderungen nicht gespeichert`);
      return false;
    }
    const { positions, dropped } = changeSavePositions(rows);
    const approved = head.approved;
    const ok = await save(
      (confirmAvailableExceeded) =>
        trpcClient.budget.adjustment.save.mutate({ ...input, approved, notes: head.notes.trim(), surplusActual: head.surplusActual ?? 0, positions, confirmAvailableExceeded }),
      dropped,
    );
    if (ok) {
      setInitial(snapshot(rows, head));
      setLoadedFrom(null);
    }
    return ok;
  }

  const headFields = (
    <Group align="flex-start" gap="sm" wrap="nowrap">
      <DateInput
        label={t`Genehmigungsdatum`}
        name="approved"
        withAsterisk
        w={170}
        value={head.approved}
        onChange={(approved) => setHead((h) => ({ ...h, approved }))}
        onBlur={() => setTouched(true)}
        error={editable ? dateError : undefined}
        readOnly={!editable}
        data-testid="adjustment-approved"
      />
      <AmountInput
        label={t`Tatsächlicher Verwaltungsüberschuss`}
        name="surplusActual"
        w={300}
        value={head.surplusActual}
        onChange={(surplusActual) => setHead((h) => ({ ...h, surplusActual }))}
        readOnly={!editable}
        data-testid="adjustment-surplus-actual"
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
        data-testid="adjustment-notes"
      />
    </Group>
  );

  return (
    <Stack
      ref={root}
      gap="sm"
      maw={1200}
      onKeyDown={(event) => {
        if (adjustment && event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
          event.preventDefault();
          void onSave();
        }
      }}
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start" pos="sticky" top={52} py={6} bg="var(--mantine-color-body)" style={{ zIndex: 5 }}>
        <div>
          <Title order={2} data-testid="screen-title">
            {t`Haushaltsangleichung ${year}`}
          </Title>
          <Text size="sm" c="dimmed">
            {t`Angleichung des Haushalts an den tatsächlichen Verwaltungsüberschuss (Vollversammlung).`}
          </Text>
        </div>
        {adjustment && editable ? (
          <Button onClick={() => void onSave()} loading={saving} disabled={!canSave} data-testid="editor-save">
            {t`Speichern`}
          </Button>
        ) : null}
      </Group>
      <BudgetStateAlert closed={closed} />
      {query.error ? (
        <Alert color="red" variant="light" data-testid="editor-load-error">
          {errorText(i18n, query.error)}
        </Alert>
      ) : query.data === undefined ? (
        <Loader size="sm" />
      ) : adjustment === null ? (
        closed ? (
          <Text size="sm" c="dimmed">
            {t`Keine Haushaltsangleichung erfasst.`}
          </Text>
        ) : (
          <Paper withBorder radius="sm" p="md">
            <form onSubmit={(e) => void onCreate(e)} onKeyDown={onEnterMoves} noValidate data-testid="adjustment-head-form">
              <Stack gap="sm">
                <Text size="xs" fw={700} tt="uppercase" c="dimmed">
                  {t`Neue Haushaltsangleichung`}
                </Text>
                {headFields}
                <Group>
                  <Button type="submit" loading={creating} data-testid="adjustment-create">
                    {t`Anlegen`}
                  </Button>
                </Group>
              </Stack>
            </form>
          </Paper>
        )
      ) : rows ? (
        <>
          <Paper withBorder radius="sm" p="sm">
            <Stack gap="xs">
              {headFields}
              <Group gap="xl">
                <Text size="sm">
                  {t`Voraussichtlicher Verwaltungsüberschuss (verwendet)`}: <Amount cents={adjustment.surplusPlanned} size="sm" fw={600} style={{ display: 'inline', minWidth: 0 }} />
                </Text>
                <Text size="sm">
                  {t`Differenz`}: <Amount cents={surplusDelta} size="sm" fw={600} style={{ display: 'inline', minWidth: 0 }} data-testid="adjustment-surplus-delta" />
                </Text>
              </Group>
            </Stack>
          </Paper>
          <ChangePositionsTable
            rows={rows}
            setRows={setRows}
            editable={editable}
            departmentId={department.id}
            year={year}
            changeId={adjustment.id}
            surplusDelta={surplusDelta}
            requireDescriptions
            defaultFilter={ADJUSTMENT_FILTER}
          />
          {editable && totals.balance !== 0 ? (
            <Text size="sm" c="red" data-testid="change-not-balanced">
              {t`Nicht ausgeglichen: Speichern ist erst bei Saldo 0,00 € möglich.`}
            </Text>
          ) : null}
          {editable && missing.length > 0 ? (
            <Text size="sm" c="red">
              {t`Für Kapitel ohne feste Bezeichnung sind die deutsche und die italienische Bezeichnung nötig.`}
            </Text>
          ) : null}
        </>
      ) : null}
      <UnsavedChangesGuard dirty={dirty} onSave={adjustment && editable ? onSave : undefined} />
      {confirmElement}
    </Stack>
  );
}
