/**
 * The positions table of every budget and booking editor (forecast parts, budget changes, the
 * adjustment; bookings next): one row per chapter with the chapter code first and the delete ✕
 * last, the screen's columns between (descriptions, amounts, notes …), an empty row, a totals
 * footer and the add bar (ChapterAddBar) under it.
 *
 * Keyboard (the same on every table): Enter on an amount goes to the next row's amount and after
 * the last one to the add bar (`onAmountKey` in the amount column), Ctrl+Delete deletes the row
 * (the ✕ is no Tab stop), a new row can't be left without an amount (focus goes back to it with
 * "Betrag eingeben oder Zeile löschen"). Amount inputs carry `data-amount-input` and
 * `data-row-key`.
 *
 * The folder: this table, `PositionTableRow` (a row, its ✕ and the rule that a new row needs an
 * amount), `TotalsRow` (the footer lines), `columns.tsx` (the column type, the description and
 * notes columns), `PositionAmountInput`, `usePositionRows` (the row operations), `positionRows.ts`
 * (the row type and the pending-row rule, no React) and `cellStyles.ts`.
 *
 * The rows live in the screen's form; `usePositionRows` gives the row operations:
 *   const positions = usePositionRows<Row>((update) => draft.set('rows', update));
 *   <PositionsTable rows={rows} positions={positions} columns={[..]} totals={[..]} addBar={<ChapterAddBar .. onAdd={..} />} />
 */
import { useLingui } from '@lingui/react/macro';
import { Paper, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { chapterWord } from '../chartLabels.ts';
import { cancelledRows, headCell } from './cellStyles.ts';
import type { PositionColumn } from './columns.tsx';
import { PositionTableRow } from './PositionTableRow.tsx';
import type { PositionRow } from './positionRows.ts';
import { type PositionsTotal, TotalsRow } from './TotalsRow.tsx';
import type { PositionRows } from './usePositionRows.ts';

export interface PositionsTableProps<R extends PositionRow> {
  rows: R[];
  positions: PositionRows<R>;
  /** The columns between the chapter code and the delete button. */
  columns: PositionColumn<R>[];
  editable: boolean;
  /** A row without ✕ and Ctrl+Delete (e.g. a chapter with residues). */
  canRemove?: (row: R) => boolean;
  /** A new row with an empty amount that may still be left (it has other content). */
  keepsEmptyNewRow?: (row: R) => boolean;
  emptyText: ReactNode;
  totals: PositionsTotal[];
  /** Under the table while editable (ChapterAddBar). */
  addBar?: ReactNode;
  minWidth: number;
  testId: string;
  /** The rows of a cancelled record (DOMAIN decision 27): struck through and dimmed (the totals are not). */
  cancelled?: boolean;
}

export function PositionsTable<R extends PositionRow>({
  rows,
  positions,
  columns,
  editable,
  canRemove = () => true,
  keepsEmptyNewRow,
  emptyText,
  totals,
  addBar,
  minWidth,
  testId,
  cancelled = false,
}: PositionsTableProps<R>) {
  const { i18n } = useLingui();
  const span = columns.length + 2;

  return (
    <Paper withBorder radius="sm">
      <Table.ScrollContainer minWidth={minWidth}>
        <Table verticalSpacing={3} horizontalSpacing="xs" fz="sm" layout="fixed" striped data-testid={testId} data-cancelled={cancelled || undefined}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={78} style={headCell}>
                {i18n._(chapterWord)}
              </Table.Th>
              {columns.map((column) => (
                <Table.Th
                  key={column.key}
                  w={column.width}
                  ta={column.align}
                  style={column.header === undefined ? undefined : headCell}
                  title={column.headerTitle}
                >
                  {column.header}
                </Table.Th>
              ))}
              <Table.Th w={36} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody style={cancelled ? cancelledRows : undefined}>
            {rows.map((row, index) => (
              <PositionTableRow
                key={row.key}
                row={row}
                index={index}
                positions={positions}
                columns={columns}
                editable={editable}
                removable={editable && canRemove(row)}
                keepsEmptyNewRow={keepsEmptyNewRow}
              />
            ))}
            {rows.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={span}>
                  <Text size="sm" c="dimmed" py={6}>
                    {emptyText}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : null}
          </Table.Tbody>
          <Table.Tfoot style={{ borderTop: '2px solid var(--mantine-color-default-border)' }}>
            {totals.map((total) => (
              <TotalsRow key={total.key} total={total} columns={columns} editable={editable} />
            ))}
          </Table.Tfoot>
        </Table>
      </Table.ScrollContainer>
      {editable ? addBar : null}
    </Paper>
  );
}
