import type { Movement } from '@app/domain';
import { useLingui } from '@lingui/react/macro';
import { Alert } from '@mantine/core';

/**
 * Why a bill at the bank can't be changed as usual (DOMAIN decisions 6, 22): while its payment order is
 * only stored, it is frozen; once the order is registered only the positions' chapters and notes can be
 * corrected (amounts, instalments and account stay as the bank paid them).
 */
export function BankOrderAlert({ movement }: { movement: Movement | null }) {
  const { t } = useLingui();
  const order = movement?.bankOrder;
  if (!order || movement.cancelled) return null;
  const label = `${order.orderNumber}/${order.orderYear}`;
  return order.registered ? (
    <Alert color="blue" variant="light" py={8} data-testid="movement-bank-paid">
      {t`Von der Bank bezahlt (Zahlungsauftrag ${label}): nur Kapitel und Anmerkungen der Positionen können berichtigt werden; Beträge, Raten und Konto bleiben, wie die Bank bezahlt hat.`}
    </Alert>
  ) : (
    <Alert color="yellow" variant="light" py={8} data-testid="movement-bank-stored">
      {t`Im Zahlungsauftrag ${label}: die Buchung ist gesperrt, bis der Auftrag registriert oder storniert ist.`}
    </Alert>
  );
}
