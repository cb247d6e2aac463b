import { formatAmount } from '@app/domain';
import { Text, type TextProps } from '@mantine/core';

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
