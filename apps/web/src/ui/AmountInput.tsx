import { useLingui } from '@lingui/react/macro';
import { TextInput, type TextInputProps } from '@mantine/core';
import { useState } from 'react';
import { amountEditText, amountText, readAmountText } from './amount.ts';

export interface AmountInputProps extends Omit<TextInputProps, 'value' | 'onChange' | 'defaultValue'> {
  /** Integer cents, null when empty. */
  value: number | null;
  onChange: (cents: number | null) => void;
}

/** Amount field: type `1234,5`, leave it and it shows `1.234,50 €`; the value is integer cents. */
export function AmountInput({ value, onChange, onBlur, onFocus, error, ...rest }: AmountInputProps) {
  const { t } = useLingui();
  // The typed text while editing (or while it is not an amount); otherwise the formatted value shows.
  const [draft, setDraft] = useState<{ text: string; invalid: boolean } | null>(null);

  return (
    <TextInput
      {...rest}
      inputMode="decimal"
      autoComplete="off"
      value={draft ? draft.text : amountText(value)}
      error={draft?.invalid ? t`Ungültiger Betrag` : error}
      styles={{ input: { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } }}
      onFocus={(event) => {
        // show the edit text at once and select it: typing replaces the amount (fast entry), and the
        // re-render finds the same text, so the caret and selection stay
        const el = event.currentTarget;
        if (!draft?.invalid) {
          el.value = amountEditText(value);
          el.select();
        }
        setDraft((d) => (d?.invalid ? { text: d.text, invalid: false } : { text: amountEditText(value), invalid: false }));
        onFocus?.(event);
      }}
      onChange={(event) => setDraft({ text: event.currentTarget.value, invalid: false })}
      onBlur={(event) => {
        const read = readAmountText(draft?.text ?? amountText(value));
        if (read.invalid) setDraft({ text: read.text, invalid: true });
        else {
          setDraft(null);
          if (read.value !== value) onChange(read.value);
        }
        onBlur?.(event);
      }}
    />
  );
}
