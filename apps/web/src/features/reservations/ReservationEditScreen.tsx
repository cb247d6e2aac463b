import { formatAmount, Part, todayIso } from '@app/domain';
import { useLingui } from '@lingui/react/macro';
import { Alert, Badge, Button, Checkbox, Group, Loader, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useMemo, useRef, useState } from 'react';
import { errorText } from '../../lib/errorMessages.ts';
import { errorFieldOf } from '../../lib/errors.ts';
import { queryClient, trpc, trpcClient } from '../../lib/trpc.ts';
import { Amount } from '../../ui/Amount.tsx';
import { AmountInput } from '../../ui/AmountInput.tsx';
import { RowAmount } from '../../ui/RowAmount.tsx';
import { ChapterCodeInput } from '../../ui/ChapterCodeInput.tsx';
import { chapterWord } from '../../ui/chartLabels.ts';
import { useConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { DateInput } from '../../ui/DateInput.tsx';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { UnsavedChangesGuard } from '../../ui/UnsavedChangesGuard.tsx';
import { useDraftForm } from '../../ui/useDraftForm.ts';
import { useFocusFirstField } from '../../ui/useFocusFirstField.ts';
import { BudgetStateAlert } from '../../ui/BudgetStateAlert.tsx';
import { ChapterBudgetBox } from '../budget/ChapterBudgetBox.tsx';
import { invalidateCash } from '../cashBalance/cashBalance.ts';
import { useScope } from '../scope/useScope.ts';
import {
  compareReservation,
  type ReservationField,
  reservationProblems,
  reservingMore,
  type ReservationSource,
  reservationSourceValues,
  type ReservationValues,
  unusedAmount,
} from './draft.ts';
import { reservationFieldLabel } from './labels.ts';
import { reservationContextQuery, reservationQuery } from './queries.ts';
import { ReservationPicker } from './ReservationPicker.tsx';
import { useReadsOnly } from '../../lib/session.ts';
import { NoRecordsNote, useReaderOpensLatest } from '../../ui/useReaderOpensLatest.tsx';
import { RecordHistoryButton } from '../audit/RecordHistoryButton.tsx';
import { ReceiptsPanel } from '../documents/ReceiptsPanel.tsx';

/** Residue years a reservation may be made on (a residue line of an earlier year). */
const RESIDUE_YEARS = 5;

/** Every query the reservation changes: the reservations, the chapter figures (reservations, availability). */
function invalidateReservations(): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ ...trpc.reservations.pathFilter(), refetchType: 'all' }),
    queryClient.invalidateQueries({ ...trpc.budget.pathFilter(), refetchType: 'all' }),
    queryClient.invalidateQueries({ ...trpc.movements.pathFilter(), refetchType: 'all' }),
    invalidateCash(),
  ]);
}

/**
 * Reservations (reservations/edit, spec 3 §2): open one by its number or the picker, or enter a new
 * one: record date, notes, year and chapter (typed code or picker; the scope year or a residue
 * year), amount booked, amount used (what the linked movement positions use, plus what is typed for
 * use outside the system), the unused amount live, closed; Delete (the latest is deleted, an earlier
 * one cancelled) and Save (Ctrl+Enter); beside it the chapter's budget. The record number is in the
 * address (`?nr=3`), so a reload shows the same record.
 */
export function ReservationEditScreen({ recordNumber }: { recordNumber: number | null }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const { department, year, status } = useScope();
  const scope = { department, year };
  const scopeInput = { departmentId: department.id, year };
  const { data: context } = useSuspenseQuery(reservationContextQuery(scope));
  const saved = useQuery({ ...reservationQuery(scope, recordNumber ?? 1), enabled: recordNumber !== null });
  const reservation = recordNumber !== null ? saved.data : undefined;
  // one source object per loaded state (useDraftForm reloads the values when it changes)
  const [fresh] = useState<ReservationSource>(() => ({ kind: 'new', key: 'new', today: todayIso() }));
  const source = useMemo<ReservationSource | undefined>(
    () => (recordNumber === null ? fresh : reservation ? { kind: 'saved', key: `r${reservation.id}`, reservation } : undefined),
    [recordNumber, reservation, fresh],
  );
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<ReservationField | 'note' | 'chapterYear', string>>>({});
  const [tried, setTried] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const { confirm, element: confirmElement } = useConfirmDialog();
  const root = useRef<HTMLDivElement>(null);
  const draft = useDraftForm<ReservationSource, ReservationValues>({
    root,
    draft: source,
    toValues: (s) => reservationSourceValues(s, year),
    compare: compareReservation,
    save: onSave,
  });
  const v = draft.values;
  const editable = context.isEditable && (reservation?.isEditable ?? true);
  // the form opens in its record date (the record lookup above it is a click or F4 away)
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstField(formRef, editable && v !== null, recordNumber === null ? 'new' : `r${recordNumber}`);

  const usedByPositions = reservation?.usedByPositions ?? 0;
  const problems = v ? reservationProblems(v, usedByPositions) : { missing: [], amount: null };
  const requiredText = t`Dieses Feld ist erforderlich`;
  const amountTexts = {
    usedAbove: t`Der vorgemerkte Betrag darf nicht kleiner als der verwendete sein.`,
    belowPositions: t`Die Buchungen verwenden bereits ${formatAmount(usedByPositions)}.`,
    negative: t`Der Betrag darf nicht negativ sein.`,
  };
  /** The message of a field: the server's answer, the amounts' rule, or "required" after a try. */
  const errorOf = (field: ReservationField): string | undefined => {
    if (fieldErrors[field]) return fieldErrors[field];
    if (problems.amount?.field === field) return amountTexts[problems.amount.reason];
    return tried && problems.missing.includes(field) ? requiredText : undefined;
  };

  const set = (patch: Partial<ReservationValues>) => {
    draft.form.setValues(patch);
    if (Object.keys(fieldErrors).length > 0) setFieldErrors({});
  };

  const open = (nr: number | null, replace = false) =>
    navigate({
      to: '/dept/$dept/year/$year/reservations/edit',
      params: { dept: department.code, year: String(year) },
      search: nr === null ? {} : { nr },
      replace,
    });
  // the auditor has no new reservation to enter: the latest one opens, or the note that there is none
  const readsOnly = useReadsOnly();
  const reader = useReaderOpensLatest(recordNumber, context.nextRecordNumber - 1, (nr) => void open(nr, true));

  /** Opens a saved record by its number (the unsaved-changes question comes from the guard). */
  async function openRecord(nr: number): Promise<boolean> {
    try {
      await queryClient.fetchQuery(reservationQuery(scope, nr));
    } catch (error) {
      notifyError(errorText(i18n, error));
      return false;
    }
    await open(nr);
    return true;
  }

  /**
   * Saves what the fields show (Save, Ctrl+Enter, or "save" when leaving); answers whether it saved.
   * A new record's save opens it, except on the way out (`leaving`).
   */
  async function onSave(values: ReservationValues, { leaving }: { leaving: boolean }): Promise<boolean> {
    if (!editable) return false;
    setTried(true);
    const check = reservationProblems(values, usedByPositions);
    if (check.missing.length > 0 || check.amount || !values.recordDate || !values.chapter) {
      const names = check.missing.map((f) => reservationFieldLabel(i18n, f)).join(', ');
      notifyError(check.missing.length > 0 ? t`Bitte ausfüllen: ${names}` : amountTexts[check.amount?.reason ?? 'negative'], t`Vormerkung nicht gespeichert`);
      return false;
    }
    try {
      const result = await trpcClient.reservations.save.mutate({
        ...scopeInput,
        id: reservation?.id ?? null,
        recordNumber: reservation?.recordNumber ?? null,
        recordDate: values.recordDate,
        note: values.note.trim(),
        chapterYear: values.chapterYear,
        chapterId: values.chapter.id,
        amountBooked: values.amountBooked ?? 0,
        amountUsed: values.amountUsed ?? 0,
        closed: values.closed,
      });
      queryClient.setQueryData(reservationQuery(scope, result.recordNumber).queryKey, result);
      notifySuccess(t`Vormerkung Nr. ${result.recordNumber} gespeichert`);
      setTried(false);
      void invalidateReservations();
      if (result.recordNumber !== recordNumber && !leaving)
        void navigate({
          to: '/dept/$dept/year/$year/reservations/edit',
          params: { dept: department.code, year: String(year) },
          search: { nr: result.recordNumber },
          // the saved record's address replaces the new one's (a reload and Back show it)
          replace: true,
          ignoreBlocker: true,
        });
      return true;
    } catch (error) {
      const field = errorFieldOf(error);
      const text = errorText(i18n, error);
      const key = field === 'chapterId' ? 'chapter' : field;
      if (key) setFieldErrors({ [key]: text });
      notifyError(key ? `${text} (${reservationFieldLabel(i18n, key)})` : text, t`Vormerkung nicht gespeichert`);
      return false;
    }
  }

  async function remove() {
    if (!reservation || !editable) return;
    const nr = reservation.recordNumber;
    const latest = reservation.isLatest;
    const ok = await confirm({
      title: latest ? t`Vormerkung löschen` : t`Vormerkung stornieren`,
      children: latest
        ? t`Vormerkung Nr. ${nr} ist die letzte und wird gelöscht; ihre Nummer wird wieder vergeben.`
        : t`Vormerkung Nr. ${nr} ist nicht die letzte und wird storniert: sie behält ihre Nummer, ihre Beträge werden 0.`,
      confirmLabel: latest ? t`Löschen` : t({ message: 'Stornieren', context: 'reservation' }),
      danger: true,
    });
    if (!ok) return;
    setDeleting(true);
    try {
      const result = await trpcClient.reservations.delete.mutate({ ...scopeInput, id: reservation.id });
      notifySuccess(result.deleted ? t`Vormerkung Nr. ${nr} gelöscht` : t`Vormerkung Nr. ${nr} storniert`);
      await invalidateReservations();
      draft.reset();
      void navigate({ to: '/dept/$dept/year/$year/reservations/edit', params: { dept: department.code, year: String(year) }, search: {}, ignoreBlocker: true });
    } catch (error) {
      notifyError(errorText(i18n, error));
    } finally {
      setDeleting(false);
    }
  }

  const subtitle = reservation
    ? t`Vormerkung Nr. ${reservation.recordNumber}`
    : reader !== null
      ? ''
      : recordNumber === null
        ? t`Neue Vormerkung (nächste Nummer ${context.nextRecordNumber})`
        : t`Vormerkung Nr. ${recordNumber}`;
  const readOnly = !editable;
  const unused = v ? unusedAmount(v) : 0;

  return (
    <Stack ref={root} gap="sm" maw={1180} onKeyDown={draft.saveKeys(() => void draft.save())}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div>
          <Title order={2} data-testid="screen-title">
            {t`Vormerkungen ${year}`}
          </Title>
          <Group gap="xs">
            <Text size="sm" c="dimmed" data-testid="reservation-record">
              {subtitle}
            </Text>
            {reservation?.cancelled ? (
              <>
                <Badge color="gray" variant="light" data-testid="reservation-cancelled">
                  {t`storniert`}
                </Badge>
                {/* the amount booked it had, struck through: it counts 0 (DOMAIN decision 27) */}
                <RowAmount cents={reservation.originalAmount} cancelled testId="reservation-original-amount" />
              </>
            ) : null}
          </Group>
        </div>
        <Group gap="xs" wrap="nowrap">
          {editable && reservation ? (
            <Button
              color="red"
              variant="light"
              onClick={() => void remove()}
              loading={deleting}
              // a used reservation stays (CannotDeleteUsed); it is closed instead
              disabled={reservation.amountUsed > 0}
              title={reservation.amountUsed > 0 ? t`Eine verwendete Vormerkung kann nicht gelöscht werden; sie kann abgeschlossen werden.` : undefined}
              data-testid="editor-delete"
            >
              {reservation.isLatest ? t`Löschen` : t({ message: 'Stornieren', context: 'reservation' })}
            </Button>
          ) : null}
          {editable ? (
            <Button
              onClick={() => void draft.save()}
              loading={draft.saving}
              disabled={!draft.dirty}
              title={t`Speichern (Strg+Enter)`}
              data-testid="editor-save"
            >
              {t`Speichern`}
            </Button>
          ) : null}
        </Group>
      </Group>
      <BudgetStateAlert closed={context.isBudgetClosed || context.isYearLocked} status={status} />
      {!context.isBudgetApproved && !context.isBudgetClosed ? (
        <Alert color="yellow" variant="light" py={8} data-testid="budget-not-approved-warning">
          {t`Der Haushaltsvoranschlag ist noch nicht genehmigt. Vormerkungen sind erst nach der Genehmigung möglich.`}
        </Alert>
      ) : null}
      <Paper withBorder radius="sm" p="sm">
        <Group gap="md" align="flex-end" wrap="wrap">
          <ReservationPicker scope={scope} onOpen={openRecord} />
          {readsOnly ? null : (
            <Button variant="default" onClick={() => void open(null)} disabled={recordNumber === null} data-testid="reservation-new">
              {t`Neue Vormerkung`}
            </Button>
          )}
          <RecordHistoryButton record={reservation ? { entity: 'reservation', recordNumber: reservation.recordNumber } : null} />
        </Group>
      </Paper>
      {reader === 'empty' ? (
        <NoRecordsNote text={t`Noch keine Vormerkungen in ${year}.`} />
      ) : reader === 'opening' ? (
        <Loader size="sm" />
      ) : recordNumber !== null && saved.error ? (
        <Alert color="red" variant="light" data-testid="editor-load-error">
          {errorText(i18n, saved.error)}
        </Alert>
      ) : !v ? (
        <Loader size="sm" />
      ) : (
        <Group align="flex-start" gap="md" wrap="wrap">
          <Paper withBorder radius="sm" p="md" style={{ flex: '1 1 520px', maxWidth: 760 }} data-testid="reservation-form">
            <form ref={formRef} {...draft.formProps}>
              <Stack gap="sm">
                <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" verticalSpacing="sm">
                  <DateInput
                    label={t`Buchungsdatum`}
                    withAsterisk
                    value={v.recordDate}
                    error={errorOf('recordDate')}
                    onChange={(d) => set({ recordDate: d })}
                    readOnly={readOnly}
                    data-testid="reservation-record-date"
                  />
                  <Select
                    label={t`Jahr`}
                    allowDeselect={false}
                    data={Array.from({ length: RESIDUE_YEARS + 1 }, (_, i) => String(year - i))}
                    value={String(v.chapterYear)}
                    // another year's chart: the chapter is chosen again
                    onChange={(y) => y && Number(y) !== v.chapterYear && set({ chapterYear: Number(y), chapter: null })}
                    disabled={readOnly}
                    title={t`Laufendes Jahr oder Rückstandsjahr`}
                    data-testid="reservation-chapter-year"
                  />
                </SimpleGrid>
                <ChapterCodeInput
                  departmentId={department.id}
                  year={v.chapterYear}
                  part={Part.Expenses}
                  value={v.chapter}
                  onChange={(chapter) => set({ chapter })}
                  label={i18n._(chapterWord)}
                  required
                  error={errorOf('chapter')}
                  disabled={readOnly}
                  name="reservation-chapter"
                  availability={{ year }}
                />
                <TextInput
                  label={t`Anmerkungen`}
                  maxLength={200}
                  value={v.note}
                  onChange={(e) => set({ note: e.currentTarget.value })}
                  readOnly={readOnly}
                  data-testid="reservation-note"
                />
                <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" verticalSpacing="sm">
                  <AmountInput
                    label={t`Vorgemerkter Betrag`}
                    withAsterisk
                    value={v.amountBooked}
                    error={errorOf('amountBooked')}
                    onChange={(amountBooked) => set({ amountBooked })}
                    readOnly={readOnly}
                    data-testid="reservation-amount-booked"
                  />
                  <AmountInput
                    label={t`Verwendeter Betrag`}
                    withAsterisk
                    value={v.amountUsed}
                    error={errorOf('amountUsed')}
                    description={t`davon durch Buchungen: ${formatAmount(usedByPositions)}`}
                    // under the field, so the three amounts stay on one line
                    inputWrapperOrder={['label', 'input', 'description', 'error']}
                    onChange={(amountUsed) => set({ amountUsed })}
                    readOnly={readOnly}
                    data-testid="reservation-amount-used"
                  />
                  <div>
                    <Text size="sm" fw={500} mb={4}>
                      {t`Nicht verwendet`}
                    </Text>
                    <Paper withBorder radius="sm" px="sm" py={6} bg="var(--mantine-color-default-hover)">
                      <Amount cents={unused} size="sm" fw={600} data-testid="reservation-amount-unused" />
                    </Paper>
                  </div>
                </SimpleGrid>
                <Checkbox
                  label={t`Abgeschlossen (zählt nicht mehr in den Vormerkungen des Kapitels)`}
                  checked={v.closed}
                  onChange={(e) => set({ closed: e.currentTarget.checked })}
                  disabled={readOnly}
                  data-testid="reservation-closed"
                />
              </Stack>
            </form>
          </Paper>
          <div style={{ flex: '0 1 340px', minWidth: 300 }}>
            <ChapterBudgetBox
              departmentId={department.id}
              year={year}
              chapterId={v.chapter?.id ?? null}
              chapterYear={v.chapterYear}
              reserving={reservingMore(v, reservation ?? null)}
            />
          </div>
        </Group>
      )}
      {reader === null && v && !saved.error ? (
        <ReceiptsPanel
          scope={{ departmentId: department.id, year }}
          record={reservation ? { kind: 'reservation', id: reservation.id } : null}
          writable={!readsOnly && context.isEditable}
          frozen={readOnly}
        />
      ) : null}
      <UnsavedChangesGuard dirty={draft.dirty} searchKeys={['nr']} onSave={editable ? draft.saveAndLeave : undefined} />
      {confirmElement}
    </Stack>
  );
}
