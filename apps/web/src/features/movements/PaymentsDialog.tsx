import { formatAmount, type MovementPayment, paymentsTotal, proposeRemainder, removePaymentRow } from '@app/domain';
import { useLingui } from '@lingui/react/macro';
import { ActionIcon, Modal, Table, Text, Tooltip } from '@mantine/core';
import { type KeyboardEvent, useState } from 'react';
import type { InstalmentBrief } from '../payments/InstalmentDateDialog.tsx';
import { SettleDialog } from '../payments/SettleDialog.tsx';
import { InstalmentActions, useCarriedInstalments } from './InstalmentActions.tsx';
import { Amount } from '../../ui/Amount.tsx';
import { AmountInput } from '../../ui/AmountInput.tsx';
import { DialogFooter } from '../../ui/DialogFooter.tsx';
import { DateInput } from '../../ui/DateInput.tsx';
import { useReturnFocus } from '../../ui/returnFocus.ts';
import { typedFieldsValid } from '../../ui/typedText.ts';
import type { PaymentDraft } from './draft.ts';

interface Props {
  opened: boolean;
  /** The cash positions' total the instalments must sum to. */
  total: number;
  /** The saved split (empty: never split). */
  payments: PaymentDraft[];
  /** The default due date (document date + the supplier's payment term). */
  dateDue: string;
  readOnly: boolean;
  /** The record is cancelled (DOMAIN decision 27): its kept instalments are shown greyed, counting 0. */
  cancelled?: boolean;
  onAccept: (payments: PaymentDraft[]) => void;
  onClose: () => void;
  /**
   * The saved instalments while the form holds them unchanged (null: a new record or unsaved changes):
   * a saved open one can be paid by hand, one paid by hand opened again (DOMAIN decision 21).
   */
  saved?: {
    movementId: number;
    payments: MovementPayment[];
    instalment: (p: MovementPayment) => InstalmentBrief;
    accountId: number | null;
    onChanged: () => Promise<void>;
  } | null;
}

/**
 * The instalments of an open payment (spec 3 §4/§5): amount, due date, date paid. Opening proposes
 * the whole total (or the remainder after the saved split) as a row; leaving an amount that leaves
 * part of the total unallocated proposes the remainder as a new row; removing a row gives its amount
 * back to the row before it. Enter accepts (when the rows sum to the total), Escape closes without
 * taking the changes.
 */
export function PaymentsDialog(props: Props) {
  return props.opened ? <PaymentsDialogOpen {...props} /> : null;
}

function PaymentsDialogOpen({ total, payments, dateDue, readOnly, cancelled = false, onAccept, onClose, saved }: Props) {
  useReturnFocus();
  const { t } = useLingui();
  const [rows, setRows] = useState<PaymentDraft[]>(() => proposeRemainder(payments, total, dateDue));
  const [message, setMessage] = useState<string | null>(null);
  const [paying, setPaying] = useState<{ payment: MovementPayment; year: number } | null>(null);
  // a bill of an earlier year carried over: the next year pays its open instalments (DOMAIN decision 21)
  const carried = useCarriedInstalments(saved ? saved.movementId : null);
  // row k as saved (unchanged in the dialog): the payment by hand acts on it
  const savedAt = (k: number): MovementPayment | null => {
    const p = saved?.payments[k];
    const r = rows[k];
    return p && r && p.amount === r.amount && p.dateDue === r.dateDue && p.datePaid === r.datePaid ? p : null;
  };
  const changed = async () => {
    await saved?.onChanged();
    onClose();
  };
  const sum = paymentsTotal(rows);
  const difference = total - sum;

  const update = (index: number, patch: Partial<PaymentDraft>) => setRows((rs) => rs.map((r, i) => (i === index ? { ...r, ...patch } : r)));

  /** Leaving an amount: the remainder not yet allocated becomes a new row. */
  const proposeRest = () => setRows((rs) => (paymentsTotal(rs) < total ? proposeRemainder(rs, total, rs[rs.length - 1]?.dateDue ?? dateDue) : rs));

  function accept() {
    if (readOnly) return onClose();
    if (!typedFieldsValid(document.querySelector('[data-testid="payments-dialog"]'))) return;
    if (rows.some((r) => !r.dateDue)) return setMessage(t`Jede Zahlung braucht ein Fälligkeitsdatum.`);
    if (rows.some((r) => r.amount < 0)) return setMessage(t`Zahlungen dürfen nicht negativ sein.`);
    if (paymentsTotal(rows) !== total) return setMessage(t`Die Zahlungen ergeben nicht den Gesamtbetrag.`);
    onAccept(rows.filter((r) => r.amount !== 0));
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
      event.preventDefault();
      event.stopPropagation();
      // the amount's own value is handed on at each key stroke; the remainder row is proposed first
      if (paymentsTotal(rows) < total) proposeRest();
      else accept();
    }
  }

  return (
    <Modal opened onClose={onClose} title={t`Zahlungen (Raten)`} size={saved ? 'xl' : 'lg'} closeOnEscape data-testid="payments-dialog">
      <div onKeyDown={onKeyDown}>
        {cancelled ? (
          <Text size="sm" c="dimmed" mb="xs" data-testid="payments-cancelled">
            {t`Die Buchung ist storniert: ihre Raten bleiben zur Nachvollziehbarkeit stehen und zählen nirgends (0,00).`}
          </Text>
        ) : null}
        <Table verticalSpacing={4} horizontalSpacing="xs" layout="fixed" opacity={cancelled ? 0.5 : undefined} data-cancelled={cancelled || undefined}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={36}>#</Table.Th>
              <Table.Th ta="right">{t`Betrag`}</Table.Th>
              <Table.Th w={150}>{t`Fällig am`}</Table.Th>
              <Table.Th w={150}>{t`Bezahlt am`}</Table.Th>
              {saved ? <Table.Th w={150} /> : null}
              <Table.Th w={36} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row, index) => (
              <Table.Tr key={index} data-testid={`payment-${index}`}>
                <Table.Td>
                  <Text size="sm" c="dimmed">
                    {index + 1}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <AmountInput
                    size="sm"
                    value={row.amount}
                    onChange={(cents) => update(index, { amount: cents ?? 0 })}
                    onBlur={proposeRest}
                    readOnly={readOnly}
                    aria-label={t`Betrag`}
                    data-testid={`payment-amount-${index}`}
                    data-autofocus={index === 0 ? true : undefined}
                  />
                </Table.Td>
                <Table.Td>
                  <DateInput
                    size="sm"
                    value={row.dateDue}
                    onChange={(d) => update(index, { dateDue: d ?? '' })}
                    readOnly={readOnly}
                    aria-label={t`Fällig am`}
                    data-testid={`payment-due-${index}`}
                  />
                </Table.Td>
                <Table.Td>
                  <DateInput
                    size="sm"
                    value={row.datePaid}
                    onChange={(d) => update(index, { datePaid: d })}
                    readOnly={readOnly}
                    placeholder={t`offen`}
                    aria-label={t`Bezahlt am`}
                    data-testid={`payment-paid-${index}`}
                  />
                </Table.Td>
                {saved ? (
                  <Table.Td>
                    <InstalmentActions
                      payment={savedAt(index)}
                      movementId={saved.movementId}
                      carried={carried}
                      onPay={(payment, year) => setPaying({ payment, year })}
                      onReopened={changed}
                    />
                  </Table.Td>
                ) : null}
                <Table.Td px={0}>
                  {index > 0 && !readOnly ? (
                    <Tooltip label={t`Zahlung entfernen: ihr Betrag geht an die vorige`}>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        size="sm"
                        tabIndex={-1}
                        aria-label={t`Zahlung entfernen`}
                        onClick={() => setRows((rs) => removePaymentRow(rs, index))}
                        data-testid={`payment-remove-${index}`}
                      >
                        ✕
                      </ActionIcon>
                    </Tooltip>
                  ) : null}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot style={{ borderTop: '2px solid var(--mantine-color-default-border)' }}>
            <Table.Tr>
              <Table.Td />
              <Table.Td ta="right" pr={14}>
                <Amount cents={sum} size="sm" fw={700} data-testid="payments-sum" />
              </Table.Td>
              <Table.Td colSpan={saved ? 4 : 3}>
                <Text size="sm" c={difference === 0 || cancelled ? 'dimmed' : 'red'} data-testid="payments-difference">
                  {cancelled
                    ? t`storniert`
                    : difference === 0
                      ? t`= Gesamtbetrag ${formatAmount(total)}`
                      : t`Gesamtbetrag ${formatAmount(total)}, Differenz ${formatAmount(difference)}`}
                </Text>
              </Table.Td>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
        {message ? (
          <Text size="sm" c="red" mt="xs" data-testid="payments-message">
            {message}
          </Text>
        ) : null}
        <DialogFooter onCancel={onClose} onAccept={readOnly ? undefined : accept} acceptTestId="payments-accept" />
      </div>
      {paying && saved ? (
        <SettleDialog
          instalment={saved.instalment(paying.payment)}
          year={paying.year}
          defaultAccountId={saved.accountId}
          onClose={() => setPaying(null)}
          onSettled={() => void changed()}
        />
      ) : null}
    </Modal>
  );
}
