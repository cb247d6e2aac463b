import { Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Amount } from '../Amount.tsx';
import type { PositionColumn } from './columns.tsx';

/**
 * A total's box is a layout boundary of one line (its size fixed): a total that changes with each keystroke lays out
 * itself, not the whole table (issue 29).
 */
const fixedLine = { contain: 'strict', height: 'calc(var(--mantine-font-size-sm) * var(--mantine-line-height))' } as const;

/** One line of the totals footer: a label and amounts in the named columns. */
export interface PositionsTotal {
  key: string;
  label: ReactNode;
  /** Columns the label spans (from the first column after the chapter code). */
  labelSpan?: number;
  tone?: 'dimmed' | 'strong';
  /** Amounts by column key (`testId`: data-testid of the amount). */
  amounts: Record<string, { cents: number; testId?: string }>;
}

/**
 * A line of the totals footer: an empty chapter cell, the label (over `labelSpan` columns), then the
 * amounts under their columns (right-aligned like the inputs above them while editable) with the
 * columns without an amount joined into empty cells, and the delete column.
 */
export function TotalsRow<R>({ total, columns, editable }: { total: PositionsTotal; columns: PositionColumn<R>[]; editable: boolean }) {
  const labelSpan = total.labelSpan ?? 1;
  const cells: ReactNode[] = [];
  let empty = 0;
  for (const column of columns.slice(labelSpan)) {
    const amount = total.amounts[column.key];
    if (!amount) {
      empty++;
      continue;
    }
    if (empty > 0) cells.push(<Table.Td key={`gap-${column.key}`} colSpan={empty} />);
    empty = 0;
    cells.push(
      <Table.Td key={column.key} ta="right" pr={editable && column.input ? 14 : undefined}>
        <div style={fixedLine}>
          <Amount
            cents={amount.cents}
            size="sm"
            c={total.tone === 'dimmed' ? 'dimmed' : undefined}
            fw={total.tone === 'strong' ? 700 : undefined}
            data-testid={amount.testId}
          />
        </div>
      </Table.Td>,
    );
  }
  // the trailing empty columns and the delete column
  cells.push(<Table.Td key="rest" colSpan={empty + 1} />);
  return (
    <Table.Tr>
      <Table.Td />
      <Table.Td colSpan={labelSpan > 1 ? labelSpan : undefined}>
        <Text size="sm" c={total.tone === 'dimmed' ? 'dimmed' : undefined} fw={total.tone === 'strong' ? 700 : undefined}>
          {total.label}
        </Text>
      </Table.Td>
      {cells}
    </Table.Tr>
  );
}
