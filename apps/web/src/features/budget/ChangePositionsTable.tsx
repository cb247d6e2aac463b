import { formatChapter, Part, titleOfChapter } from '@app/domain';
import { useLingui } from '@lingui/react/macro';
import { Group, Paper, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { useQueries } from '@tanstack/react-query';
import { type Dispatch, type FocusEvent, type SetStateAction, useState } from 'react';
import { errorText } from '../../lib/errorMessages.ts';
import { queryClient, trpc } from '../../lib/trpc.ts';
import { Amount } from '../../ui/Amount.tsx';
import { AmountInput } from '../../ui/AmountInput.tsx';
import { readAmountText } from '../../ui/amount.ts';
import type { ChapterChoice } from '../../ui/ChapterPicker.tsx';
import { chapterDescription } from '../../ui/chartLabels.ts';
import { notifyError } from '../../ui/notify.ts';
import { RowDeleteButton } from './BudgetParts.tsx';
import { ChapterAddBar } from './ChapterAddBar.tsx';
import { budgetMessages } from './labels.ts';
import { type ChangeRow, changeRowTotals, isPendingRow } from './positions.ts';
import { addChapterField, onAmountKey, onRowKey, useFocusAmount } from './tableKeys.ts';

const num = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
/** Header cells: one line, cut with an ellipsis rather than running into the next column. */
const head = { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' } as const;
/** Inputs in the rows use the row's font size. */
const rowInput = { input: { fontSize: 'var(--mantine-font-size-sm)' } };

export interface ChangePositionsTableProps {
  rows: ChangeRow[];
  setRows: Dispatch<SetStateAction<ChangeRow[] | null>>;
  editable: boolean;
  departmentId: number;
  year: number;
  /** The change (or adjustment) being edited: figures "before" leave it out. */
  changeId: number;
  /** Adjustment: actual - planned surplus counts into the balance. */
  surplusDelta?: number;
  /** Adjustment: editable (empty) chapters need both descriptions. */
  requireDescriptions?: boolean;
  /** Code prefix of the "Kapitel suchen" picker (adjustment: `22`). */
  defaultFilter?: string;
}

/**
 * Positions of a budget change or the adjustment: chapter, description, budget before the change,
 * the change (+/-), the new budget and, for expenses, what stays available; footer with revenues,
 * expenses (and the surplus difference) and the balance, which must be 0 to save.
 */
export function ChangePositionsTable({ rows, setRows, editable, departmentId, year, changeId, surplusDelta = 0, requireDescriptions, defaultFilter }: ChangePositionsTableProps) {
  const { t, i18n } = useLingui();
  const [blocked, setBlocked] = useState<string | null>(null);
  const focusAmount = useFocusAmount();
  const scope = { departmentId, year };
  const figures = useQueries({ queries: rows.map((r) => trpc.budget.changes.chapterBefore.queryOptions({ ...scope, changeId, chapterId: r.chapterId })) });
  const totals = changeRowTotals(rows, surplusDelta);
  const pending = rows.some(isPendingRow);

  function update(key: string, patch: Partial<ChangeRow>) {
    setRows((rs) => rs?.map((r) => (r.key === key ? { ...r, ...patch } : r)) ?? rs);
  }

  function removeRow(key: string) {
    setRows((rs) => rs?.filter((r) => r.key !== key) ?? rs);
    setBlocked(null);
  }

  async function add(c: ChapterChoice) {
    const existing = rows.find((r) => r.chapterId === c.id);
    if (existing) {
      focusAmount(existing.key);
      return;
    }
    try {
      const before = await queryClient.fetchQuery(trpc.budget.changes.chapterBefore.queryOptions({ ...scope, changeId, chapterId: c.id }));
      if (before.finalResidue !== null) {
        notifyError(i18n._(budgetMessages.hasResidue));
        return;
      }
      const key = `n${c.id}`;
      setRows((rs) =>
        [
          ...(rs ?? []),
          {
            key,
            chapterId: c.id,
            chapter: c.chapter,
            part: c.part as Part,
            title: titleOfChapter(c.chapter),
            descriptionDeu: c.emptyChapter ? '' : c.descriptionDeu,
            descriptionIta: c.emptyChapter ? '' : c.descriptionIta,
            isEditable: c.emptyChapter,
            budgetBeforeChange: before.budgetFinal,
            amount: null,
            isNew: true,
          },
        ].sort((a, b) => a.chapter.localeCompare(b.chapter)),
      );
      focusAmount(key);
    } catch (error) {
      notifyError(errorText(i18n, error));
    }
  }

  function onRowBlur(event: FocusEvent<HTMLTableRowElement>, row: ChangeRow) {
    if (!row.isNew) return;
    const next = event.relatedTarget as HTMLElement | null;
    if (next && (event.currentTarget.contains(next) || next.closest('[role="dialog"]'))) return;
    const field = event.currentTarget.querySelector<HTMLInputElement>('input[data-amount-input]');
    const typed = field ? readAmountText(field.value) : { value: null };
    if (typed.value !== null && typed.value !== 0) return;
    setBlocked(row.key);
    requestAnimationFrame(() => field?.focus());
  }

  const footerRow = (label: string, cents: number, testId: string, strong = false) => (
    <Table.Tr>
      <Table.Td />
      <Table.Td colSpan={2}>
        <Text size="sm" fw={strong ? 700 : undefined}>
          {label}
        </Text>
      </Table.Td>
      <Table.Td ta="right" pr={editable ? 14 : undefined}>
        <Amount cents={cents} size="sm" fw={strong ? 700 : undefined} data-testid={testId} />
      </Table.Td>
      <Table.Td colSpan={3} />
    </Table.Tr>
  );

  return (
    <Paper withBorder radius="sm">
      <Table.ScrollContainer minWidth={960}>
        <Table verticalSpacing={3} horizontalSpacing="xs" fz="sm" layout="fixed" striped data-testid="change-positions">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={78} style={head}>
                {t`Kapitel`}
              </Table.Th>
              <Table.Th style={head}>{t`Bezeichnung`}</Table.Th>
              <Table.Th w={175} ta="right" style={head}>
                {t`Ansatz vorher`}
              </Table.Th>
              <Table.Th w={150} ta="right" style={head}>
                {t`Änderung`}
              </Table.Th>
              <Table.Th w={175} ta="right" style={head}>
                {t`Ansatz nachher`}
              </Table.Th>
              <Table.Th w={140} ta="right" style={head}>
                {t`Verfügbar`}
              </Table.Th>
              <Table.Th w={36} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row, index) => {
              const before = figures[index]?.data;
              const residue = before?.finalResidue !== null && before?.finalResidue !== undefined;
              const amount = row.amount ?? 0;
              const available = before && row.part === Part.Expenses ? before.availableAfterPlannedExpenses + amount : null;
              const after = row.budgetBeforeChange + amount;
              const isBlocked = blocked === row.key && isPendingRow(row);
              const missingDeu = requireDescriptions && row.isEditable && row.descriptionDeu.trim() === '';
              const missingIta = requireDescriptions && row.isEditable && row.descriptionIta.trim() === '';
              return (
                <Table.Tr
                  key={row.key}
                  data-testid={`position-${row.chapter}`}
                  onBlur={editable ? (e) => onRowBlur(e, row) : undefined}
                  onKeyDown={editable && !residue ? (e) => onRowKey(e, () => removeRow(row.key)) : undefined}
                >
                  <Table.Td ff="monospace" style={num}>
                    {formatChapter(row.chapter)}
                  </Table.Td>
                  <Table.Td style={{ overflow: 'hidden' }}>
                    {row.isEditable && editable ? (
                      <Group gap={4} wrap="nowrap">
                        <TextInput
                          size="xs"
                          styles={rowInput}
                          style={{ flex: 1 }}
                          placeholder={t`Bezeichnung deutsch`}
                          maxLength={200}
                          value={row.descriptionDeu}
                          error={missingDeu}
                          onChange={(e) => update(row.key, { descriptionDeu: e.currentTarget.value })}
                          aria-label={t`Bezeichnung deutsch`}
                          data-testid={`description-deu-${row.chapter}`}
                        />
                        <TextInput
                          size="xs"
                          styles={rowInput}
                          style={{ flex: 1 }}
                          placeholder={t`Bezeichnung italienisch`}
                          maxLength={200}
                          value={row.descriptionIta}
                          error={missingIta}
                          onChange={(e) => update(row.key, { descriptionIta: e.currentTarget.value })}
                          aria-label={t`Bezeichnung italienisch`}
                          data-testid={`description-ita-${row.chapter}`}
                        />
                      </Group>
                    ) : (
                      <Text size="sm" truncate title={chapterDescription(i18n, row)}>
                        {chapterDescription(i18n, row)}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td ta="right">
                    <Amount cents={row.budgetBeforeChange} size="sm" />
                  </Table.Td>
                  <Table.Td ta="right">
                    {editable && !residue ? (
                      <AmountInput
                        size="xs"
                        value={row.amount}
                        onChange={(cents) => {
                          update(row.key, { amount: cents });
                          if (cents) setBlocked(null);
                        }}
                        error={isBlocked ? t`Betrag eingeben oder Zeile löschen` : after < 0 ? t`Endansatz negativ` : undefined}
                        data-amount-input
                        data-row-key={row.key}
                        data-testid={`amount-${row.chapter}`}
                        aria-label={t`Änderung ${formatChapter(row.chapter)}`}
                        onKeyDown={(e) => onAmountKey(e, () => addChapterField()?.focus())}
                      />
                    ) : (
                      <Tooltip label={i18n._(budgetMessages.hasResidue)} disabled={!residue || !editable}>
                        <Amount cents={amount} size="sm" data-testid={`amount-${row.chapter}`} />
                      </Tooltip>
                    )}
                  </Table.Td>
                  <Table.Td ta="right">
                    <Amount cents={after} size="sm" fw={500} data-testid={`after-${row.chapter}`} />
                  </Table.Td>
                  <Table.Td ta="right">{available === null ? null : <Amount cents={available} size="sm" data-testid={`available-${row.chapter}`} />}</Table.Td>
                  <Table.Td px={0}>
                    {editable && !residue ? <RowDeleteButton chapter={row.chapter} onDelete={() => removeRow(row.key)} /> : null}
                  </Table.Td>
                </Table.Tr>
              );
            })}
            {rows.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={7}>
                  <Text size="sm" c="dimmed" py={6}>
                    {t`Noch keine Positionen. Kapitel unten hinzufügen.`}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : null}
          </Table.Tbody>
          <Table.Tfoot style={{ borderTop: '2px solid var(--mantine-color-default-border)' }}>
            {footerRow(t`Einnahmen`, totals.revenues, 'total-revenues')}
            {surplusDelta !== 0 || requireDescriptions ? footerRow(t`Differenz Verwaltungsüberschuss`, surplusDelta, 'total-surplus-delta') : null}
            {footerRow(t`Ausgaben`, totals.expenses, 'total-expenses')}
            {footerRow(t`Saldo`, totals.balance, 'total-balance', true)}
          </Table.Tfoot>
        </Table>
      </Table.ScrollContainer>
      {editable ? (
        <ChapterAddBar departmentId={departmentId} year={year} {...(defaultFilter ? { defaultFilter } : {})} onAdd={(c) => void add(c)} disabled={pending} />
      ) : null}
    </Paper>
  );
}
