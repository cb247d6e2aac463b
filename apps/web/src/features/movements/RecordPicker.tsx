import { formatAmount, type MovementKind } from '@app/domain';
import { useLingui } from '@lingui/react/macro';
import { Badge, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { formatDate } from '../../ui/date.ts';
import { RecordNumberLookup } from '../../ui/RecordNumberLookup.tsx';
import { RecordPickerDialog } from '../../ui/RecordPickerDialog.tsx';
import { movementTypeLabels } from './labels.ts';
import { movementListQuery } from './queries.ts';
import { ReceiptsMark } from '../documents/ReceiptsMark.tsx';

const PAGE = 15;

/**
 * Opening a saved record: type its number and press Enter, or "…" (F4) for the paged list of the
 * kind's records (newest first), searchable by number, date, document number and supplier.
 */
export function RecordPicker({
  kind,
  scope,
  onOpen,
}: {
  kind: MovementKind;
  scope: { department: { id: number }; year: number };
  onOpen: (recordNumber: number) => Promise<boolean>;
}) {
  const { t, i18n } = useLingui();
  const [dialog, setDialog] = useState(false);

  return (
    <>
      <RecordNumberLookup
        label={t`Buchung öffnen`}
        placeholder={t`Nummer`}
        pickerLabel={t`Buchung suchen (F4)`}
        onOpen={onOpen}
        onPicker={() => setDialog(true)}
      />
      <RecordPickerDialog
        opened={dialog}
        title={t`Buchung suchen`}
        searchLabel={t`Nummer, Datum, Belegnummer oder Lieferant`}
        emptyText={t`Keine Buchungen gefunden.`}
        pageSize={PAGE}
        pageQuery={(search, page, pageSize) => movementListQuery(scope, kind, search, page, pageSize)}
        testId="record-dialog"
        listTestId="record-list"
        rowKey={(m) => m.id}
        rowDimmed={(m) => m.cancelled}
        onClose={() => setDialog(false)}
        onPick={(m) => {
          setDialog(false);
          void onOpen(m.recordNumber);
        }}
        columns={[
          { key: 'recordNumber', header: t`Nr.`, width: 70, align: 'right', render: (m) => m.recordNumber },
          { key: 'recordDate', header: t`Datum`, width: 105, render: (m) => formatDate(m.recordDate) },
          { key: 'type', header: t`Art`, width: 170, render: (m) => i18n._(movementTypeLabels[m.type]) },
          {
            key: 'documentNumber',
            header: t`Beleg`,
            width: 130,
            render: (m) => (
              <Group gap={4} wrap="nowrap" justify="space-between">
                {m.documentNumber}
                <ReceiptsMark count={m.receipts} />
              </Group>
            ),
          },
          {
            key: 'supplier',
            header: t`Lieferant`,
            render: (m) => (
              <Group gap={6} wrap="nowrap">
                {m.supplierCode !== null ? `${m.supplierCode} ${m.supplierName}` : m.supplierName}
                {m.cancelled ? (
                  <Badge size="xs" color="gray" variant="light">
                    {t`storniert`}
                  </Badge>
                ) : null}
              </Group>
            ),
          },
          {
            key: 'amount',
            header: t`Betrag`,
            width: 130,
            align: 'right',
            // a cancelled record counts 0: the amount it was booked at, struck through (DOMAIN decision 27)
            render: (m) =>
              m.cancelled ? (
                <Text span size="sm" td="line-through" title={t`storniert: zählt 0`} data-cancelled="true">
                  {m.originalAmount === null ? '–' : formatAmount(m.originalAmount)}
                </Text>
              ) : (
                formatAmount(m.amount)
              ),
          },
        ]}
      />
    </>
  );
}
