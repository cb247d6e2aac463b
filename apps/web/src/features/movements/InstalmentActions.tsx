import { type MovementPayment, todayIso } from '@app/domain';
import { useLingui } from '@lingui/react/macro';
import { Badge, Button, Group, Text, Tooltip } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorText } from '../../lib/errorMessages.ts';
import { queryClient, trpc, trpcClient } from '../../lib/trpc.ts';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { useScope } from '../scope/useScope.ts';

/**
 * The next year when it pays the bill's carried instalments (DOMAIN decisions 13, 21): once today lies
 * in it, its budget is approved and open, and the carry-over carried the bill's line — its open
 * payments list the bill's open instalments, its payments by hand those it paid. null otherwise (not
 * carried, no such year, the year closed, or the department without open payments); undefined while
 * that is still being read (the buttons wait, so they never change under the cashier). The server's rule
 * (Payments/Settle accepts a carried instalment in the year it is carried into) stays the judge.
 */
export interface CarriedInstalments {
  year: number;
  open: ReadonlySet<number>;
  paidByHand: ReadonlySet<number>;
}

export function useCarriedInstalments(movementId: number | null): CarriedInstalments | null | undefined {
  const { department, year } = useScope();
  const next = year + 1;
  const enabled = movementId !== null && todayIso() >= `${next}-01-01`;
  const scope = { departmentId: department.id, year: next };
  const options = { enabled, retry: false } as const;
  const status = useQuery({ ...trpc.scope.status.queryOptions(scope), ...options });
  const open = useQuery({ ...trpc.payments.open.queryOptions({ ...scope, paidByHand: false }), ...options });
  const byHand = useQuery({ ...trpc.payments.open.queryOptions({ ...scope, paidByHand: true }), ...options });
  if (!enabled) return null;
  if (status.isPending || open.isPending || byHand.isPending) return undefined;
  if (!status.data?.isBudgetApproved || status.data.isBudgetClosed || !open.data || !byHand.data) return null;
  const ids = (list: typeof open.data) => new Set(list.suppliers.flatMap((g) => g.rows.filter((r) => r.movementId === movementId).map((r) => r.paymentId)));
  return { year: next, open: ids(open.data), paidByHand: ids(byHand.data) };
}

/**
 * What can be done with a saved instalment in the movement's payments dialog (DOMAIN decision 21):
 * an open one is paid by hand ("Bezahlen …": the settle dialog), one paid in this year without an
 * order is opened again ("Wieder offen"); one in a stored order shows its order (the bank pays it).
 * A bill of an earlier year whose instalment the next year pays (carried over: `carried`) is paid or
 * opened again there, in the year after the scope's. `payment` null: the row was changed in the dialog
 * (or is new): nothing until it is saved.
 */
export function InstalmentActions({
  payment,
  movementId,
  carried,
  onPay,
  onReopened,
}: {
  payment: MovementPayment | null;
  movementId: number;
  carried: CarriedInstalments | null | undefined;
  /** Pay it by hand in `year` (the scope year, or the year it is carried into). */
  onPay: (payment: MovementPayment, year: number) => void;
  onReopened: () => Promise<void>;
}) {
  const { t, i18n } = useLingui();
  const { department, year: scopeYear, status } = useScope();
  const [busy, setBusy] = useState(false);
  if (!payment) return null;
  if (payment.orderNumber === null && carried === undefined) return null;
  if (payment.orderNumber !== null)
    return (
      <Tooltip label={t`Die Bank zahlt sie mit dem Zahlungsauftrag`}>
        <Badge variant="light" color="gray" size="sm" tt="none">{t`Auftrag ${payment.orderNumber}`}</Badge>
      </Tooltip>
    );
  const open = status.isBudgetApproved && !status.isBudgetClosed;
  if (payment.datePaid === null) {
    // carried into the next year and today in it: that year pays it (a date of the scope year no longer fits)
    const year = carried?.open.has(payment.id) ? carried.year : open ? scopeYear : null;
    return year !== null ? (
      <Button size="compact-xs" onClick={() => onPay(payment, year)} data-testid={`payment-settle-${payment.id}`}>
        {year === scopeYear ? t`Bezahlen …` : t`Bezahlen (${year}) …`}
      </Button>
    ) : null;
  }
  // opened again in the year it was paid: the scope year, or the year it was carried into
  const reopenYear = carried?.paidByHand.has(payment.id) ? carried.year : open && payment.datePaid.startsWith(`${scopeYear}-`) ? scopeYear : null;

  async function reopen(id: number, year: number) {
    setBusy(true);
    try {
      await trpcClient.payments.reopen.mutate({ departmentId: department.id, year, movementId, paymentId: id });
      notifySuccess(t`Die Zahlung ist wieder offen`);
      await queryClient.invalidateQueries();
      await onReopened();
    } catch (error) {
      notifyError(errorText(i18n, error), t`Nicht wieder geöffnet`);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Group gap={6} wrap="nowrap">
      {payment.note ? (
        <Tooltip label={payment.note}>
          <Text size="xs" c="dimmed" truncate maw={60}>
            {payment.note}
          </Text>
        </Tooltip>
      ) : null}
      {reopenYear !== null ? (
        <Button
          size="compact-xs"
          variant="default"
          loading={busy}
          onClick={() => void reopen(payment.id, reopenYear)}
          data-testid={`payment-reopen-${payment.id}`}
        >
          {t`Wieder offen`}
        </Button>
      ) : null}
    </Group>
  );
}
