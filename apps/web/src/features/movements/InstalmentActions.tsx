import type { MovementPayment } from '@app/domain';
import { useLingui } from '@lingui/react/macro';
import { Badge, Button, Group, Text, Tooltip } from '@mantine/core';
import { useState } from 'react';
import { errorText } from '../../lib/errorMessages.ts';
import { queryClient, trpcClient } from '../../lib/trpc.ts';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { useScope } from '../scope/useScope.ts';

/**
 * What can be done with a saved instalment in the movement's payments dialog (DOMAIN decision 21):
 * an open one is paid by hand ("Bezahlen …": the settle dialog), one paid in this year without an
 * order is opened again ("Wieder offen"); one in a stored order shows its order (the bank pays it).
 * `payment` null: the row was changed in the dialog (or is new): nothing until it is saved.
 */
export function InstalmentActions({
  payment,
  movementId,
  onPay,
  onReopened,
}: {
  payment: MovementPayment | null;
  movementId: number;
  onPay: (payment: MovementPayment) => void;
  onReopened: () => Promise<void>;
}) {
  const { t, i18n } = useLingui();
  const { department, year, status } = useScope();
  const [busy, setBusy] = useState(false);
  if (!payment) return null;
  if (payment.orderNumber !== null)
    return (
      <Tooltip label={t`Die Bank zahlt sie mit dem Zahlungsauftrag`}>
        <Badge variant="light" color="gray" size="sm" tt="none">{t`Auftrag ${payment.orderNumber}`}</Badge>
      </Tooltip>
    );
  const open = status.isBudgetApproved && !status.isBudgetClosed;
  if (payment.datePaid === null)
    return open ? (
      <Button size="compact-xs" onClick={() => onPay(payment)} data-testid={`payment-settle-${payment.id}`}>
        {t`Bezahlen …`}
      </Button>
    ) : null;

  async function reopen(id: number) {
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
      {open && payment.datePaid.startsWith(`${year}-`) ? (
        <Button size="compact-xs" variant="default" loading={busy} onClick={() => void reopen(payment.id)} data-testid={`payment-reopen-${payment.id}`}>
          {t`Wieder offen`}
        </Button>
      ) : null}
    </Group>
  );
}
