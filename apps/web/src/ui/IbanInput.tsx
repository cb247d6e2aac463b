/**
 * IbanInput — the IBAN field of every editor: always shows the IBAN in groups of four
 * (`IT60 X054 2811 1010 0000 0123 456`) while the form keeps it without spaces, so a loaded IBAN
 * never makes the form dirty and a pasted, grouped or lower-case IBAN is taken as it is meant. The
 * caret stays after the character just typed or deleted (the spaces are skipped).
 *
 *   <IbanInput {...field('bankInfo.iban')} />
 */
import { formatIban } from '@app/domain';
import { TextInput, type TextInputProps } from '@mantine/core';
import { type ChangeEvent, type KeyboardEvent, useLayoutEffect, useRef } from 'react';
import { monoInput } from './EditorShell.tsx';
import { charsBefore, groupedCaret } from './ibanCaret.ts';

/** 34 characters of an IBAN and the spaces between its groups. */
const IBAN_INPUT_MAX = 42;

export type IbanInputProps = Omit<TextInputProps, 'value' | 'onChange'> & {
  value?: unknown;
  /** The IBAN without spaces (a form's getInputProps onChange takes it as the value). */
  onChange?: (value: string) => void;
};

export function IbanInput({ value, onChange, onKeyDown, ...props }: IbanInputProps) {
  const ref = useRef<HTMLInputElement>(null);
  const caret = useRef<number | null>(null);
  const raw = typeof value === 'string' ? value : '';
  const shown = formatIban(raw);

  useLayoutEffect(() => {
    const el = ref.current;
    if (caret.current === null || !el || el !== document.activeElement) return;
    const position = Math.min(groupedCaret(caret.current), shown.length);
    caret.current = null;
    el.setSelectionRange(position, position);
  }, [shown]);

  function change(next: string, count: number) {
    caret.current = count;
    onChange?.(next);
  }

  return (
    <TextInput
      size="sm"
      styles={monoInput}
      autoComplete="off"
      spellCheck={false}
      {...props}
      ref={ref}
      maxLength={IBAN_INPUT_MAX}
      value={shown}
      data-iban-input
      onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
        onKeyDown?.(event);
        // Backspace right after a group's space deletes the character before the space
        const el = event.currentTarget;
        const at = el.selectionStart ?? 0;
        if (event.key === 'Backspace' && !event.defaultPrevented && at === el.selectionEnd && at > 1 && el.value.charAt(at - 1) === ' ') {
          event.preventDefault();
          const count = charsBefore(el.value, at);
          const chars = el.value.replace(/\s+/g, '');
          change(chars.slice(0, count - 1) + chars.slice(count), count - 1);
        }
      }}
      onChange={(event: ChangeEvent<HTMLInputElement>) => {
        const el = event.currentTarget;
        change(el.value.replace(/\s+/g, ''), charsBefore(el.value, el.selectionStart ?? el.value.length));
      }}
    />
  );
}
