import { useLingui } from '@lingui/react/macro';
import { TextInput, type TextInputProps } from '@mantine/core';
import { useEffect, useState } from 'react';
import { formatDate, readDateText } from './date.ts';

export interface DateInputProps extends Omit<TextInputProps, 'value' | 'onChange' | 'defaultValue'> {
  /** `YYYY-MM-DD`, null when empty. */
  value: string | null;
  onChange: (iso: string | null) => void;
}

/** Date field accepting `DD.MM.YYYY` and `DD.MM.YY`; the value is `YYYY-MM-DD`. */
export function DateInput({ value, onChange, onBlur, onFocus, error, placeholder, ...rest }: DateInputProps) {
  const { t } = useLingui();
  const [text, setText] = useState(() => formatDate(value));
  const [focused, setFocused] = useState(false);
  const [invalid, setInvalid] = useState(false);

  useEffect(() => {
    if (!focused) {
      setText(formatDate(value));
      setInvalid(false);
    }
  }, [value, focused]);

  return (
    <TextInput
      {...rest}
      autoComplete="off"
      value={text}
      placeholder={placeholder ?? t`TT.MM.JJJJ`}
      error={invalid ? t`Ungültiges Datum` : error}
      styles={{ input: { fontVariantNumeric: 'tabular-nums' } }}
      onFocus={(event) => {
        setFocused(true);
        onFocus?.(event);
      }}
      onChange={(event) => setText(event.currentTarget.value)}
      onBlur={(event) => {
        setFocused(false);
        const read = readDateText(text);
        setInvalid(read.invalid);
        setText(read.text);
        if (!read.invalid && read.value !== value) onChange(read.value);
        onBlur?.(event);
      }}
    />
  );
}
