/**
 * DataTable — the one table of every list screen and picker dialog (spec 2 §2): dense rows, a
 * column definition per field (`align: 'right'` for amounts and numbers, `sortKey` for a header
 * that sorts on click with `sort`/`onSortChange`), row click or Enter opens
 * the row, ArrowUp/ArrowDown move between rows, Home/End jump. Paging below the table: page
 * buttons, "1–10 von 57" and the page size (10/15/20/30, default 10). Stateless: the caller keeps
 * page and page size (see useMasterList) and passes the server's page. A table the caller does not
 * page (neither `onPageChange` nor `onPageSizeChange`: it shows all its rows) has no footer while
 * everything fits on one page: a small table says no "1–1 von 1".
 *
 *   <DataTable columns={[{ key: 'code', header: t`Code`, width: 80, render: (r) => r.code }]}
 *              rows={page?.entities} total={page?.total} page={1} pageSize={10}
 *              onPageChange={...} onPageSizeChange={...} onRowClick={(r) => open(r.id)} rowKey={(r) => r.id} />
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Group, Loader, Pagination, Paper, Select, Table, Text } from '@mantine/core';
import type { KeyboardEvent, ReactNode } from 'react';
import { TABLE_PAGE_SIZES } from './listState.ts';

export interface DataColumn<Row> {
  key: string;
  header: ReactNode;
  render: (row: Row) => ReactNode;
  /** Fixed width (px) for short columns; leave the wide text column without. */
  width?: number;
  align?: 'left' | 'right' | 'center';
  /** Monospace, tabular figures (codes, IBANs). */
  mono?: boolean;
  /** The header sorts by this key on click (with `sort` and `onSortChange` on the table). */
  sortKey?: string;
  /** Long text wraps onto a second line instead of being cut (names in a narrow column). */
  wrap?: boolean;
}

/** The sort of a table: key and direction (kept by the caller, usually in the URL). */
export interface TableSort {
  key: string;
  dir: 'asc' | 'desc';
}

export interface DataTableProps<Row> {
  columns: DataColumn<Row>[];
  rows: Row[] | undefined;
  rowKey: (row: Row) => string | number;
  total?: number | undefined;
  page?: number;
  pageSize?: number;
  onPageChange?: (page: number) => void;
  /** Without it the page-size choice is hidden (picker dialogs with a fixed size). */
  onPageSizeChange?: (size: number) => void;
  onRowClick?: (row: Row) => void;
  /** Rows a click opens (default: every row when onRowClick is set); the others show no pointer and ignore clicks and Enter. */
  rowClickable?: (row: Row) => boolean;
  /** Marks a row (e.g. inactive ones dimmed). */
  rowDimmed?: (row: Row) => boolean;
  /** The highlighted row of a picker (Enter in its filter picks it); shown with the primary tint. */
  rowActive?: (row: Row) => boolean;
  loading?: boolean;
  emptyText?: ReactNode;
  testId?: string;
  /** Server-side sorting: the current sort; a click on a sortable header calls onSortChange (same key toggles the direction). */
  sort?: TableSort | undefined;
  onSortChange?: (sort: TableSort) => void;
}

function focusRow(current: HTMLElement, target: 'next' | 'prev' | 'first' | 'last') {
  const body = current.closest('tbody');
  if (!body) return;
  const rows = Array.from(body.querySelectorAll<HTMLElement>('tr[data-row]'));
  const index = rows.indexOf(current);
  const next = target === 'next' ? rows[index + 1] : target === 'prev' ? rows[index - 1] : target === 'first' ? rows[0] : rows[rows.length - 1];
  next?.focus();
}

export function DataTable<Row>({
  columns,
  rows,
  rowKey,
  total,
  page = 1,
  pageSize = 10,
  onPageChange,
  onPageSizeChange,
  onRowClick,
  rowClickable,
  rowDimmed,
  rowActive,
  loading,
  emptyText,
  testId,
  sort,
  onSortChange,
}: DataTableProps<Row>) {
  const count = total ?? rows?.length ?? 0;
  const pages = Math.max(1, Math.ceil(count / pageSize));
  const from = count === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(count, page * pageSize);
  const footer = pages > 1 || onPageChange !== undefined || onPageSizeChange !== undefined || loading === true;
  const clickable = (row: Row) => onRowClick !== undefined && (rowClickable?.(row) ?? true);

  function onRowKey(event: KeyboardEvent<HTMLTableRowElement>, row: Row) {
    const el = event.currentTarget;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      if (clickable(row)) onRowClick?.(row);
    } else if (event.key === 'ArrowDown') {
      event.preventDefault();
      focusRow(el, 'next');
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      focusRow(el, 'prev');
    } else if (event.key === 'Home') {
      event.preventDefault();
      focusRow(el, 'first');
    } else if (event.key === 'End') {
      event.preventDefault();
      focusRow(el, 'last');
    } else if (event.key === 'PageDown' && page < pages) {
      event.preventDefault();
      onPageChange?.(page + 1);
    } else if (event.key === 'PageUp' && page > 1) {
      event.preventDefault();
      onPageChange?.(page - 1);
    }
  }

  return (
    <Paper withBorder radius="sm" data-testid={testId}>
      <Table.ScrollContainer minWidth={560}>
        <Table striped highlightOnHover verticalSpacing={4} horizontalSpacing="xs" fz="sm" stickyHeader layout="fixed">
          <Table.Thead>
            <Table.Tr>
              {columns.map((c) => {
                const sortable = c.sortKey !== undefined && onSortChange !== undefined;
                const sorted = sortable && sort && sort.key === c.sortKey ? sort.dir : undefined;
                const toggle = () => c.sortKey && onSortChange?.({ key: c.sortKey, dir: sort?.key === c.sortKey && sort.dir === 'asc' ? 'desc' : 'asc' });
                return (
                  <Table.Th
                    key={c.key}
                    w={c.width}
                    ta={c.align ?? 'left'}
                    style={{
                      whiteSpace: 'nowrap',
                      fontSize: 'var(--mantine-font-size-xs)',
                      cursor: sortable ? 'pointer' : undefined,
                      userSelect: sortable ? 'none' : undefined,
                    }}
                    aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                    data-testid={sortable ? `sort-${c.sortKey}` : undefined}
                    data-sorted={sorted}
                    tabIndex={sortable ? 0 : undefined}
                    onClick={sortable ? toggle : undefined}
                    onKeyDown={
                      sortable
                        ? (event) => {
                            if (event.key === 'Enter' || event.key === ' ') {
                              event.preventDefault();
                              toggle();
                            }
                          }
                        : undefined
                    }
                  >
                    {c.header}
                    {sortable ? (
                      <Text component="span" size="xs" c={sorted ? undefined : 'dimmed'} ml={4} aria-hidden>
                        {sorted === 'desc' ? '▼' : sorted === 'asc' ? '▲' : '↕'}
                      </Text>
                    ) : null}
                  </Table.Th>
                );
              })}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(rows ?? []).map((row) => (
              <Table.Tr
                key={rowKey(row)}
                data-row
                data-testid="data-row"
                data-active={rowActive?.(row) ? true : undefined}
                data-clickable={clickable(row) ? true : undefined}
                tabIndex={0}
                style={{
                  cursor: clickable(row) ? 'pointer' : undefined,
                  opacity: rowDimmed?.(row) ? 0.55 : undefined,
                  background: rowActive?.(row) ? 'var(--mantine-primary-color-light)' : undefined,
                }}
                onClick={clickable(row) ? () => onRowClick?.(row) : undefined}
                onKeyDown={(event) => onRowKey(event, row)}
              >
                {columns.map((c) => (
                  <Table.Td
                    key={c.key}
                    ta={c.align ?? 'left'}
                    ff={c.mono ? 'monospace' : undefined}
                    style={
                      c.wrap
                        ? { whiteSpace: 'normal', overflowWrap: 'anywhere', lineHeight: 1.3, fontVariantNumeric: 'tabular-nums' }
                        : { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', fontVariantNumeric: 'tabular-nums' }
                    }
                  >
                    {c.render(row)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
            {rows !== undefined && rows.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={columns.length}>
                  <Text size="sm" c="dimmed" py={6} data-testid="data-empty">
                    {emptyText ?? <Trans>Keine Einträge gefunden.</Trans>}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : null}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {footer ? (
        <DataTableFooter
          from={from}
          to={to}
          count={count}
          loading={loading === true}
          pages={pages}
          page={page}
          pageSize={pageSize}
          onPageChange={onPageChange}
          onPageSizeChange={onPageSizeChange}
        />
      ) : null}
    </Paper>
  );
}

/** Below the table: "1–10 von 57", the loading mark, the page buttons and the page size. */
function DataTableFooter({
  from,
  to,
  count,
  loading,
  pages,
  page,
  pageSize,
  onPageChange,
  onPageSizeChange,
}: {
  from: number;
  to: number;
  count: number;
  loading: boolean;
  pages: number;
  page: number;
  pageSize: number;
  onPageChange: ((page: number) => void) | undefined;
  onPageSizeChange: ((size: number) => void) | undefined;
}) {
  const { t } = useLingui();
  return (
    <Group justify="space-between" px="xs" py={6} gap="sm" wrap="nowrap" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
      <Group gap="xs" wrap="nowrap">
        <Text size="xs" c="dimmed" data-testid="data-count" style={{ whiteSpace: 'nowrap' }}>
          {t`${from}–${to} von ${count}`}
        </Text>
        {loading ? <Loader size={14} data-testid="data-loading" /> : null}
      </Group>
      <Group gap="sm" wrap="nowrap">
        {pages > 1 ? (
          <Pagination size="sm" total={pages} value={page} onChange={(p) => onPageChange?.(p)} siblings={1} boundaries={1} data-testid="data-pages" />
        ) : null}
        {onPageSizeChange ? (
          <Select
            size="xs"
            w={76}
            aria-label={t`Zeilen pro Seite`}
            data-testid="data-page-size"
            allowDeselect={false}
            value={String(pageSize)}
            data={TABLE_PAGE_SIZES.map((s) => String(s))}
            onChange={(v) => v && onPageSizeChange(Number(v))}
          />
        ) : null}
      </Group>
    </Group>
  );
}
