import { formatAmount, formatDate, type MovementDateError, paymentRecordLabel } from '@app/domain';
import { useLingui } from '@lingui/react/macro';
import { Modal, Stack, Table, Text } from '@mantine/core';
import { type FormEvent, type KeyboardEvent, type ReactNode, useState } from 'react';
import { errorText } from '../../lib/errorMessages.ts';
import { errorFieldOf } from '../../lib/errors.ts';
import { DateInput } from '../../ui/DateInput.tsx';
import { DialogFooter } from '../../ui/DialogFooter.tsx';
import { useReturnFocus } from '../../ui/returnFocus.ts';
import { typedFieldsValid } from '../../ui/typedText.ts';

/** The instalment a dialog acts on, as the payments lists and the movement's dialog have it. */
export interface InstalmentBrief {
  movementId: number;
  paymentId: number;
  /** The movement's year (an earlier one: a bill carried over). */
  year: number;
  recordNumber: number;
  documentNumber: string;
  documentDate: string | null;
  supplierName: string;
  amount: number;
  dateDue: string;
}

interface Props {
  title: string;
  instalment: InstalmentBrief;
  /** The scope year (the record number of another year's bill reads `12/2025`). */
  year: number;
  dateLabel: string;
  /** The label of the instalment's date shown (default "Fällig am": its due date). */
  dueLabel?: string;
  /** The date proposed (null: empty). */
  initialDate: string | null;
  /** The date's problem before sending (the domain rule the server applies), or null. */
  dateProblem: (date: string) => MovementDateError | null;
  /** The words for a date problem of `date`. */
  problemText: (problem: MovementDateError, date: string) => string;
  /** Further fields (account, note) between the date and the buttons. */
  children?: ReactNode;
  acceptLabel: string;
  /** Sends; a rejected promise shows the server's error in the dialog. */
  onSubmit: (date: string) => Promise<void>;
  onClose: () => void;
  testId: string;
}

/**
 * A small dialog over one instalment that records a date (paid by hand, returned by the bank): the
 * instalment (record, document, supplier, due date, amount) above, the date (typed `DD.MM.YYYY`, in
 * focus), the screen's further fields, Cancel / the action. Enter in a field or Ctrl+Enter sends
 * without leaving the field; the date is checked with the domain rule before sending and the
 * server's refusal is shown in the dialog (it stays open, nothing is lost).
 */
export function InstalmentDateDialog(props: Props) {
  useReturnFocus();
  const { t, i18n } = useLingui();
  const { instalment: row, year, testId } = props;
  const [date, setDate] = useState<string | null>(props.initialDate);
  const [message, setMessage] = useState<{ text: string; onDate: boolean } | null>(null);
  const [busy, setBusy] = useState(false);

  async function send(event?: FormEvent) {
    event?.preventDefault();
    if (busy) return;
    if (!typedFieldsValid(document.querySelector(`[data-testid="${testId}"]`))) return;
    if (!date) return setMessage({ text: t`Dieses Feld ist erforderlich`, onDate: true });
    const problem = props.dateProblem(date);
    if (problem) return setMessage({ text: props.problemText(problem, date), onDate: true });
    setBusy(true);
    try {
      await props.onSubmit(date);
    } catch (error) {
      const field = errorFieldOf(error) ?? '';
      setMessage({ text: errorText(i18n, error), onDate: /date/i.test(field) });
    } finally {
      setBusy(false);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLFormElement>) {
    if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
      event.preventDefault();
      event.stopPropagation();
      void send();
    }
  }

  const fact = (label: string, value: ReactNode) => (
    <Table.Tr>
      <Table.Td c="dimmed" w={130}>
        {label}
      </Table.Td>
      <Table.Td>{value}</Table.Td>
    </Table.Tr>
  );

  return (
    <Modal opened onClose={props.onClose} title={props.title} size="md" closeOnEscape data-testid={testId}>
      <form onSubmit={(e) => void send(e)} onKeyDown={onKeyDown} noValidate>
        <Stack gap="sm">
          <Table verticalSpacing={2} horizontalSpacing="xs" fz="sm">
            <Table.Tbody>
              {fact(t`Buchung`, paymentRecordLabel(row.recordNumber, row.year, year))}
              {fact(t`Beleg`, [row.documentNumber, row.documentDate ? formatDate(row.documentDate) : null].filter(Boolean).join(' · '))}
              {fact(t`Lieferant`, row.supplierName)}
              {fact(props.dueLabel ?? t`Fällig am`, formatDate(row.dateDue))}
              {fact(
                t`Betrag`,
                <Text span fw={700} style={{ fontVariantNumeric: 'tabular-nums' }} data-testid={`${testId}-amount`}>
                  {formatAmount(row.amount)}
                </Text>,
              )}
            </Table.Tbody>
          </Table>
          <DateInput
            label={props.dateLabel}
            withAsterisk
            w={170}
            value={date}
            onChange={(d) => {
              setDate(d);
              setMessage(null);
            }}
            error={message?.onDate ? message.text : undefined}
            data-autofocus
            data-testid={`${testId}-date`}
          />
          {props.children}
          {message && !message.onDate ? (
            <Text size="sm" c="red" data-testid={`${testId}-message`}>
              {message.text}
            </Text>
          ) : null}
          <DialogFooter
            onCancel={props.onClose}
            onAccept={() => void send()}
            acceptLabel={props.acceptLabel}
            loading={busy}
            acceptTestId={`${testId}-accept`}
          />
        </Stack>
      </form>
    </Modal>
  );
}
