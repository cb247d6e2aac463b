import { Modal, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { type DataColumn, DataTable } from './DataTable.tsx';

/** A page of records as the server's paged lists answer it. */
export interface RecordPage<Row> {
  entities: Row[];
  total: number;
}

type RowOf<P extends RecordPage<unknown>> = P['entities'][number];

export interface RecordPickerDialogProps<P extends RecordPage<unknown>, E, K extends QueryKey> {
  opened: boolean;
  title: string;
  /** The search field's label (what the server's search matches). */
  searchLabel: string;
  emptyText: ReactNode;
  /** Rows per page (the spec's pickers page above 5). */
  pageSize: number;
  /** The query of one page: `search` already debounced, pages from 1. */
  pageQuery: (search: string, page: number, pageSize: number) => UseQueryOptions<P, E, P, K>;
  columns: DataColumn<RowOf<P>>[];
  rowKey: (row: RowOf<P>) => string | number;
  rowDimmed?: (row: RowOf<P>) => boolean;
  onPick: (row: RowOf<P>) => void;
  onClose: () => void;
  testId: string;
}

/**
 * The picker dialog of a booking screen's saved records (account transfers, reservations): a search
 * field (Enter picks the first row, ArrowDown moves into the table) over one paged DataTable,
 * newest first as the server sends it. The query runs only while the dialog is open.
 */
export function RecordPickerDialog<P extends RecordPage<unknown>, E, K extends QueryKey>({
  opened,
  title,
  searchLabel,
  emptyText,
  pageSize,
  pageQuery,
  columns,
  rowKey,
  rowDimmed,
  onPick,
  onClose,
  testId,
}: RecordPickerDialogProps<P, E, K>) {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const list = useQuery({ ...pageQuery(debounced, page, pageSize), enabled: opened, placeholderData: keepPreviousData });
  const rows: RowOf<P>[] | undefined = list.data?.entities;

  return (
    <Modal opened={opened} onClose={onClose} title={title} size="xl" data-testid={testId}>
      <TextInput
        mb="sm"
        maw={420}
        label={searchLabel}
        value={search}
        data-autofocus
        data-testid={`${testId}-search`}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          setPage(1);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && rows?.[0]) {
            e.preventDefault();
            onPick(rows[0]);
          }
          if (e.key !== 'ArrowDown') return;
          e.preventDefault();
          e.currentTarget.closest('.mantine-Modal-content')?.querySelector<HTMLElement>('tr[data-row]')?.focus();
        }}
      />
      <DataTable<RowOf<P>>
        testId={`${testId}-list`}
        columns={columns}
        rows={rows}
        total={list.data?.total}
        page={page}
        pageSize={pageSize}
        onPageChange={setPage}
        rowKey={rowKey}
        {...(rowDimmed ? { rowDimmed } : {})}
        onRowClick={onPick}
        loading={list.isFetching}
        emptyText={emptyText}
      />
    </Modal>
  );
}
