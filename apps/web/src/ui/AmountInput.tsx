import { useLingui } from '@lingui/react/macro';
import { TextInput, type TextInputProps } from '@mantine/core';
import { useEffect, useState } from 'react';
import { amountEditText, amountText, readAmountText } from './amount.ts';

export interface AmountInputProps extends Omit<TextInputProps, 'value' | 'onChange' | 'defaultValue'> {
  /** Integer cents, null when empty. */
  value: number | null;
  onChange: (cents: number | null) => void;
}

/** Amount field: type `1234,5`, leave it and it shows `1.234,50 €`; the value is integer cents. */
export function AmountInput({ value, onChange, onBlur, onFocus, error, ...rest }: AmountInputProps) {
  const { t } = useLingui();
  const [text, setText] = useState(() => amountText(value));
  const [focused, setFocused] = useState(false);
  const [invalid, setInvalid] = useState(false);

  useEffect(() => {
    if (!focused) {
      setText(amountText(value));
      setInvalid(false);
    }
  }, [value, focused]);

  return (
    <TextInput
      {...rest}
      inputMode="decimal"
      autoComplete="off"
      value={text}
      error={invalid ? t`Ungültiger Betrag` : error}
      styles={{ input: { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } }}
      onFocus={(event) => {
        setFocused(true);
        if (!invalid) setText(amountEditText(value));
        onFocus?.(event);
      }}
      onChange={(event) => setText(event.currentTarget.value)}
      onBlur={(event) => {
        setFocused(false);
        const read = readAmountText(text);
        setInvalid(read.invalid);
        setText(read.text);
        if (!read.invalid && read.value !== value) onChange(read.value);
        onBlur?.(event);
      }}
    />
  );
}
