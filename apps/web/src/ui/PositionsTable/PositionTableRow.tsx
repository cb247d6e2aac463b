import { formatChapter } from '@app/domain';
import { useLingui } from '@lingui/react/macro';
import { ActionIcon, Table, Tooltip } from '@mantine/core';
import { type FocusEvent, memo } from 'react';
import { readAmountText } from '../amount.ts';
import { onRowKey } from '../tableKeys.ts';
import { num } from './cellStyles.ts';
import type { PositionColumn } from './columns.tsx';
import { isPendingRow, type PositionRow } from './positionRows.ts';
import type { PositionRows } from './usePositionRows.ts';

/**
 * One row of a positions table: the chapter code, the screen's columns, the delete ✕ (and
 * Ctrl+Delete) while it can be removed. A new row without an amount can't be left: the focus goes
 * back to its amount, which then says "Betrag eingeben oder Zeile löschen" (`blocked`).
 *
 * Memoised: it renders again only when one of its props changes (its row, the columns, the row
 * operations); a screen that keeps its columns (useMemo) and rows renders one row per keystroke.
 */
export const PositionTableRow = memo(PositionTableRowOf) as typeof PositionTableRowOf;

function PositionTableRowOf<R extends PositionRow>({
  row,
  index,
  positions,
  columns,
  editable,
  removable,
  keepsEmptyNewRow,
}: {
  row: R;
  index: number;
  positions: PositionRows<R>;
  columns: PositionColumn<R>[];
  editable: boolean;
  removable: boolean;
  keepsEmptyNewRow?: ((row: R) => boolean) | undefined;
}) {
  const { blocked, setBlocked, remove } = positions;
  const state = { blocked: blocked === row.key && isPendingRow(row), index };

  function onRowBlur(event: FocusEvent<HTMLTableRowElement>) {
    if (!row.isNew) return;
    const next = event.relatedTarget as HTMLElement | null;
    if (next && (event.currentTarget.contains(next) || next.closest('[role="dialog"]'))) return;
    const field = event.currentTarget.querySelector<HTMLInputElement>('input[data-amount-input]');
    const typed = field ? readAmountText(field.value) : { value: null };
    if ((typed.value !== null && typed.value !== 0) || keepsEmptyNewRow?.(row)) return;
    setBlocked(row.key);
    requestAnimationFrame(() => field?.focus());
  }

  return (
    <Table.Tr
      data-testid={`position-${row.chapter}`}
      onBlur={editable ? onRowBlur : undefined}
      onKeyDown={removable ? (e) => onRowKey(e, () => remove(row.key)) : undefined}
    >
      <Table.Td ff="monospace" style={num}>
        {formatChapter(row.chapter)}
      </Table.Td>
      {columns.map((column) => (
        <Table.Td key={column.key} ta={column.align} px={column.tight ? 0 : undefined} style={column.cellStyle}>
          {column.cell(row, state)}
        </Table.Td>
      ))}
      <Table.Td px={0}>{removable ? <RowDeleteButton chapter={row.chapter} onDelete={() => remove(row.key)} /> : null}</Table.Td>
    </Table.Tr>
  );
}

/** The ✕ at the end of an editable position row (out of the tab order; Ctrl+Del does the same). */
export function RowDeleteButton({ chapter, onDelete }: { chapter: string; onDelete: () => void }) {
  const { t } = useLingui();
  return (
    <Tooltip label={t`Zeile löschen (Strg+Entf)`}>
      <ActionIcon
        variant="subtle"
        color="red"
        size="sm"
        tabIndex={-1}
        onClick={onDelete}
        aria-label={t`Zeile löschen (Strg+Entf)`}
        data-testid={`delete-${chapter}`}
      >
        ✕
      </ActionIcon>
    </Tooltip>
  );
}
