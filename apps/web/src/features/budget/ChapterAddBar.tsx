import type { Part } from '@app/domain';
import { useLingui } from '@lingui/react/macro';
import { Button, Group } from '@mantine/core';
import { useState } from 'react';
import { ChapterCodeInput, type ChapterChoice, ChapterPicker } from '../../ui/ChapterPicker.tsx';

export interface ChapterAddBarProps {
  departmentId: number;
  year: number;
  part?: Part;
  /** Code prefix the "Kapitel suchen" picker opens with (the adjustment: `22`). */
  defaultFilter?: string;
  disabled?: boolean;
  onAdd: (chapter: ChapterChoice) => void;
}

/**
 * The "add a chapter" line under a positions table: an exact 5-character code is taken at once,
 * otherwise the shared chapter picker opens (F4, "…" or the search button).
 */
export function ChapterAddBar({ departmentId, year, part, defaultFilter, disabled, onAdd }: ChapterAddBarProps) {
  const { t } = useLingui();
  const [picker, setPicker] = useState(false);
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap" data-testid="chapter-add">
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
      />
      <Button variant="default" onClick={() => setPicker(true)} disabled={disabled} data-testid="add-chapter-search">
        {t`Kapitel suchen`}
      </Button>
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
      />
    </Group>
  );
}
