import { forecastApprovalDateError, forecastApprovalDeadlinePassed, todayIso } from '@app/domain';
import { useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { errorMessages, errorText } from '../../lib/errorMessages.ts';
import { appCodeOf } from '../../lib/errors.ts';
import { trpcClient } from '../../lib/trpc.ts';
import { useConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { DateInput } from '../../ui/DateInput.tsx';
import { formatDate } from '../../ui/date.ts';
import { notifySuccess } from '../../ui/notify.ts';
import { useDraftForm } from '../../ui/useDraftForm.ts';
import { QueryResult } from '../../ui/QueryResult.tsx';
import { BudgetStateAlert, closedReason } from '../../ui/BudgetStateAlert.tsx';
import { BalanceChecks, FigureLine } from './BudgetParts.tsx';
import { budgetMessages } from './labels.ts';
import { forecastSummaryQuery } from './queries.ts';
import { invalidateBudgetAndScope, useBudgetScope } from './useBudgetScope.ts';

interface ApprovalValues extends Record<string, unknown> {
  date: string | null;
}

/** The approval form starts without a date. */
const NO_DATE: ApprovalValues = { date: null };

function paramsOf(error: unknown): Record<string, unknown> | null {
  return (error as { data?: { params?: Record<string, unknown> | null } } | null)?.data?.params ?? null;
}

/**
 * Forecast approval (menu `budget/forecast/approval`): the balance checks and the approval date
 * (not in the future, not after 31.12 of the year; once that has passed the form says so before anything
 * is typed). Approved: the date stays or is cleared (the
 * server refuses clearing once changes exist). Approval opens the management menu at once.
 */
export function ApprovalScreen() {
  const { t, i18n } = useLingui();
  const { input, department, year, closed, status } = useBudgetScope();
  const summary = useQuery(forecastSummaryQuery({ department, year }));
  const root = useRef<HTMLFormElement>(null);
  const draft = useDraftForm({ root, draft: NO_DATE, toValues: (values: ApprovalValues) => values, save: approve });
  const date = draft.values?.date ?? null;
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [warning, setWarning] = useState<string | null>(null);
  const { confirm, element: confirmElement } = useConfirmDialog();

  const s = summary.data;
  const approved = s?.approval ?? null;
  const balanced = s ? !s.isEmpty && s.isBalanced.total && s.isBalanced.title1 && s.isBalanced.title3 : false;
  // why "Genehmigen" is disabled (shown in its tooltip)
  const disabledReason = closed
    ? i18n._(closedReason(status))
    : s?.isEmpty
      ? i18n._(budgetMessages.noTitles)
      : !balanced
        ? i18n._(budgetMessages.notBalanced)
        : null;
  const dateCode = date ? forecastApprovalDateError(date, year, todayIso()) : null;
  const dateError = !date ? (touched ? t`Bitte das Genehmigungsdatum eingeben.` : null) : dateCode ? i18n._(errorMessages[dateCode]) : null;

  /** Approves (a date) or revokes (null); answers whether it did. */
  async function run(approval: string | null): Promise<boolean> {
    setBusy(true);
    setWarning(null);
    try {
      await trpcClient.budget.forecast.approve.mutate({ ...input, approval });
      notifySuccess(approval ? t`Haushaltsvoranschlag genehmigt` : t`Genehmigung aufgehoben`);
      setTouched(false);
      await invalidateBudgetAndScope();
      return true;
    } catch (error) {
      const code = appCodeOf(error);
      setWarning(
        code === 'BudgetNotBalanced'
          ? i18n._(paramsOf(error)?.checks === 'noTitles' ? budgetMessages.noTitles : budgetMessages.notBalanced)
          : code === 'BudgetAlreadyApproved'
            ? i18n._(budgetMessages.alreadyApproved)
            : code === 'BudgetInUse'
              ? t`Die Genehmigung kann nicht aufgehoben werden: es gibt bereits Haushaltsänderungen oder Buchungen.`
              : errorText(i18n, error),
      );
      return false;
    } finally {
      setBusy(false);
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    void draft.save();
  }

  /** The form's save: approves with the typed date (afterwards the field starts empty again). */
  async function approve(values: ApprovalValues): Promise<boolean> {
    if (!values.date || dateCode || !balanced || approved) return false;
    return run(values.date);
  }

  async function revoke() {
    const ok = await confirm({
      title: t`Genehmigung aufheben`,
      children: t`Das Genehmigungsdatum wird gelöscht; der Haushaltsvoranschlag kann wieder bearbeitet werden.`,
      confirmLabel: t`Aufheben`,
      danger: true,
    });
    if (ok && (await run(null))) draft.reset();
  }

  return (
    <Stack gap="sm" maw={820}>
      <Title order={2} data-testid="screen-title">
        {t`Genehmigung des Haushaltsvoranschlags ${year}`}
      </Title>
      <BudgetStateAlert closed={closed} status={status} />
      <QueryResult query={summary}>
        {(s) => (
          <>
            <Paper withBorder radius="sm" p="sm">
              <Stack gap={6}>
                <Text size="xs" fw={700} tt="uppercase" c="dimmed">
                  {t`Ausgleichsprüfung`}
                </Text>
                <BalanceChecks checks={s.checks} empty={s.isEmpty} />
                <Stack gap={2} maw={420} mt={4}>
                  <FigureLine label={t`Einnahmen`} cents={s.totals.revenues} />
                  <FigureLine label={t`Verwendeter Überschuss`} cents={s.totals.surplusUsed} />
                  <FigureLine label={t`Ausgaben`} cents={s.totals.expenses} />
                  <FigureLine label={t`Differenz`} cents={s.totals.surplus} strong testId="approval-balance" />
                </Stack>
              </Stack>
            </Paper>
            <Paper withBorder radius="sm" p="md">
              {approved ? (
                <Group justify="space-between" align="center">
                  <div>
                    <Text size="sm" c="dimmed">
                      {t`Genehmigungsdatum`}
                    </Text>
                    <Text fw={700} data-testid="approval-date">
                      {formatDate(approved)}
                    </Text>
                  </div>
                  {!closed ? (
                    <Button color="red" variant="light" onClick={() => void revoke()} loading={busy} data-testid="approval-revoke">
                      {t`Genehmigung aufheben`}
                    </Button>
                  ) : null}
                </Group>
              ) : (
                <form ref={root} onSubmit={onSubmit} noValidate>
                  {!closed && forecastApprovalDeadlinePassed(year, todayIso()) ? (
                    <Alert
                      color="orange"
                      variant="light"
                      py={8}
                      mb="sm"
                      data-testid="approval-deadline-passed"
                      title={t`Die Frist für die Genehmigung ist abgelaufen (31.12.${year})`}
                    >
                      {t`Der Haushaltsvoranschlag ${year} wird nur mit einem Datum bis zum 31.12.${year} genehmigt, ein späteres (etwa heute) wird abgelehnt. Geben Sie das Datum der Sitzung ein, in der er genehmigt wurde.`}
                    </Alert>
                  ) : null}
                  <Group align="flex-start" gap="sm">
                    <DateInput
                      label={t`Genehmigungsdatum`}
                      name="approval"
                      data-testid="approval-input"
                      withAsterisk
                      w={180}
                      value={date}
                      onChange={(value) => draft.set('date', value)}
                      onBlur={() => setTouched(true)}
                      error={dateError}
                      disabled={closed}
                    />
                    <Tooltip label={disabledReason} disabled={disabledReason === null} withArrow multiline maw={320}>
                      <span style={{ display: 'inline-block', marginTop: 25 }} data-testid="approval-save-wrap">
                        <Button
                          type="submit"
                          loading={busy}
                          disabled={disabledReason !== null}
                          data-testid="approval-save"
                          data-disabled-reason={disabledReason ?? undefined}
                        >
                          {t`Genehmigen`}
                        </Button>
                      </span>
                    </Tooltip>
                  </Group>
                  {s.isEmpty ? (
                    <Text size="sm" c="dimmed" mt={6} data-testid="approval-empty">
                      {i18n._(budgetMessages.noTitles)}
                    </Text>
                  ) : !balanced ? (
                    <Text size="sm" c="red" mt={6} data-testid="approval-not-balanced">
                      {i18n._(budgetMessages.notBalanced)}
                    </Text>
                  ) : null}
                </form>
              )}
            </Paper>
            {warning ? (
              <Alert color="yellow" variant="light" data-testid="approval-warning">
                {warning}
              </Alert>
            ) : null}
          </>
        )}
      </QueryResult>
      {confirmElement}
    </Stack>
  );
}
