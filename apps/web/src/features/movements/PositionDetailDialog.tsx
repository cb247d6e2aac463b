import { formatAmount, formatChapter } from '@app/domain';
import { useLingui } from '@lingui/react/macro';
import { Badge, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useRef, useState } from 'react';
import { errorText } from '../../lib/errorMessages.ts';
import { Amount } from '../../ui/Amount.tsx';
import { AmountInput } from '../../ui/AmountInput.tsx';
import { DialogFooter } from '../../ui/DialogFooter.tsx';
import { chapterDescription } from '../../ui/chartLabels.ts';
import { DataTable } from '../../ui/DataTable.tsx';
import { formatDate } from '../../ui/date.ts';
import { isConfirmKey } from '../../ui/keys.ts';
import { useReturnFocus } from '../../ui/returnFocus.ts';
import { typedFieldsValid } from '../../ui/typedText.ts';
import type { ReservationBrief } from '@app/domain';
import { lineReservationsQuery } from '../reservations/queries.ts';
import type { PositionDraft, PositionReservation } from './draft.ts';

/** What the dialog changes on its position. */
export type PositionDetail = Pick<PositionDraft, 'amount' | 'note' | 'reservation'>;

interface Props {
  /** The position (null: closed). */
  row: PositionDraft | null;
  scope: { departmentId: number; year: number };
  /** The saved movement (its own use of a reservation is given back in the amounts shown). */
  movementId: number | null;
  readOnly: boolean;
  onAccept: (detail: PositionDetail) => void;
  onClose: () => void;
}

/**
 * The detail dialog of a movement position (spec 3 §2/§4): amount, note and the reservation it uses,
 * picked from the open reservations of the position's chapter line (number, date, note, booked,
 * used, unused). Picking links it (the position raises the reservation's amount used when saved),
 * "Keine Vormerkung" unlinks. Enter takes the changes, Escape closes without them; with amount 0 a
 * click beside it doesn't close it.
 */
export function PositionDetailDialog(props: Props) {
  return props.row ? <PositionDetailOpen {...props} row={props.row} /> : null;
}

function PositionDetailOpen({ row, scope, movementId, readOnly, onAccept, onClose }: Props & { row: PositionDraft }) {
  useReturnFocus();
  const { t, i18n } = useLingui();
  const [amount, setAmount] = useState(row.amount);
  const [note, setNote] = useState(row.note);
  const [reservation, setReservation] = useState<PositionReservation | null>(row.reservation);
  // Enter on a listed reservation picks it and takes the dialog at once (the row's handler runs first)
  const picked = useRef(row.reservation);
  const choose = (r: PositionReservation | null) => {
    picked.current = r;
    setReservation(r);
  };
  const open = useQuery(lineReservationsQuery(scope, movementId, row));
  // the linked one stays listed even when it is closed meanwhile (it is shown as picked)
  const rows = open.data ?? [];

  function accept() {
    if (readOnly) return onClose();
    if (!typedFieldsValid(document.querySelector('[data-testid="position-detail"]'))) return;
    onAccept({ amount, note, reservation: picked.current });
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (isConfirmKey(event) && !event.nativeEvent.isComposing && !event.ctrlKey && !event.metaKey) {
      event.preventDefault();
      event.stopPropagation();
      accept();
    }
  }

  const pick = (r: ReservationBrief) => choose({ id: r.id, recordNumber: r.recordNumber, unused: r.amountUnused });
  const chapter = `${formatChapter(row.chapter)}${row.chapterYear !== scope.year ? ` (${row.chapterYear})` : ''} ${chapterDescription(i18n, row)}`;

  return (
    <Modal
      opened
      onClose={onClose}
      title={t`Position ${formatChapter(row.chapter)}`}
      size="xl"
      closeOnEscape
      closeOnClickOutside={amount !== 0 && amount !== null}
      data-testid="position-detail"
    >
      <Stack gap="sm" onKeyDown={onKeyDown}>
        <Text size="sm" c="dimmed" truncate title={chapter}>
          {chapter}
        </Text>
        <Group gap="sm" align="flex-start" wrap="nowrap">
          <AmountInput
            label={t`Betrag`}
            w={170}
            value={amount}
            onChange={setAmount}
            readOnly={readOnly}
            error={amount === 0 ? t`Betrag 0` : undefined}
            data-autofocus
            data-testid="detail-amount"
          />
          <TextInput
            label={t`Anmerkung`}
            style={{ flex: 1 }}
            maxLength={200}
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
            readOnly={readOnly}
            data-testid="detail-note"
          />
        </Group>
        <Group justify="space-between" gap="xs">
          <Text size="sm" fw={600}>
            {t`Vormerkung`}
          </Text>
          <Group gap="xs">
            {reservation ? (
              <Badge variant="light" color="teal" data-testid="detail-reservation">
                {t`Vormerkung Nr. ${reservation.recordNumber}`}
              </Badge>
            ) : (
              <Text size="sm" c="dimmed" data-testid="detail-reservation-none">
                {t`Keine Vormerkung`}
              </Text>
            )}
            {reservation && !readOnly ? (
              <Button size="compact-sm" variant="subtle" color="red" onClick={() => choose(null)} data-testid="detail-reservation-clear">
                {t`Keine Vormerkung`}
              </Button>
            ) : null}
          </Group>
        </Group>
        {open.error ? (
          <Text size="sm" c="red">
            {errorText(i18n, open.error)}
          </Text>
        ) : (
          <DataTable<ReservationBrief>
            testId="detail-reservations"
            columns={[
              { key: 'recordNumber', header: t`Nr.`, width: 60, align: 'right', render: (r) => r.recordNumber },
              { key: 'recordDate', header: t`Datum`, width: 100, render: (r) => formatDate(r.recordDate) },
              { key: 'note', header: t`Anmerkung`, wrap: true, render: (r) => r.note },
              { key: 'amountBooked', header: t`Vorgemerkt`, width: 120, align: 'right', render: (r) => <Amount cents={r.amountBooked} size="sm" /> },
              { key: 'amountUsed', header: t`Verwendet`, width: 120, align: 'right', render: (r) => <Amount cents={r.amountUsed} size="sm" /> },
              {
                key: 'amountUnused',
                header: t`Nicht verwendet`,
                width: 120,
                align: 'right',
                render: (r) => <Amount cents={r.amountUnused} size="sm" fw={600} data-testid={`detail-unused-${r.recordNumber}`} />,
              },
            ]}
            rows={rows}
            rowKey={(r) => r.id}
            rowActive={(r) => r.id === reservation?.id}
            {...(readOnly ? {} : { onRowClick: pick })}
            loading={open.isFetching}
            emptyText={t`Keine offenen Vormerkungen für dieses Kapitel.`}
          />
        )}
        {reservation && amount !== null ? (
          <Text size="xs" c="dimmed" data-testid="detail-reservation-hint">
            {t`Die Position verwendet ${formatAmount(amount)} der Vormerkung; was darüber hinausgeht, ist eine gewöhnliche Ausgabe.`}
          </Text>
        ) : null}
        <DialogFooter onCancel={onClose} onAccept={readOnly ? undefined : accept} acceptTestId="detail-accept" />
      </Stack>
    </Modal>
  );
}
