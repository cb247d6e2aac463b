import { useLingui } from '@lingui/react/macro';
import { AmountInput } from '../AmountInput.tsx';
import { addChapterField, onAmountKey } from '../tableKeys.ts';
import type { PositionRow } from './positionRows.ts';
import type { PositionRows } from './usePositionRows.ts';

/**
 * The field's box is a layout boundary (its size fixed: the input's height, the cell's width): a keystroke lays out
 * the field, not the whole table of up to 400 rows (issue 29).
 */
const amountWrapper = { wrapper: { contain: 'strict', height: 'var(--input-height)' } } as const;

/**
 * The amount field of a positions row: Enter goes on to the next row's amount and after the last
 * one to the add bar; a blocked new row shows "Betrag eingeben oder Zeile löschen"; a non-zero
 * amount frees the row.
 */
export function PositionAmountInput<R extends PositionRow>({
  row,
  positions,
  blocked,
  error,
  onChange,
  label,
}: {
  row: R;
  positions: PositionRows<R>;
  blocked: boolean;
  /** The row's own message (shown when not blocked). */
  error?: string | undefined;
  /** Defaults to setting the row's amount. */
  onChange?: (cents: number | null) => void;
  label: string;
}) {
  const { t } = useLingui();
  return (
    <AmountInput
      size="xs"
      styles={amountWrapper}
      value={row.amount}
      onChange={(cents) => {
        if (onChange) onChange(cents);
        else positions.update(row.key, { amount: cents } as Partial<R>);
        if (cents) positions.setBlocked(null);
      }}
      error={blocked ? t`Betrag eingeben oder Zeile löschen` : error}
      data-amount-input
      data-row-key={row.key}
      data-testid={`amount-${row.chapter}`}
      aria-label={label}
      onKeyDown={(e) => onAmountKey(e, () => addChapterField()?.focus())}
    />
  );
}
