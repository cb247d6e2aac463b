import { formatAmount } from '@app/domain';
import { useLingui } from '@lingui/react/macro';
import { Badge, Group } from '@mantine/core';
import { useState } from 'react';
import { accountName } from '../../ui/accountName.ts';
import { formatDate } from '../../ui/date.ts';
import { RecordNumberLookup } from '../../ui/RecordNumberLookup.tsx';
import { RecordPickerDialog } from '../../ui/RecordPickerDialog.tsx';
import { RowAmount } from '../../ui/RowAmount.tsx';
import { type CashScopeRef, transferListQuery } from './queries.ts';

/** The spec's transfers picker pages above 5 rows. */
const PAGE = 5;

/**
 * Opening a saved transfer: its number and Enter, or "…" (F4, Enter on the empty field) for the
 * paged list of the scope's transfers (newest first), searchable by number, date, note and account.
 */
export function TransferPicker({ scope, onOpen }: { scope: CashScopeRef; onOpen: (recordNumber: number) => Promise<boolean> }) {
  const { t, i18n } = useLingui();
  const [dialog, setDialog] = useState(false);
  return (
    <>
      <RecordNumberLookup
        label={t`Übertrag öffnen`}
        placeholder={t`Nummer`}
        pickerLabel={t`Übertrag suchen (F4)`}
        onOpen={onOpen}
        onPicker={() => setDialog(true)}
        testId="transfer"
      />
      <RecordPickerDialog
        opened={dialog}
        title={t`Kontoübertrag suchen`}
        searchLabel={t`Nummer, Datum, Beschreibung oder Konto`}
        emptyText={t`Keine Kontoüberträge gefunden.`}
        pageSize={PAGE}
        pageQuery={(search, page, pageSize) => transferListQuery(scope, search, page, pageSize)}
        testId="transfer-dialog"
        rowKey={(r) => r.id}
        rowDimmed={(r) => r.cancelled}
        onClose={() => setDialog(false)}
        onPick={(r) => {
          setDialog(false);
          void onOpen(r.recordNumber);
        }}
        columns={[
          { key: 'recordNumber', header: t`Nr.`, width: 60, align: 'right', render: (r) => r.recordNumber },
          { key: 'recordDate', header: t`Datum`, width: 100, render: (r) => formatDate(r.recordDate) },
          { key: 'from', header: t`Von Konto`, wrap: true, render: (r) => accountName(r.accountFrom, i18n.locale) },
          { key: 'to', header: t`Auf Konto`, wrap: true, render: (r) => accountName(r.accountTo, i18n.locale) },
          {
            key: 'note',
            header: t`Beschreibung`,
            wrap: true,
            render: (r) => (
              <Group gap={6} wrap="nowrap">
                {r.note}
                {r.cancelled ? (
                  <Badge size="xs" color="gray" variant="light">
                    {t({ message: 'storniert', context: 'Kontoübertrag' })}
                  </Badge>
                ) : null}
              </Group>
            ),
          },
          {
            key: 'amount',
            header: t`Betrag`,
            width: 120,
            align: 'right',
            // a cancelled one counts 0: the amount it was booked at, struck through (DOMAIN decision 27)
            render: (r) =>
              r.cancelled ? (
                <RowAmount
                  cents={r.originalAmount}
                  cancelled
                  testId={`transfer-list-original-${r.recordNumber}`}
                  title={t({ message: 'storniert: zählt 0', context: 'Kontoübertrag' })}
                />
              ) : (
                formatAmount(r.amount)
              ),
          },
        ]}
      />
    </>
  );
}
