import { type AccountTransfer, todayIso, type TransferAccount } from '@app/domain';
import { useLingui } from '@lingui/react/macro';
import { Badge, Button, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { errorMessages, errorText } from '../../lib/errorMessages.ts';
import { queryClient, trpcClient } from '../../lib/trpc.ts';
import { AmountInput } from '../../ui/AmountInput.tsx';
import { RowAmount } from '../../ui/RowAmount.tsx';
import { useConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { DateInput } from '../../ui/DateInput.tsx';
import { discardQuestion } from '../../ui/discardQuestion.ts';
import { saveErrorText } from '../../ui/fieldMessages.ts';
import { SaveButton } from '../../ui/SaveButton.tsx';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { UnsavedChangesGuard } from '../../ui/UnsavedChangesGuard.tsx';
import { useDraftForm } from '../../ui/useDraftForm.ts';
import { useFocusFirstField } from '../../ui/useFocusFirstField.ts';
import { invalidateCash } from '../cashBalance/cashBalance.ts';
import { useScope } from '../scope/useScope.ts';
import { MenuScreenGate } from '../shell/MenuScreenGate.tsx';
import { transferLabels } from './labels.ts';
import { transferContextQuery, transferQuery } from './queries.ts';
import { compare, type Field, newSource, problemsOf, type Source, toValues, type Values } from './transferForm.ts';
import { accountName } from '../../ui/accountName.ts';
import { BudgetStateAlert } from '../../ui/BudgetStateAlert.tsx';
import { TransferPicker } from './TransferPicker.tsx';
import { useReadsOnly } from '../../lib/session.ts';
import { NoRecordsNote, useReaderOpensLatest } from '../../ui/useReaderOpensLatest.tsx';
import { RecordHistoryButton } from '../audit/RecordHistoryButton.tsx';
import { ReceiptsPanel } from '../documents/ReceiptsPanel.tsx';

/**
 * Account transfers (accounts/transfer): money moved from one account of the department to another,
 * no budget effect. Open a saved transfer (number or picker) or record a new one: record date, note,
 * from and to account (active ones; the two must differ), amount. Save (Ctrl+Enter) and Delete
 * (the latest is deleted, an earlier one cancelled). Read-only with the warning when the budget is
 * closed or the year locked. Every save and delete refreshes the cash balances (invalidateCash).
 * The address names the transfer shown (`?nr=`): a save or a delete replaces it, opening another or a
 * new one adds an entry, so a reload and Back show what was there.
 */
export function TransferScreen({ recordNumber = null }: { recordNumber?: number | null }) {
  return (
    <MenuScreenGate path="accounts/transfer">
      <TransferForm recordNumber={recordNumber} />
    </MenuScreenGate>
  );
}

/** `recordNumber` (the address's `?nr=`, e.g. from the cash journal) opens that transfer at once. */
function TransferForm({ recordNumber }: { recordNumber: number | null }) {
  const { t, i18n } = useLingui();
  const { department, year, status } = useScope();
  const scope = { department, year };
  const scopeInput = { departmentId: department.id, year };
  const { data: context } = useSuspenseQuery(transferContextQuery(scope));
  const [source, setSource] = useState<Source>(() => newSource(year, todayIso()));
  const [tried, setTried] = useState(false);
  const [serverError, setServerError] = useState<{ field: string; text: string } | null>(null);
  const [deleting, setDeleting] = useState(false);
  const { confirm, element: confirmElement } = useConfirmDialog();
  const root = useRef<HTMLDivElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const draft = useDraftForm<Source, Values>({ root, draft: source, toValues, compare, save: onSave, discardEditsOnReload: true });
  const v = draft.values ?? toValues(source);
  const transfer = source.transfer;
  const editable = context.isEditable && (transfer?.isEditable ?? true);
  const navigate = useNavigate();
  /** The address of a transfer (null: a new one); the form follows it (below) without being mounted again. */
  const goAddress = (nr: number | null, replace: boolean) =>
    void navigate({
      to: '/dept/$dept/year/$year/accounts/transfer',
      params: { dept: department.code, year: String(year) },
      search: nr === null ? {} : { nr },
      replace,
      ignoreBlocker: true,
    });
  useFocusFirstField(form, editable, source.key);
  // the auditor has no new transfer to enter: the latest one opens, or the note that there is none
  const readsOnly = useReadsOnly();
  const reader = useReaderOpensLatest(recordNumber, context.nextRecordNumber - 1, (nr) => goAddress(nr, true));

  const problems = problemsOf(v, year, todayIso());
  const requiredText = t`Dieses Feld ist erforderlich`;
  const problemText = (field: Field): string | undefined => {
    const problem = problems[field];
    if (problem === 'same') return t`Von- und Auf-Konto müssen verschieden sein.`;
    if (problem === 'date' && problems.dateCode) return i18n._(errorMessages[problems.dateCode]);
    if (problem === 'notPositive') return t`Der Betrag muss größer als 0 sein.`;
    if (problem === 'required' && tried) return requiredText;
    return undefined;
  };
  /** The field's message: the form's own, else the server's refusal naming it. */
  const errorOf = (field: Field) => (editable ? (problemText(field) ?? (serverError?.field === field ? serverError.text : undefined)) : undefined);

  const set = (patch: Partial<Values>) => {
    setServerError(null);
    draft.form.setValues(patch);
  };

  /** Active accounts, plus the saved transfer's own ones when they were set inactive since. */
  const accounts: TransferAccount[] = [...context.accounts];
  for (const own of transfer ? [transfer.accountFrom, transfer.accountTo] : []) if (!accounts.some((a) => a.id === own.id)) accounts.push(own);
  const accountOptions = accounts.map((a) => ({ value: String(a.id), label: accountName(a, i18n.locale) }));

  const discardAsked = async (): Promise<boolean> => !draft.dirty || confirm(discardQuestion(i18n));

  function show(next: AccountTransfer | null) {
    setTried(false);
    setServerError(null);
    setSource(next ? { key: `r${next.recordNumber}-${Date.now()}`, transfer: next, recordDate: next.recordDate } : newSource(year, todayIso()));
  }

  async function openRecord(recordNumber: number): Promise<boolean> {
    if (transfer?.recordNumber === recordNumber) return true;
    if (!(await discardAsked())) return false;
    try {
      show(await queryClient.fetchQuery({ ...transferQuery(scope, recordNumber), staleTime: 0 }));
      return true;
    } catch (error) {
      notifyError(errorText(i18n, error));
      return false;
    }
  }

  // the transfer of the address (a link, a reload, Back and Forward); the form's own changes write it after showing
  const shown = useRef<number | null>(null);
  shown.current = transfer?.recordNumber ?? null;
  useEffect(() => {
    if (recordNumber === shown.current) return;
    // the record is read first (setState only after it answers)
    const follow = async (nr: number | null) => {
      const done = nr === null ? await showNew() : await openRecord(nr);
      if (!done) goAddress(shown.current, true);
    };
    void follow(recordNumber);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [recordNumber]);

  /** A new transfer (asks first when the form has unsaved changes); answers whether it is shown. */
  async function showNew(): Promise<boolean> {
    if (!(await discardAsked())) return false;
    show(null);
    return true;
  }

  async function startNew() {
    if ((await showNew()) && recordNumber !== null) goAddress(null, false);
  }

  /** The picker's and the number field's record, at its address. */
  async function openAtAddress(nr: number): Promise<boolean> {
    const done = await openRecord(nr);
    if (done && nr !== recordNumber) goAddress(nr, false);
    return done;
  }

  /** Saves what the fields show (Save, Ctrl+Enter, "save" when leaving); answers whether it saved. */
  async function onSave(values: Values): Promise<boolean> {
    if (!editable) return false;
    // a saved transfer without changes is saved already
    if (transfer && !draft.dirty) return true;
    const { dateCode: _code, ...found } = problemsOf(values, year, todayIso());
    const { recordDate, accountIdFrom, accountIdTo, amount } = values;
    if (Object.keys(found).length > 0 || !recordDate || accountIdFrom === null || accountIdTo === null || amount === null) {
      setTried(true);
      notifyError(t`Bitte die markierten Felder prüfen.`, t`Kontoübertrag nicht gespeichert`);
      requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return false;
    }
    try {
      const saved = await trpcClient.accountTransfers.save.mutate({
        ...scopeInput,
        id: transfer?.id ?? null,
        recordNumber: transfer?.recordNumber ?? null,
        recordDate,
        note: values.note.trim(),
        accountIdFrom,
        accountIdTo,
        amount,
      });
      notifySuccess(t`Kontoübertrag Nr. ${saved.recordNumber} gespeichert`);
      show(saved);
      void invalidateCash();
      if (saved.recordNumber !== recordNumber) goAddress(saved.recordNumber, true);
      return true;
    } catch (error) {
      const saved = saveErrorText(i18n, error, transferLabels);
      const { field } = saved;
      // an account set inactive meanwhile (by someone else) says so, naming the field
      const reason = (error as { data?: { params?: { reason?: unknown } | null } } | null)?.data?.params?.reason;
      const named = field ? transferLabels[field] : undefined;
      const label = named ? i18n._(named) : '';
      const text = reason === 'inactive' ? t`${label}: das Konto ist inaktiv und kann nicht mehr gebucht werden.` : saved.text;
      notifyError(text, t`Kontoübertrag nicht gespeichert`);
      if (field) setServerError({ field, text });
      return false;
    }
  }

  async function remove() {
    if (!transfer || !editable) return;
    const recordNumber = transfer.recordNumber;
    const latest = transfer.isLatest;
    const ok = await confirm({
      title: latest ? t`Kontoübertrag löschen` : t`Kontoübertrag stornieren`,
      children: latest
        ? t`Kontoübertrag Nr. ${recordNumber} ist der letzte und wird gelöscht; seine Nummer wird wieder vergeben.`
        : t`Kontoübertrag Nr. ${recordNumber} ist nicht der letzte und wird storniert: er behält seine Nummer, sein Betrag wird 0.`,
      confirmLabel: latest ? t`Löschen` : t`Stornieren`,
      danger: true,
    });
    if (!ok) return;
    setDeleting(true);
    try {
      const result = await trpcClient.accountTransfers.delete.mutate({ ...scopeInput, id: transfer.id });
      notifySuccess(result.deleted ? t`Kontoübertrag Nr. ${recordNumber} gelöscht` : t`Kontoübertrag Nr. ${recordNumber} storniert`);
      show(null);
      if (recordNumber !== null) goAddress(null, true);
      await invalidateCash();
    } catch (error) {
      notifyError(errorText(i18n, error));
    } finally {
      setDeleting(false);
    }
  }

  const subtitle = transfer
    ? t`Kontoübertrag Nr. ${transfer.recordNumber}`
    : reader !== null
      ? ''
      : t`Neuer Kontoübertrag (nächste Nummer ${context.nextRecordNumber})`;
  const readOnly = !editable;

  return (
    <Stack ref={root} gap="sm" maw={980} onKeyDown={draft.saveKeys(() => void draft.save())}>
      <div>
        <Title order={2} data-testid="screen-title">
          {t`Kontoübertrag ${year}`}
        </Title>
        <Group gap="xs">
          <Text size="sm" c="dimmed" data-testid="transfer-record">
            {subtitle}
          </Text>
          {transfer?.cancelled ? (
            <>
              <Badge color="gray" variant="light" data-testid="transfer-cancelled">
                {t({ message: 'storniert', context: 'Kontoübertrag' })}
              </Badge>
              {/* the amount it had, struck through: it counts 0 (DOMAIN decision 27) */}
              <RowAmount
                cents={transfer.originalAmount}
                cancelled
                testId="transfer-original-amount"
                title={t({ message: 'storniert: zählt 0', context: 'Kontoübertrag' })}
              />
            </>
          ) : null}
        </Group>
      </div>
      <BudgetStateAlert closed={context.isBudgetClosed || context.isYearLocked} status={status} />
      <Paper withBorder radius="sm" p="sm">
        <Group gap="md" align="flex-end" wrap="wrap">
          <TransferPicker scope={scope} onOpen={openAtAddress} />
          {readsOnly ? null : (
            <Button variant="default" onClick={() => void startNew()} data-testid="transfer-new">
              {t`Neuer Kontoübertrag`}
            </Button>
          )}
          <RecordHistoryButton record={transfer ? { entity: 'accountTransfer', recordNumber: transfer.recordNumber } : null} />
        </Group>
      </Paper>
      {reader === 'empty' ? <NoRecordsNote text={t`Noch keine Kontoüberträge in ${year}.`} /> : null}
      <Paper withBorder radius="sm" p="md" display={reader === null || (reader === 'opening' && transfer) ? undefined : 'none'}>
        <form ref={form} {...draft.formProps} data-testid="transfer-form">
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
              <DateInput
                label={t`Buchungsdatum`}
                withAsterisk
                value={v.recordDate}
                error={errorOf('recordDate')}
                onChange={(d) => set({ recordDate: d })}
                readOnly={readOnly}
                data-testid="transfer-record-date"
              />
              <TextInput
                label={t`Beschreibung`}
                maxLength={200}
                value={v.note}
                error={errorOf('note')}
                onChange={(e) => set({ note: e.currentTarget.value })}
                readOnly={readOnly}
                data-testid="transfer-note"
              />
              <Select
                label={t`Von Konto`}
                withAsterisk
                searchable
                selectFirstOptionOnChange
                data={accountOptions}
                value={v.accountIdFrom === null ? null : String(v.accountIdFrom)}
                error={errorOf('accountIdFrom')}
                onChange={(value) => set({ accountIdFrom: value === null ? null : Number(value) })}
                disabled={readOnly}
                nothingFoundMessage={t`Kein aktives Konto gefunden`}
                data-testid="transfer-from"
              />
              <Select
                label={t`Auf Konto`}
                withAsterisk
                searchable
                selectFirstOptionOnChange
                data={accountOptions}
                value={v.accountIdTo === null ? null : String(v.accountIdTo)}
                error={errorOf('accountIdTo')}
                onChange={(value) => set({ accountIdTo: value === null ? null : Number(value) })}
                disabled={readOnly}
                nothingFoundMessage={t`Kein aktives Konto gefunden`}
                data-testid="transfer-to"
              />
              <AmountInput
                label={t`Betrag`}
                withAsterisk
                value={v.amount}
                error={errorOf('amount')}
                onChange={(amount) => set({ amount })}
                readOnly={readOnly}
                data-testid="transfer-amount"
              />
            </SimpleGrid>
            {editable ? (
              <Group justify="flex-end" gap="xs" mt="xs">
                {transfer ? (
                  <Button color="red" variant="light" onClick={() => void remove()} loading={deleting} data-testid="transfer-delete">
                    {transfer.isLatest ? t`Löschen` : t`Stornieren`}
                  </Button>
                ) : null}
                <SaveButton submit saving={draft.saving} testId="transfer-save" />
              </Group>
            ) : null}
          </Stack>
        </form>
      </Paper>
      {reader === null || (reader === 'opening' && transfer) ? (
        <ReceiptsPanel
          scope={scopeInput}
          record={transfer ? { kind: 'transfer', id: transfer.id } : null}
          writable={!readsOnly && context.isEditable}
          frozen={readOnly}
        />
      ) : null}
      <UnsavedChangesGuard dirty={draft.dirty} onSave={editable ? draft.saveAndLeave : undefined} />
      {confirmElement}
    </Stack>
  );
}
