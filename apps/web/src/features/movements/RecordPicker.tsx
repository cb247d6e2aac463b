import { formatAmount, type MovementKind, type MovementListItem } from '@app/domain';
import { useLingui } from '@lingui/react/macro';
import { Badge, Group, Modal, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DataTable } from '../../ui/DataTable.tsx';
import { formatDate } from '../../ui/date.ts';
import { RecordNumberLookup } from '../../ui/RecordNumberLookup.tsx';
import { movementTypeLabels } from './labels.ts';
import { movementListQuery } from './queries.ts';

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
  const { t } = useLingui();
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
      <RecordDialog
        opened={dialog}
        kind={kind}
        scope={scope}
        onClose={() => setDialog(false)}
        onPick={(n) => {
          setDialog(false);
          void onOpen(n);
        }}
      />
    </>
  );
}

function RecordDialog({
  opened,
  kind,
  scope,
  onClose,
  onPick,
}: {
  opened: boolean;
  kind: MovementKind;
  scope: { department: { id: number }; year: number };
  onClose: () => void;
  onPick: (recordNumber: number) => void;
}) {
  const { t, i18n } = useLingui();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const list = useQuery({ ...movementListQuery(scope, kind, debounced, page, PAGE), enabled: opened, placeholderData: keepPreviousData });

  return (
    <Modal opened={opened} onClose={onClose} title={t`Buchung suchen`} size="xl" data-testid="record-dialog">
      <TextInput
        mb="sm"
        w={360}
        label={t`Nummer, Datum, Belegnummer oder Lieferant`}
        value={search}
        data-autofocus
        data-testid="record-dialog-search"
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          setPage(1);
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            e.currentTarget.closest('.mantine-Modal-body')?.querySelector<HTMLElement>('tr[data-row]')?.focus();
          } else if (e.key === 'Enter') {
            e.preventDefault();
            const first = list.data?.entities[0];
            if (first) onPick(first.recordNumber);
          }
        }}
      />
      <DataTable<MovementListItem>
        testId="record-list"
        columns={[
          { key: 'recordNumber', header: t`Nr.`, width: 70, align: 'right', render: (m) => m.recordNumber },
          { key: 'recordDate', header: t`Datum`, width: 105, render: (m) => formatDate(m.recordDate) },
          { key: 'type', header: t`Art`, width: 170, render: (m) => i18n._(movementTypeLabels[m.type]) },
          { key: 'documentNumber', header: t`Beleg`, width: 120, render: (m) => m.documentNumber },
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
          { key: 'amount', header: t`Betrag`, width: 130, align: 'right', render: (m) => formatAmount(m.amount) },
        ]}
        rows={list.data?.entities}
        total={list.data?.total}
        page={page}
        pageSize={PAGE}
        onPageChange={setPage}
        rowKey={(m) => m.id}
        rowDimmed={(m) => m.cancelled}
        onRowClick={(m) => onPick(m.recordNumber)}
        loading={list.isFetching}
        emptyText={t`Keine Buchungen gefunden.`}
      />
    </Modal>
  );
}
