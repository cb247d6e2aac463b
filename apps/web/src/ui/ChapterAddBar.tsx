import type { Part } from '@app/domain';
import { useLingui } from '@lingui/react/macro';
import { Button, Group, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import type { ChapterAvailability } from './chapterAvailability.tsx';
import { type ChapterChoice, ChapterCodeInput } from './ChapterCodeInput.tsx';
import { ChapterPicker } from './ChapterPicker.tsx';

export interface ChapterAddBarProps {
  departmentId: number;
  year: number;
  part?: Part;
  /** Code prefix the "Kapitel suchen" picker opens with (the adjustment: `22`). */
  defaultFilter?: string;
  disabled?: boolean;
  /** Show the row shortcuts beside it (off where the screen's header already shows them). */
  withHint?: boolean;
  /** A field before the code field (the bookings' year of the new position). */
  leading?: ReactNode;
  onAdd: (chapter: ChapterChoice) => void;
  /** Booking screens: both pickers show each chapter's availability (`year` above is the chapters' year). */
  availability?: ChapterAvailability | undefined;
}

/**
 * The "add a chapter" line under a positions table: an exact 5-character code is taken at once,
 * otherwise the shared chapter picker opens (F4, "…" or the search button). It sticks to the bottom
 * of the window while the table is longer than the screen, with the row shortcuts beside it.
 */
export function ChapterAddBar({ departmentId, year, part, defaultFilter, disabled, withHint = true, leading, onAdd, availability }: ChapterAddBarProps) {
  const { t } = useLingui();
  const [picker, setPicker] = useState(false);
  return (
    <Group
      gap="xs"
      align="flex-end"
      wrap="nowrap"
      px="xs"
      py={8}
      pos="sticky"
      bottom={0}
      bg="var(--mantine-color-body)"
      style={{ zIndex: 4, borderTop: '1px solid var(--mantine-color-default-border)', borderRadius: '0 0 var(--mantine-radius-sm) var(--mantine-radius-sm)' }}
      data-testid="chapter-add"
    >
      {leading}
      <ChapterCodeInput
        departmentId={departmentId}
        year={year}
        {...(part ? { part } : {})}
        allowEmptyChapters
        value={null}
        onChange={(c) => {
          if (c) onAdd(c);
        }}
        label={t`Kapitel hinzufügen`}
        name="add-chapter"
        withDescription={false}
        disabled={disabled}
        w={175}
        availability={availability}
      />
      <Button variant="default" onClick={() => setPicker(true)} disabled={disabled} data-testid="add-chapter-search">
        {t`Kapitel suchen`}
      </Button>
      {withHint ? (
        <Text size="xs" c="dimmed" ml="auto" pb={8} style={{ whiteSpace: 'nowrap' }} data-testid="row-keys-hint">
          {t`Enter: nächster Betrag · Strg+Entf: Zeile löschen · Strg+Enter: speichern`}
        </Text>
      ) : null}
      <ChapterPicker
        opened={picker}
        onClose={() => setPicker(false)}
        onPick={(c) => {
          setPicker(false);
          onAdd(c);
        }}
        departmentId={departmentId}
        year={year}
        {...(part ? { part, lockPart: true } : {})}
        initialCode={defaultFilter ?? ''}
        allowEmptyChapters
        availability={availability}
      />
    </Group>
  );
}
