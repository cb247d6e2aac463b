/**
 * The positions table of every budget and booking editor (forecast parts, budget changes, the
 * adjustment; bookings next): one row per chapter with the chapter code first and the delete ✕
 * last, the screen's columns between (descriptions, amounts, notes …), an empty row, a totals
 * footer and the add bar (ChapterAddBar) under it.
 *
 * Keyboard (the same on every table): Enter on an amount goes to the next row's amount and after
 * the last one to the add bar (`onAmountKey` in the amount column), Ctrl+Delete deletes the row
 * (the ✕ is no Tab stop), a new row can't be left without an amount (focus goes back to it with
 * "Betrag eingeben oder Zeile löschen"). Amount inputs carry `data-amount-input` and
 * `data-row-key`.
 *
 * The rows live in the screen's form; `usePositionRows` gives the row operations:
 *   const positions = usePositionRows(rows, (update) => draft.set('rows', update));
 *   <PositionsTable rows={rows} positions={positions} columns={[..]} totals={[..]} addBar={<ChapterAddBar .. onAdd={..} />} />
 */
import { formatChapter } from '@app/domain';
import { useLingui } from '@lingui/react/macro';
import { ActionIcon, Group, Paper, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { type FocusEvent, type ReactNode, useState } from 'react';
import { Amount } from './Amount.tsx';
import { AmountInput } from './AmountInput.tsx';
import { chapterWord } from './chartLabels.ts';
import { readAmountText } from './amount.ts';
import { isPendingRow, type PositionRow } from './positionRows.ts';
import { addChapterField, onAmountKey, onRowKey, useFocusAmount } from './tableKeys.ts';

const num = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
/** Header cells: one line, cut with an ellipsis rather than running into the next column. */
export const headCell = { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' } as const;
/** Inputs in the rows use the row's font size. */
export const rowInput = { input: { fontSize: 'var(--mantine-font-size-sm)' } };

export type { PositionRow };

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
  cellStyle?: React.CSSProperties;
}

/** One line of the totals footer: a label and amounts in the named columns. */
export interface PositionsTotal {
  key: string;
  label: ReactNode;
  /** Columns the label spans (from the first column after the chapter code). */
  labelSpan?: number;
  tone?: 'dimmed' | 'strong';
  /** Amounts by column key (`testId`: data-testid of the amount). */
  amounts: Record<string, { cents: number; testId?: string }>;
}

/** The row operations of a positions table over rows kept by the screen (its form). */
export interface PositionRows<R extends PositionRow> {
  /** The key of the new row the focus was sent back to (no amount yet). */
  blocked: string | null;
  setBlocked: (key: string | null) => void;
  update: (key: string, patch: Partial<R>) => void;
  remove: (key: string) => void;
  /** Adds a row in chapter order and focuses its amount. */
  insert: (row: R) => void;
  /** Focuses the amount of a row (once it is rendered). */
  focusAmount: (key: string) => void;
}

export function usePositionRows<R extends PositionRow>(setRows: (update: (rows: R[]) => R[]) => void): PositionRows<R> {
  const [blocked, setBlocked] = useState<string | null>(null);
  const focusAmount = useFocusAmount();
  return {
    blocked,
    setBlocked,
    focusAmount,
    update: (key, patch) => setRows((rs) => rs.map((r) => (r.key === key ? { ...r, ...patch } : r))),
    remove: (key) => {
      setRows((rs) => rs.filter((r) => r.key !== key));
      setBlocked(null);
    },
    insert: (row) => {
      setRows((rs) => [...rs, row].sort((a, b) => a.chapter.localeCompare(b.chapter)));
      focusAmount(row.key);
    },
  };
}

export interface PositionsTableProps<R extends PositionRow> {
  rows: R[];
  positions: PositionRows<R>;
  /** The columns between the chapter code and the delete button. */
  columns: PositionColumn<R>[];
  editable: boolean;
  /** A row without ✕ and Ctrl+Delete (e.g. a chapter with residues). */
  canRemove?: (row: R) => boolean;
  /** A new row with an empty amount that may still be left (it has other content). */
  keepsEmptyNewRow?: (row: R) => boolean;
  emptyText: ReactNode;
  totals: PositionsTotal[];
  /** Under the table while editable (ChapterAddBar). */
  addBar?: ReactNode;
  minWidth: number;
  testId: string;
}

export function PositionsTable<R extends PositionRow>({
  rows,
  positions,
  columns,
  editable,
  canRemove = () => true,
  keepsEmptyNewRow,
  emptyText,
  totals,
  addBar,
  minWidth,
  testId,
}: PositionsTableProps<R>) {
  const { i18n } = useLingui();
  const { blocked, setBlocked, remove } = positions;
  const span = columns.length + 2;

  /** A new row without an amount can't be left: focus goes back to its amount (or delete it). */
  function onRowBlur(event: FocusEvent<HTMLTableRowElement>, row: R) {
    if (!row.isNew) return;
    const next = event.relatedTarget as HTMLElement | null;
    if (next && (event.currentTarget.contains(next) || next.closest('[role="dialog"]'))) return;
    const field = event.currentTarget.querySelector<HTMLInputElement>('input[data-amount-input]');
    const typed = field ? readAmountText(field.value) : { value: null };
    if ((typed.value !== null && typed.value !== 0) || keepsEmptyNewRow?.(row)) return;
    setBlocked(row.key);
    requestAnimationFrame(() => field?.focus());
  }

  const totalRow = (total: PositionsTotal) => {
    const labelSpan = total.labelSpan ?? 1;
    const cells: ReactNode[] = [];
    let empty = 0;
    for (const column of columns.slice(labelSpan)) {
      const amount = total.amounts[column.key];
      if (!amount) {
        empty++;
        continue;
      }
      if (empty > 0) cells.push(<Table.Td key={`gap-${column.key}`} colSpan={empty} />);
      empty = 0;
      cells.push(
        <Table.Td key={column.key} ta="right" pr={editable && column.input ? 14 : undefined}>
          <Amount
            cents={amount.cents}
            size="sm"
            c={total.tone === 'dimmed' ? 'dimmed' : undefined}
            fw={total.tone === 'strong' ? 700 : undefined}
            data-testid={amount.testId}
          />
        </Table.Td>,
      );
    }
    // the trailing empty columns and the delete column
    cells.push(<Table.Td key="rest" colSpan={empty + 1} />);
    return (
      <Table.Tr key={total.key}>
        <Table.Td />
        <Table.Td colSpan={labelSpan > 1 ? labelSpan : undefined}>
          <Text size="sm" c={total.tone === 'dimmed' ? 'dimmed' : undefined} fw={total.tone === 'strong' ? 700 : undefined}>
            {total.label}
          </Text>
        </Table.Td>
        {cells}
      </Table.Tr>
    );
  };

  return (
    <Paper withBorder radius="sm">
      <Table.ScrollContainer minWidth={minWidth}>
        <Table verticalSpacing={3} horizontalSpacing="xs" fz="sm" layout="fixed" striped data-testid={testId}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={78} style={headCell}>
                {i18n._(chapterWord)}
              </Table.Th>
              {columns.map((column) => (
                <Table.Th
                  key={column.key}
                  w={column.width}
                  ta={column.align}
                  style={column.header === undefined ? undefined : headCell}
                  title={column.headerTitle}
                >
                  {column.header}
                </Table.Th>
              ))}
              <Table.Th w={36} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row, index) => {
              const removable = editable && canRemove(row);
              const state = { blocked: blocked === row.key && isPendingRow(row), index };
              return (
                <Table.Tr
                  key={row.key}
                  data-testid={`position-${row.chapter}`}
                  onBlur={editable ? (e) => onRowBlur(e, row) : undefined}
                  onKeyDown={removable ? (e) => onRowKey(e, () => remove(row.key)) : undefined}
                >
                  <Table.Td ff="monospace" style={num}>
                    {formatChapter(row.chapter)}
                  </Table.Td>
                  {columns.map((column) => (
                    <Table.Td key={column.key} ta={column.align} px={column.tight ? 0 : undefined} style={column.cellStyle}>
                      {column.cell(row, state)}
                    </Table.Td>
                  ))}
                  <Table.Td px={0}>{removable ? <RowDeleteButton chapter={row.chapter} onDelete={() => remove(row.key)} /> : null}</Table.Td>
                </Table.Tr>
              );
            })}
            {rows.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={span}>
                  <Text size="sm" c="dimmed" py={6}>
                    {emptyText}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : null}
          </Table.Tbody>
          <Table.Tfoot style={{ borderTop: '2px solid var(--mantine-color-default-border)' }}>{totals.map(totalRow)}</Table.Tfoot>
        </Table>
      </Table.ScrollContainer>
      {editable ? addBar : null}
    </Paper>
  );
}

/** The ✕ at the end of an editable position row (out of the tab order; Ctrl+Del does the same). */
export function RowDeleteButton({ chapter, onDelete }: { chapter: string; onDelete: () => void }) {
  const { t } = useLingui();
  return (
    <Tooltip label={t`Zeile löschen (Strg+Entf)`}>
      <ActionIcon
        variant="subtle"
        color="red"
        size="sm"
        tabIndex={-1}
        onClick={onDelete}
        aria-label={t`Zeile löschen (Strg+Entf)`}
        data-testid={`delete-${chapter}`}
      >
        ✕
      </ActionIcon>
    </Tooltip>
  );
}

/**
 * The amount field of a positions row: Enter goes on to the next row's amount and after the last
 * one to the add bar; a blocked new row shows "Betrag eingeben oder Zeile löschen"; a non-zero
 * amount frees the row.
 */
export function PositionAmountInput<R extends PositionRow>({
  row,
  positions,
  blocked,
  error,
  onChange,
  label,
}: {
  row: R;
  positions: PositionRows<R>;
  blocked: boolean;
  /** The row's own message (shown when not blocked). */
  error?: string | undefined;
  /** Defaults to setting the row's amount. */
  onChange?: (cents: number | null) => void;
  label: string;
}) {
  const { t } = useLingui();
  return (
    <AmountInput
      size="xs"
      value={row.amount}
      onChange={(cents) => {
        if (onChange) onChange(cents);
        else positions.update(row.key, { amount: cents } as Partial<R>);
        if (cents) positions.setBlocked(null);
      }}
      error={blocked ? t`Betrag eingeben oder Zeile löschen` : error}
      data-amount-input
      data-row-key={row.key}
      data-testid={`amount-${row.chapter}`}
      aria-label={label}
      onKeyDown={(e) => onAmountKey(e, () => addChapterField()?.focus())}
    />
  );
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
        <Text size="sm" truncate title={value(row)}>
          {value(row)}
        </Text>
      ),
  };
}
