import { type FinalBalance, isLateFinalApproval, offeredApprovalDate, todayIso } from '@app/domain';
import { useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { errorText } from '../../lib/errorMessages.ts';
import { trpcClient } from '../../lib/trpc.ts';
import { BudgetStateAlert } from '../../ui/BudgetStateAlert.tsx';
import { useConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { DateInput } from '../../ui/DateInput.tsx';
import { formatDate } from '../../ui/date.ts';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { SaveButton } from '../../ui/SaveButton.tsx';
import { ScreenHeader } from '../../ui/ScreenHeader.tsx';
import { UnsavedChangesGuard } from '../../ui/UnsavedChangesGuard.tsx';
import { useDraftForm } from '../../ui/useDraftForm.ts';
import { useScope } from '../scope/useScope.ts';
import { MenuScreenGate } from '../shell/MenuScreenGate.tsx';
import { ApprovalDeadlineNotice } from './ApprovalDeadlineNotice.tsx';
import { approvalStep } from './approval.ts';
import { CriteriaList } from './CriteriaList.tsx';
import { refusedLabels } from './labels.ts';
import { useErrorProtocol } from './errorProtocol.ts';
import { finalBalanceQuery, invalidateAfterApproval } from './queries.ts';

interface Values extends Record<string, unknown> {
  date: string | null;
}

/** The stored approval date; while none is stored and the date can be written, the date the form offers (offeredApprovalDate). */
const toValues = (balance: FinalBalance): Values => ({
  date: balance.approval ?? (balance.isEditable ? offeredApprovalDate(balance.year, todayIso(), balance.isYearUnlocked) : null),
});

/** Final account approval (budget/final/approve), behind the menu's rules. */
export function FinalApproveScreen() {
  return (
    <MenuScreenGate path="budget/final/approve">
      <FinalApproveForm />
    </MenuScreenGate>
  );
}

/**
 * The criteria with pass/fail icons; when one fails the question whether to print the error protocol
 * (asked once on opening, and a button for it). The approval date: Save only when every criterion
 * passes; the date lies from 1.1. to 31.10. of the following year (later only while a Supervisor has
 * unlocked the year: a late assembly) and not in the future, after 31.03. it is accepted as a late
 * approval (warning); once 31.10 has passed the form says so before anything is typed (ApprovalDeadlineNotice).
 * Once approved only the same date can be saved; clearing it reopens the year,
 * unless the next year's final account is approved (said on the screen beforehand). The scope's closed flag (menu, every booking screen) follows at once.
 */
function FinalApproveForm() {
  const { t, i18n } = useLingui();
  const { department, year, status } = useScope();
  const { data } = useSuspenseQuery(finalBalanceQuery({ department, year }));
  const root = useRef<HTMLFormElement>(null);
  const draft = useDraftForm<FinalBalance, Values>({ root, draft: data, toValues, save: onSave });
  // the form's date once loaded, also when cleared (null): never the stored date behind an emptied field;
  // after a save the form takes what the server then holds (useDraftForm reloads the refetched answer)
  const date = draft.values ? draft.values.date : data.approval;
  const [refused, setRefused] = useState<string | null>(null);
  const { confirm, element: confirmElement } = useConfirmDialog();
  const errorProtocol = useErrorProtocol();
  const asked = useRef(false);
  const today = todayIso();

  // failing criteria: ask once whether to print the error protocol (spec 3 §2)
  useEffect(() => {
    if (data.allPassed || data.isBudgetClosed || asked.current) return;
    asked.current = true;
    void (async () => {
      const yes = await confirm({
        title: t`Der Rechnungsabschluss hat Fehler`,
        children: t`Nicht alle Kriterien sind erfüllt. Fehlerprotokoll drucken?`,
        confirmLabel: t`Ja`,
        cancelLabel: t`Nein`,
        harmless: true,
      });
      if (yes) await errorProtocol.print();
    })();
  }, [data.allPassed, data.isBudgetClosed, confirm, errorProtocol, t]);

  const step = approvalStep(date, data, year, today);
  const late = date !== null && isLateFinalApproval(date, year);
  // the date's own problem shows under the field while typing
  const dateProblem =
    step.kind === 'refused' && (step.reason === 'InvalidDate' || step.reason === 'DateAfter31.10') ? i18n._(refusedLabels[step.reason]) : null;

  async function onSave(v: Values): Promise<boolean> {
    const next = approvalStep(v.date, data, year, todayIso());
    if (next.kind === 'unchanged') return true;
    if (next.kind === 'refused') {
      setRefused(i18n._(refusedLabels[next.reason]));
      return false;
    }
    if (next.kind === 'reopen') {
      // asked after the key event that saved (Ctrl+Enter) has run its course: its Enter never reaches the dialog
      await new Promise((resolve) => setTimeout(resolve, 0));
      const ok = await confirm({
        title: t`Genehmigung aufheben`,
        children: t`Das Genehmigungsdatum wird gelöscht: der Haushalt ${year} ist wieder offen, Buchungen und Rückstände können wieder bearbeitet werden.`,
        confirmLabel: t`Aufheben`,
        danger: true,
      });
      if (!ok) return false;
    }
    setRefused(null);
    const approval = next.kind === 'approve' ? next.date : null;
    try {
      const result = await trpcClient.finalBalance.approve.mutate({ departmentId: department.id, year, approval });
      if (!result.success) throw new Error('approval refused');
      notifySuccess(approval ? t`Rechnungsabschluss ${year} genehmigt` : t`Genehmigung des Rechnungsabschlusses ${year} aufgehoben`);
      await invalidateAfterApproval();
      return true;
    } catch (error) {
      notifyError(errorText(i18n, error), approval ? t`Rechnungsabschluss nicht genehmigt` : t`Genehmigung nicht aufgehoben`);
      return false;
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void draft.save();
  }

  const approved = data.approval;
  const approvedText = approved ? formatDate(approved) : '';
  const nextYear = year + 1;
  // why clearing the date would be refused, said before anyone tries (a locked year says so elsewhere)
  const reopenStep = approved && data.reopenRefusal && data.reopenRefusal !== 'yearLocked' ? approvalStep(null, data, year, today) : null;
  const reopenBlocked = reopenStep?.kind === 'refused' ? reopenStep.reason : null;
  // spec 3 §5: Save only when every criterion passes (an approved year: to reopen or keep the date)
  const canSave = data.isEditable && (data.allPassed || approved !== null);
  return (
    <form ref={root} onSubmit={onSubmit} noValidate onKeyDown={draft.saveKeys(() => void draft.save())} data-testid="final-approve-form">
      <Stack gap="sm" maw={820}>
        <ScreenHeader title={t`Genehmigung des Rechnungsabschlusses ${year}`} />
        {approved ? (
          <Alert color="yellow" variant="light" py={8} data-testid="final-approved-warning">
            {t`Der Rechnungsabschluss ${year} ist bereits genehmigt (am ${approvedText}): der Haushalt ist abgeschlossen, alle Buchungen des Jahres sind gesperrt.`}
          </Alert>
        ) : null}
        {!approved && status.isYearLocked ? <BudgetStateAlert closed status={status} /> : null}
        {!approved && data.isEditable ? <ApprovalDeadlineNotice today={today} yearUnlocked={data.isYearUnlocked} /> : null}
        {reopenBlocked ? (
          <Alert color="red" variant="light" py={8} data-testid="final-reopen-refused">
            {i18n._(refusedLabels[reopenBlocked])}
          </Alert>
        ) : null}
        <Paper withBorder radius="sm" p="sm">
          <Stack gap={6}>
            <Group justify="space-between">
              <Text size="xs" fw={700} tt="uppercase" c="dimmed">
                {t`Kriterien`}
              </Text>
              {data.allPassed ? null : (
                <Button
                  size="xs"
                  variant="light"
                  color="red"
                  onClick={() => void errorProtocol.print()}
                  loading={errorProtocol.busy}
                  data-testid="final-error-protocol"
                >
                  {t`Fehlerprotokoll drucken`}
                </Button>
              )}
            </Group>
            <CriteriaList balance={data} />
          </Stack>
        </Paper>
        <Paper withBorder radius="sm" p="md">
          <Stack gap="xs">
            <Group align="flex-start" gap="sm">
              <DateInput
                label={t`Genehmigungsdatum`}
                name="approval"
                data-testid="final-approval-date"
                w={180}
                value={date}
                onChange={(value) => {
                  setRefused(null);
                  draft.set('date', value);
                }}
                error={dateProblem}
                disabled={!data.isEditable}
              />
              {canSave ? (
                <span style={{ display: 'inline-block', marginTop: 25 }}>
                  <SaveButton submit saving={draft.saving} disabled={!draft.dirty && approved !== null} testId="final-approve-save" />
                </span>
              ) : null}
            </Group>
            <Text size="xs" c="dimmed">
              {data.isYearUnlocked
                ? t`Ab 01.01.${nextYear}; das Jahr ${year} ist freigegeben: ein Datum nach dem 31.10.${nextYear} wird angenommen, als verspätete Genehmigung.`
                : t`Vom 01.01. bis 31.10.${nextYear}; nach dem 31.03.${nextYear} (gesetzliche Frist) gilt die Genehmigung als verspätet.`}
              {data.canReopen ? ` ${t`Datum löschen und speichern hebt die Genehmigung auf.`}` : ''}
            </Text>
            {!data.allPassed && approved === null ? (
              <Text size="sm" c="red" data-testid="final-not-all-passed">
                {i18n._(refusedLabels.criteria)}
              </Text>
            ) : null}
            {late ? (
              <Alert color="orange" variant="light" py={6} data-testid="final-late-warning">
                {t`Verspätete Genehmigung: die gesetzliche Frist (31.03.${nextYear}) ist überschritten.`}
              </Alert>
            ) : null}
            {refused ? (
              <Alert color="red" variant="light" py={6} data-testid="final-refused">
                {refused}
              </Alert>
            ) : null}
          </Stack>
        </Paper>
      </Stack>
      {confirmElement}
      <UnsavedChangesGuard dirty={draft.dirty} onSave={draft.save} />
    </form>
  );
}
