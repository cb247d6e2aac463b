/**
 * IbanInput — the IBAN field of every editor: shows the IBAN in groups of four while the field is
 * not being edited (`IT60 X054 2811 1010 0000 0123 456`), and exactly what is typed while it has the
 * focus (spaces allowed: a pasted, grouped IBAN fits). The form keeps the typed text; the domain
 * schema stores it without spaces (normalizeIban), so the grouped display never makes a form dirty.
 *
 *   <IbanInput {...field('bankInfo.iban')} />
 */
import { formatIban } from '@app/domain';
import { TextInput, type TextInputProps } from '@mantine/core';
import { useState } from 'react';
import { monoInput } from './EditorShell.tsx';

/** 34 characters of an IBAN and the spaces of up to 8 groups. */
const IBAN_INPUT_MAX = 42;

export function IbanInput({ value, onFocus, onBlur, ...props }: TextInputProps) {
  const [focused, setFocused] = useState(false);
  const text = typeof value === 'string' ? value : '';
  return (
    <TextInput
      size="sm"
      styles={monoInput}
      autoComplete="off"
      spellCheck={false}
      {...props}
      maxLength={IBAN_INPUT_MAX}
      value={focused && props.readOnly !== true ? text : formatIban(text)}
      data-iban-input
      onFocus={(event) => {
        setFocused(true);
        onFocus?.(event);
      }}
      onBlur={(event) => {
        setFocused(false);
        onBlur?.(event);
      }}
    />
  );
}
