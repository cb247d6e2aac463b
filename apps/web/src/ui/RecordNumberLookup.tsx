import { ActionIcon, TextInput, Tooltip } from '@mantine/core';
import { useState } from 'react';

export interface RecordNumberLookupProps {
  label: string;
  placeholder: string;
  /** Tooltip and label of the "…" button (names F4). */
  pickerLabel: string;
  /** Opens the typed record; answers whether it did (then the field is emptied). */
  onOpen: (recordNumber: number) => Promise<boolean>;
  /** Opens the picker dialog ("…", F4, or Enter on an empty field). */
  onPicker: () => void;
  /** data-testid prefix: `<prefix>-open` (the field), `<prefix>-picker-open` (the button). */
  testId?: string;
  w?: number;
}

/**
 * Opening a saved record by its number (movements, reservations): type the number and press Enter,
 * or "…" / F4 / Enter on the empty field for the screen's picker dialog.
 */
export function RecordNumberLookup({ label, placeholder, pickerLabel, onOpen, onPicker, testId = 'record', w = 170 }: RecordNumberLookupProps) {
  const [text, setText] = useState('');

  async function openTyped() {
    const n = Number(text.trim());
    if (!Number.isInteger(n) || n < 1) return;
    if (await onOpen(n)) setText('');
  }

  return (
    <TextInput
      label={label}
      placeholder={placeholder}
      w={w}
      inputMode="numeric"
      autoComplete="off"
      value={text}
      data-testid={`${testId}-open`}
      onChange={(e) => setText(e.currentTarget.value.replace(/[^0-9]/g, ''))}
      onKeyDown={(e) => {
        if (e.key === 'F4') {
          e.preventDefault();
          onPicker();
        } else if (e.key === 'Enter' && !e.ctrlKey && !e.metaKey) {
          e.preventDefault();
          e.stopPropagation();
          if (text.trim() === '') onPicker();
          else void openTyped();
        }
      }}
      rightSectionWidth={30}
      rightSection={
        <Tooltip label={pickerLabel}>
          <ActionIcon variant="subtle" size="sm" onClick={onPicker} aria-label={pickerLabel} data-testid={`${testId}-picker-open`}>
            …
          </ActionIcon>
        </Tooltip>
      }
    />
  );
}
