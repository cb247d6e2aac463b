import type { AuditEntity, MovementKind } from '@app/domain';
import { useLingui } from '@lingui/react/macro';
import { ActionIcon, Button, type ButtonProps, Modal, Stack, Tooltip } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DataTable } from '../../ui/DataTable.tsx';
import { DEFAULT_TABLE_PAGE_SIZE } from '../../ui/listState.ts';
import { useScope } from '../scope/useScope.ts';
import { AuditDetail } from './AuditDetail.tsx';
import type { AuditListRow } from './auditList.ts';
import { auditColumns } from './columns.tsx';
import { auditListQuery } from './queries.ts';

/**
 * The record whose history is shown: the entity and its record number in the scope (a movement also its
 * kind); a payment order or a residue line by its id (`entityId`: their rows name it; an order's number is shown).
 */
export interface HistoryRecord {
  entity: AuditEntity;
  recordNumber?: number;
  kind?: MovementKind;
  entityId?: string;
  /** A determined residue line (`chapter_budgets.id`): the rows that changed it; the detail shows that line's change only. */
  chapterLine?: number;
  /** The dialog's title when it is no record number (a line: its chapter code). */
  label?: string;
}

/** A stored payment order's history key. */
export const orderHistory = (order: { id: number; orderNumber: number }): HistoryRecord => ({
  entity: 'paymentOrder',
  recordNumber: order.orderNumber,
  entityId: String(order.id),
});

/** A small clock with a turning arrow (the history), drawn in the text colour: no icon font needed. */
function HistoryIcon() {
  return (
    <svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden>
      <path d="M3 12a9 9 0 1 0 3-6.7" />
      <path d="M3 4v5h5" />
      <path d="M12 7v5l3 2" />
    </svg>
  );
}

/**
 * "Verlauf" (issue 27): the trail of one record of the scope (entity, department, year, record number,
 * a movement's kind), newest first, paged; a row shows its change below the list. Disabled without a
 * saved record.
 */
export function RecordHistoryButton({
  record,
  compact = false,
  ...button
}: { record: HistoryRecord | null; /** a small icon in a table row (a residue line) */ compact?: boolean } & Omit<ButtonProps, 'onClick'>) {
  const { t } = useLingui();
  const [opened, setOpened] = useState(false);
  const label = record?.label ? t`Verlauf ${record.label}` : t`Verlauf`;
  return (
    <>
      {compact ? (
        <Tooltip label={label} withArrow>
          <ActionIcon
            variant="subtle"
            size="sm"
            color="gray"
            tabIndex={-1}
            aria-label={label}
            disabled={!record}
            onClick={() => setOpened(true)}
            data-testid={record?.chapterLine ? `record-history-${record.chapterLine}` : 'record-history'}
          >
            <HistoryIcon />
          </ActionIcon>
        </Tooltip>
      ) : (
        <Button size="sm" variant="default" disabled={!record} onClick={() => setOpened(true)} data-testid="record-history" {...button}>
          {t`Verlauf`}
        </Button>
      )}
      {opened && record ? <RecordHistoryDialog record={record} onClose={() => setOpened(false)} /> : null}
    </>
  );
}

function RecordHistoryDialog({ record, onClose }: { record: HistoryRecord; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const { department, year } = useScope();
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<AuditListRow | null>(null);
  const query = useQuery({
    ...auditListQuery({
      departmentId: department.id,
      year,
      entity: record.entity,
      ...(record.entityId !== undefined ? { entityId: record.entityId } : record.recordNumber !== undefined ? { recordNumber: record.recordNumber } : {}),
      ...(record.chapterLine !== undefined ? { chapterLine: record.chapterLine } : {}),
      ...(record.kind ? { kind: record.kind } : {}),
      page,
      pageSize: DEFAULT_TABLE_PAGE_SIZE,
    }),
    placeholderData: keepPreviousData,
  });
  return (
    <Modal
      opened
      onClose={onClose}
      title={record.recordNumber !== undefined ? t`Verlauf Nr. ${record.recordNumber}` : record.label ? t`Verlauf ${record.label}` : t`Verlauf`}
      size="xl"
      data-testid="record-history-dialog"
    >
      <Stack gap="sm">
        <DataTable
          testId="record-history-table"
          columns={auditColumns(i18n, { forRecord: true })}
          rows={query.data?.entities}
          total={query.data?.total}
          rowKey={(r) => r.id}
          page={page}
          pageSize={DEFAULT_TABLE_PAGE_SIZE}
          onPageChange={setPage}
          onRowClick={setOpen}
          rowActive={(r) => r.id === open?.id}
          loading={query.isFetching}
          emptyText={t`Keine Einträge gefunden.`}
        />
        {open ? (
          <AuditDetail row={open} focus={record.chapterLine !== undefined ? { table: 'chapter_budgets', key: String(record.chapterLine) } : undefined} />
        ) : null}
      </Stack>
    </Modal>
  );
}
