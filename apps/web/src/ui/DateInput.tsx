import { useLingui } from '@lingui/react/macro';
import { TextInput, type TextInputProps } from '@mantine/core';
import { useState } from 'react';
import { formatDate, readDateText } from './date.ts';

export interface DateInputProps extends Omit<TextInputProps, 'value' | 'onChange' | 'defaultValue'> {
  /** `YYYY-MM-DD`, null when empty. */
  value: string | null;
  onChange: (iso: string | null) => void;
}

/** Date field accepting `DD.MM.YYYY` and `DD.MM.YY`; the value is `YYYY-MM-DD`. */
export function DateInput({ value, onChange, onBlur, error, placeholder, ...rest }: DateInputProps) {
  const { t } = useLingui();
  // The typed text while editing (or while it is not a date); otherwise the formatted value shows.
  const [draft, setDraft] = useState<{ text: string; invalid: boolean } | null>(null);

  return (
    <TextInput
      {...rest}
      autoComplete="off"
      value={draft ? draft.text : formatDate(value)}
      placeholder={placeholder ?? t`TT.MM.JJJJ`}
      error={draft?.invalid ? t`Ungültiges Datum` : error}
      styles={{ input: { fontVariantNumeric: 'tabular-nums' } }}
      onChange={(event) => setDraft({ text: event.currentTarget.value, invalid: false })}
      onBlur={(event) => {
        const read = readDateText(draft?.text ?? formatDate(value));
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
