import { changeDateError, todayIso } from '@app/domain';
import { useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { errorMessages, errorText } from '../../lib/errorMessages.ts';
import { trpc, trpcClient } from '../../lib/trpc.ts';
import { Amount } from '../../ui/Amount.tsx';
import { useConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { onEnterMoves } from '../../ui/EditorShell.tsx';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { typedFieldsValid } from '../../ui/typedText.ts';
import { UnsavedChangesGuard } from '../../ui/UnsavedChangesGuard.tsx';
import { useDraftForm } from '../../ui/useDraftForm.ts';
import { useFocusFirstField } from '../../ui/useFocusFirstField.ts';
import { BudgetStateAlert } from '../../ui/BudgetStateAlert.tsx';
import { ChangeHeadFields } from './ChangeHeadFields.tsx';
import { ChangePositionsTable } from './ChangePositionsTable.tsx';
import { type ChangeRow, changeRowTotals, changeSavePositions, changeSnapshot, isPendingRow, missingDescriptions, toChangeRows } from './positions.ts';
import { adjustmentQuery } from './queries.ts';
import { invalidateBudget, useBudgetScope } from './useBudgetScope.ts';
import { useChangeSave } from './useChangeSave.ts';

interface Values extends Record<string, unknown> {
  approved: string | null;
  notes: string;
  surplusActual: number | null;
  rows: ChangeRow[];
}

type Adjustment = { approved: string | null; notes: string; surplusActual: number; positions: Parameters<typeof toChangeRows>[0] };
/** No adjustment yet: the create form starts empty. */
const toValues = (adjustment: Adjustment | null): Values =>
  adjustment === null
    ? { approved: null, notes: '', surplusActual: null, rows: [] }
    : { approved: adjustment.approved, notes: adjustment.notes, surplusActual: adjustment.surplusActual, rows: toChangeRows(adjustment.positions) };
const compare = (v: Values) => [changeSnapshot(v.rows), v.approved, v.notes.trim(), v.surplusActual ?? 0];

/** The adjustment's default chapter filter when adding (spec 1 §9: title filter '22'). */
export const ADJUSTMENT_FILTER = '22';

/**
 * Budget adjustment (menu `budget/adjustment/edit`), one per scope: the head (approval date, notes,
 * actual surplus) and positions like a change; the balance counts actual - planned surplus. Editable
 * (empty) chapters need German and Italian descriptions. Closed budget: read-only.
 */
export function AdjustmentScreen() {
  const { t, i18n } = useLingui();
  const { input, department, year, closed, status } = useBudgetScope();
  const query = useQuery(adjustmentQuery({ department, year }));
  const [touched, setTouched] = useState(false);
  const [creating, setCreating] = useState(false);
  const { confirm, element: confirmElement } = useConfirmDialog();
  const { save, saving, refusal } = useChangeSave(confirm);
  const adjustment = query.data ?? null;
  // DOMAIN decision 18: the approved final account of the previous year pre-fills the actual surplus
  const previous = useQuery(trpc.finalBalance.previousSurplus.queryOptions(input));
  const finalSurplus = adjustment ? adjustment.surplusFinalAccount : (previous.data?.finalSurplus ?? null);
  // once created, the adjustment replaces what the create form holds
  const root = useRef<HTMLDivElement>(null);
  const draft = useDraftForm({ root, draft: query.data, toValues, compare, save: onSave, discardEditsOnReload: (loaded) => loaded === null });
  // the create form is no draft of the server's: nothing to guard
  const dirty = adjustment !== null && draft.dirty;
  const head = draft.values ?? toValues(null);
  const rows = adjustment && draft.values ? draft.values.rows : null;

  const editable = adjustment ? adjustment.isEditable && !closed : !closed;
  const prefill = query.data === null && draft.ready && head.surplusActual === null && finalSurplus !== null ? finalSurplus : null;
  useEffect(() => {
    if (prefill !== null) draft.form.setValues({ surplusActual: prefill });
  }, [prefill, draft.form]);
  useFocusFirstField(root, editable && draft.ready && (query.data === null || rows !== null), adjustment ? 'edit' : 'create');
  const surplusDelta = adjustment ? (head.surplusActual ?? 0) - adjustment.surplusPlanned : 0;
  const totals = changeRowTotals(rows ?? [], surplusDelta);
  const dateCode = head.approved ? changeDateError(head.approved, year, todayIso()) : null;
  const dateError = !head.approved
    ? touched || adjustment
      ? t`Bitte das Genehmigungsdatum eingeben.`
      : null
    : dateCode
      ? i18n._(errorMessages[dateCode])
      : null;
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
  async function onSave(values: Values): Promise<boolean> {
    if (!adjustment || !editable) return false;
    if (!dirty) return true;
    const refused = refusal({ dateError, pending, balance: totals.balance, missingDescriptions: missing.length > 0 });
    if (refused || !values.approved || !canSave) {
      if (refused) notifyError(refused, t`Änderungen nicht gespeichert`);
      return false;
    }
    const { positions, dropped } = changeSavePositions(values.rows);
    const approved = values.approved;
    return save(
      (confirmAvailableExceeded) =>
        trpcClient.budget.adjustment.save.mutate({
          ...input,
          approved,
          notes: values.notes.trim(),
          surplusActual: values.surplusActual ?? 0,
          positions,
          confirmAvailableExceeded,
        }),
      dropped,
      values.rows,
    );
  }

  const headFields = (
    <ChangeHeadFields
      kind="adjustment"
      head={head}
      onChange={(patch) => draft.form.setValues(patch)}
      onDateBlur={() => setTouched(true)}
      dateError={editable ? dateError : undefined}
      readOnly={!editable}
    />
  );

  const finalSurplusNote =
    finalSurplus === null ? null : (
      <Text size="sm" data-testid="adjustment-final-surplus">
        {t`Verwaltungsüberschuss laut Rechnungsabschluss ${year - 1}`}:{' '}
        <Amount cents={finalSurplus} size="sm" fw={600} style={{ display: 'inline', minWidth: 0 }} />
      </Text>
    );

  return (
    <Stack ref={root} gap="sm" maw={1200} onKeyDown={adjustment ? draft.saveKeys(() => void draft.save()) : undefined}>
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
          <Button onClick={() => void draft.save()} loading={saving} disabled={!canSave} data-testid="editor-save">
            {t`Speichern`}
          </Button>
        ) : null}
      </Group>
      <BudgetStateAlert closed={closed} status={status} />
      {query.error ? (
        <Alert color="red" variant="light" data-testid="editor-load-error">
          {errorText(i18n, query.error)}
        </Alert>
      ) : query.data === undefined || !draft.ready ? (
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
                {previous.data ? (
                  <Group gap="xl">
                    <Text size="sm">
                      {t`Voraussichtlicher Verwaltungsüberschuss (verwendet)`}:{' '}
                      <Amount cents={previous.data.surplusUsed} size="sm" fw={600} style={{ display: 'inline', minWidth: 0 }} />
                    </Text>
                    {finalSurplusNote}
                  </Group>
                ) : null}
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
                  {t`Voraussichtlicher Verwaltungsüberschuss (verwendet)`}:{' '}
                  <Amount cents={adjustment.surplusPlanned} size="sm" fw={600} style={{ display: 'inline', minWidth: 0 }} />
                </Text>
                {finalSurplusNote}
                <Text size="sm">
                  {t`Differenz`}:{' '}
                  <Amount cents={surplusDelta} size="sm" fw={600} style={{ display: 'inline', minWidth: 0 }} data-testid="adjustment-surplus-delta" />
                </Text>
              </Group>
            </Stack>
          </Paper>
          <ChangePositionsTable
            rows={rows}
            setRows={(update) => draft.set('rows', update)}
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
      <UnsavedChangesGuard dirty={dirty} onSave={adjustment && editable ? draft.save : undefined} />
      {confirmElement}
    </Stack>
  );
}
