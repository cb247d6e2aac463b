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
  /** The search field's label (what the server's search matches); without it no search field (`filters` narrow the list). */
  searchLabel?: string;
  /** Filter fields above the list (their values go into `pageQuery`; e.g. chapter and "only open"). */
  filters?: ReactNode;
  /** Changes whenever a filter changes: the list goes back to its first page. */
  filterKey?: string;
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
  /** The dialog's test id; the search field is `<testId>-search`. */
  testId: string;
  /** The list's test id (default `<testId>-list`). */
  listTestId?: string;
}

/**
 * The picker dialog of a booking screen's saved records (movements, account transfers,
 * reservations): a search field (Enter picks the first row, ArrowDown moves into the table) or the
 * screen's filter fields over one paged DataTable, newest first as the server sends it. The query
 * runs only while the dialog is open. A dialog that keeps its search between openings stays
 * mounted (`opened`); one that starts afresh each time is mounted only while open.
 */
export function RecordPickerDialog<P extends RecordPage<unknown>, E, K extends QueryKey>({
  opened,
  title,
  searchLabel,
  filters,
  filterKey = '',
  emptyText,
  pageSize,
  pageQuery,
  columns,
  rowKey,
  rowDimmed,
  onPick,
  onClose,
  testId,
  listTestId = `${testId}-list`,
}: RecordPickerDialogProps<P, E, K>) {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  // another filter: back to the first page (adjusted during render, so the old page is never asked)
  const [pagedFor, setPagedFor] = useState(filterKey);
  if (pagedFor !== filterKey) {
    setPagedFor(filterKey);
    setPage(1);
  }
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const list = useQuery({ ...pageQuery(debounced, page, pageSize), enabled: opened, placeholderData: keepPreviousData });
  const rows: RowOf<P>[] | undefined = list.data?.entities;

  return (
    <Modal opened={opened} onClose={onClose} title={title} size="xl" data-testid={testId}>
      {filters}
      {searchLabel === undefined ? null : (
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
      )}
      <DataTable<RowOf<P>>
        testId={listTestId}
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
