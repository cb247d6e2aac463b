import { formatAmount } from '@app/domain';
import { Table, Text, type TextProps } from '@mantine/core';

export interface AmountProps extends TextProps {
  cents: number;
}

/** An amount for tables and summaries: right-aligned, tabular figures, negative in red. */
export function Amount({ cents, ...rest }: AmountProps) {
  return (
    <Text
      component="span"
      ta="right"
      c={cents < 0 ? 'red' : undefined}
      style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap', display: 'inline-block', minWidth: '100%' }}
      {...rest}
    >
      {formatAmount(cents)}
    </Text>
  );
}

/** A table cell holding one amount (right-aligned, size sm): the figure columns of the budget tables. */
export function AmountCell({ cents, testId }: { cents: number; testId?: string }) {
  return (
    <Table.Td ta="right">
      <Amount cents={cents} size="sm" data-testid={testId} />
    </Table.Td>
  );
}
