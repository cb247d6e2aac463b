/** The columns of a positions table: what a column is, and the description and notes columns the editors share. */
import { useLingui } from '@lingui/react/macro';
import { Group, Text, TextInput } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';
import { rowInput } from './cellStyles.ts';
import type { PositionRow } from './positionRows.ts';

export interface PositionColumn<R> {
  key: string;
  header?: ReactNode;
  /** Tooltip of the header cell. */
  headerTitle?: string;
  width?: number;
  align?: 'right' | 'center';
  /** No horizontal padding (icon columns). */
  tight?: boolean;
  /** Holds amount inputs while editable: the totals in this column line up with the input text. */
  input?: boolean;
  /** The cell of a row; `blocked`: the row is a new row without amount the focus was sent back to. */
  cell: (row: R, state: { blocked: boolean; index: number }) => ReactNode;
  /** Style of the body cells (e.g. `overflow: hidden`). */
  cellStyle?: CSSProperties;
}

/** The German and Italian name of an empty chapter (its name is typed per position). */
export function EmptyChapterNames({
  deu,
  ita,
  onChange,
  missing = false,
  testIds = false,
  chapter,
}: {
  deu: string;
  ita: string;
  onChange: (names: { deu?: string; ita?: string }) => void;
  /** Mark an empty name as an error (the adjustment needs both). */
  missing?: boolean;
  /** Give the inputs `description-deu-<chapter>` and `description-ita-<chapter>`. */
  testIds?: boolean;
  chapter: string;
}) {
  const { t } = useLingui();
  return (
    <Group gap={4} wrap="nowrap">
      <TextInput
        size="xs"
        styles={rowInput}
        style={{ flex: 1 }}
        placeholder={t`Bezeichnung deutsch`}
        maxLength={200}
        value={deu}
        error={missing && deu.trim() === ''}
        onChange={(e) => onChange({ deu: e.currentTarget.value })}
        aria-label={t`Bezeichnung deutsch`}
        data-testid={testIds ? `description-deu-${chapter}` : undefined}
      />
      <TextInput
        size="xs"
        styles={rowInput}
        style={{ flex: 1 }}
        placeholder={t`Bezeichnung italienisch`}
        maxLength={200}
        value={ita}
        error={missing && ita.trim() === ''}
        onChange={(e) => onChange({ ita: e.currentTarget.value })}
        aria-label={t`Bezeichnung italienisch`}
        data-testid={testIds ? `description-ita-${chapter}` : undefined}
      />
    </Group>
  );
}

/**
 * The description column of a positions table (forecast, changes, adjustment): while editable, an
 * empty chapter's German and Italian name are typed per position (`names` reads them, `onNames`
 * writes what changed); otherwise `shown(row)`.
 */
export function descriptionColumn<R extends PositionRow & { isEditable: boolean }>({
  header,
  editable,
  names,
  onNames,
  shown,
  missing = false,
  testIds = false,
}: {
  header: ReactNode;
  editable: boolean;
  names: (row: R) => { deu: string; ita: string };
  onNames: (row: R, names: { deu?: string; ita?: string }) => void;
  shown: (row: R) => ReactNode;
  /** Mark an empty name as an error (the adjustment needs both). */
  missing?: boolean;
  /** The name inputs get `description-deu|ita-<chapter>` test ids. */
  testIds?: boolean;
}): PositionColumn<R> {
  return {
    key: 'description',
    header,
    cellStyle: { overflow: 'hidden' },
    cell: (row) =>
      row.isEditable && editable ? (
        <EmptyChapterNames chapter={row.chapter} {...names(row)} missing={missing} testIds={testIds} onChange={(changed) => onNames(row, changed)} />
      ) : (
        shown(row)
      ),
  };
}

/** A free-text column of a positions table (the notes): an input while editable, else the text (one line, the whole text as title). */
export function textColumn<R extends PositionRow>({
  key,
  header,
  width,
  editable,
  value,
  onChange,
  label,
  testId,
}: {
  key: string;
  header: ReactNode;
  width: number;
  editable: boolean;
  value: (row: R) => string;
  onChange: (row: R, text: string) => void;
  /** The input's aria-label. */
  label: (row: R) => string;
  testId: (row: R) => string;
}): PositionColumn<R> {
  return {
    key,
    header,
    width,
    cell: (row) =>
      editable ? (
        <TextInput
          size="xs"
          styles={rowInput}
          maxLength={200}
          value={value(row)}
          onChange={(e) => onChange(row, e.currentTarget.value)}
          aria-label={label(row)}
          data-testid={testId(row)}
        />
      ) : (
        <Text size="sm" truncate title={value(row)} data-testid={testId(row)}>
          {value(row)}
        </Text>
      ),
  };
}
