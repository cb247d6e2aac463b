import type { PaymentOrderBrief } from '@app/domain';
import { useLingui } from '@lingui/react/macro';
import { Button } from '@mantine/core';
import { useState } from 'react';
import { errorText } from '../../lib/errorMessages.ts';
import { queryClient, trpc, trpcClient } from '../../lib/trpc.ts';
import { useConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { useScope } from '../scope/useScope.ts';

/**
 * "Auftrag stornieren" of a stored, unregistered order (`payments.cancel`, DOMAIN decision 6), asked
 * first (the shared confirm: its safe answer keeps the order). Its instalments leave it and are open
 * again; the order keeps its number and MsgId (never given again: a bank may have seen the file).
 * Shown on the homebanking screen (a previous order) and the register screen.
 */
export function CancelOrderButton({ order, onCancelled }: { order: Pick<PaymentOrderBrief, 'id' | 'orderNumber' | 'year'>; onCancelled: () => void }) {
  const { t, i18n } = useLingui();
  const { department, year } = useScope();
  const { confirm, element } = useConfirmDialog();
  const [busy, setBusy] = useState(false);
  const label = `${order.orderNumber}/${order.year}`;

  async function cancel() {
    const ok = await confirm({
      title: t`Zahlungsauftrag stornieren?`,
      children: t`Zahlungsauftrag Nr. ${label} stornieren? Seine Rechnungen sind dann wieder offen (neu zu beauftragen oder von Hand zu bezahlen). Eine schon hochgeladene Datei bei der Bank zurückziehen; die Nummer wird nicht wieder vergeben.`,
      confirmLabel: t`Auftrag stornieren`,
      cancelLabel: t`Nicht stornieren`,
      danger: true,
    });
    if (!ok) return;
    setBusy(true);
    try {
      await trpcClient.payments.cancel.mutate({ departmentId: department.id, year, orderId: order.id });
      notifySuccess(t`Zahlungsauftrag Nr. ${label} storniert`);
      onCancelled();
      await queryClient.invalidateQueries({ ...trpc.payments.pathFilter(), refetchType: 'all' });
    } catch (error) {
      notifyError(errorText(i18n, error), t`Zahlungsauftrag nicht storniert`);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Button variant="light" color="red" onClick={() => void cancel()} loading={busy} data-testid="order-cancel">
        {t`Auftrag stornieren`}
      </Button>
      {element}
    </>
  );
}
