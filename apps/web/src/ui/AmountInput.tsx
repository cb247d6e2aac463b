import { useLingui } from '@lingui/react/macro';
import { TextInput, type TextInputProps } from '@mantine/core';
import { amountEditText, amountText, maxAmountText, readAmountText } from './amount.ts';
import { useTypedText, withOwnHandlers } from './typedText.ts';

export interface AmountInputProps extends Omit<TextInputProps, 'value' | 'onChange' | 'defaultValue'> {
  /** Integer cents, null when empty. */
  value: number | null;
  onChange: (cents: number | null) => void;
}

/**
 * Amount field: type `1234,5`, `1.234,56`, `1234.56`, `-50` or `+50`; leave it and it shows
 * `1.234,50 €`; the value is integer cents. Focus (Tab, Enter or a mouse click) selects the whole
 * amount, so typing replaces it. Every keystroke that makes an amount hands it on at once, so every
 * save sees what the field shows; text that is no amount keeps the field's message and blocks the
 * save (`typedFieldsValid`). The figures use the row's font size (also in dense tables).
 */
export function AmountInput({ value, onChange, onBlur, onFocus, onMouseDown, onMouseUp, error, styles, ...rest }: AmountInputProps) {
  const { t } = useLingui();
  const { ref, text, invalid, handlers } = useTypedText({
    value,
    onChange,
    read: readAmountText,
    display: amountText,
    editText: amountEditText,
    selectOnFocus: true,
  });
  const message = invalid ? (readAmountText(text).tooLarge ? t`Höchstens ${maxAmountText}` : t`Ungültiger Betrag`) : error;

  return (
    <TextInput
      {...rest}
      inputMode="decimal"
      autoComplete="off"
      ref={ref}
      value={text}
      error={message}
      styles={{
        ...(typeof styles === 'object' ? styles : {}),
        input: { textAlign: 'right', fontVariantNumeric: 'tabular-nums', fontSize: 'var(--mantine-font-size-sm)' },
      }}
      {...withOwnHandlers(handlers, { onMouseDown, onMouseUp, onFocus, onBlur })}
    />
  );
}
