import { type Part, titleOfChapter, formatChapter } from '@app/domain';
import { useLingui } from '@lingui/react/macro';
import { ActionIcon, Alert, Button, Checkbox, Group, Loader, Paper, Stack, Table, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { type FocusEvent, useMemo, useRef, useState } from 'react';
import { errorText } from '../../lib/errorMessages.ts';
import { trpc, trpcClient } from '../../lib/trpc.ts';
import { Amount } from '../../ui/Amount.tsx';
import { AmountInput } from '../../ui/AmountInput.tsx';
import { readAmountText } from '../../ui/amount.ts';
import type { ChapterChoice } from '../../ui/ChapterPicker.tsx';
import { chapterDescription, partLabels } from '../../ui/chartLabels.ts';
import { useConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { notifyError, notifyInfo, notifySuccess } from '../../ui/notify.ts';
import { typedFieldsValid } from '../../ui/typedText.ts';
import { UnsavedChangesGuard } from '../../ui/UnsavedChangesGuard.tsx';
import { useFocusFirstField } from '../../ui/useFocusFirstField.ts';
import { BudgetStateAlert, RowDeleteButton } from './BudgetParts.tsx';
import { ChapterAddBar } from './ChapterAddBar.tsx';
import { copyAllPrevious, type ForecastRow, forecastSavePositions, forecastSnapshot, forecastTotals, isPendingRow, toForecastRows } from './positions.ts';
import { addChapterField, onAmountKey, onRowKey, useFocusAmount } from './tableKeys.ts';
import { invalidateBudget, useBudgetScope } from './useBudgetScope.ts';

const num = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
/** Header cells: one line, cut with an ellipsis rather than running into the next column. */
const head = { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' } as const;
/** Inputs in the rows use the row's font size. */
const rowInput = { input: { fontSize: 'var(--mantine-font-size-sm)' } };

/**
 * The chapter editor of one forecast part (budget/forecast/details/revenues|expenses): current-year
 * amount per chapter, last year's amount (copy a row or all), reminder, notes; add chapters by code
 * or picker; zero amounts are dropped on save; read-only once approved or closed.
 */
export function ForecastPartEditor({ part }: { part: Part }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const { input, department, year, closed } = useBudgetScope();
  const query = useQuery(trpc.budget.forecast.get.queryOptions({ ...input, part }));
  const summary = useQuery(trpc.budget.forecast.summary.queryOptions(input));
  const [rows, setRows] = useState<ForecastRow[] | null>(null);
  const [initial, setInitial] = useState('');
  const [loadedFrom, setLoadedFrom] = useState<unknown>(null);
  const [saving, setSaving] = useState(false);
  const [blocked, setBlocked] = useState<string | null>(null);
  const { confirm, element: confirmElement } = useConfirmDialog();
  const focusAmount = useFocusAmount();
  const root = useRef<HTMLDivElement>(null);

  const dirty = rows !== null && forecastSnapshot(rows) !== initial;
  // (re)load from the server while nothing is edited (state adjusted during render)
  if (query.data && query.data !== loadedFrom && !dirty) {
    const fresh = toForecastRows(query.data.positions);
    setRows(fresh);
    setInitial(forecastSnapshot(fresh));
    setLoadedFrom(query.data);
  }

  const editable = Boolean(query.data?.isEditable) && !closed;
  // the department's first year in the system: no forecast last year, so its amounts are typed here
  const prevEditable = editable && Boolean(query.data?.isPreviousYearBudgetEditable);
  useFocusFirstField(root, editable && rows !== null);
  const totals = useMemo(() => forecastTotals(rows ?? []), [rows]);
  const pending = (rows ?? []).filter(isPendingRow);
  const back = (ignoreBlocker = false) =>
    void navigate({ to: '/dept/$dept/year/$year/budget/forecast/details', params: { dept: department.code, year: String(year) }, ignoreBlocker });

  function update(key: string, patch: Partial<ForecastRow>) {
    setRows((rs) => rs?.map((r) => (r.key === key ? { ...r, ...patch } : r)) ?? rs);
  }

  function remove(key: string) {
    setRows((rs) => rs?.filter((r) => r.key !== key) ?? rs);
    setBlocked(null);
  }

  function add(c: ChapterChoice) {
    const existing = rows?.find((r) => r.chapterId === c.id);
    if (existing) {
      focusAmount(existing.key);
      return;
    }
    const key = `n${c.id}`;
    const row: ForecastRow = {
      key,
      chapterId: c.id,
      chapter: c.chapter,
      title: titleOfChapter(c.chapter),
      chapterDescriptionDeu: c.emptyChapter ? '' : c.descriptionDeu,
      chapterDescriptionIta: c.emptyChapter ? '' : c.descriptionIta,
      isEditable: c.emptyChapter,
      amountCurrYear: 0,
      amountPrevYear: 0,
      reminder: false,
      notes: '',
      amount: null,
      isNew: true,
      savedAmount: 0,
    };
    setRows((rs) => [...(rs ?? []), row].sort((a, b) => a.chapter.localeCompare(b.chapter)));
    focusAmount(key);
  }

  /** A new row without an amount can't be left: focus goes back to its amount (or delete it). */
  function onRowBlur(event: FocusEvent<HTMLTableRowElement>, row: ForecastRow) {
    if (!row.isNew) return;
    const next = event.relatedTarget as HTMLElement | null;
    if (next && (event.currentTarget.contains(next) || next.closest('[role="dialog"]'))) return;
    const field = event.currentTarget.querySelector<HTMLInputElement>('input[data-amount-input]');
    const typed = field ? readAmountText(field.value) : { value: null, invalid: false };
    if ((typed.value !== null && typed.value !== 0) || row.amountPrevYear !== 0) return;
    setBlocked(row.key);
    requestAnimationFrame(() => field?.focus());
  }

  async function copyAll() {
    if (!rows) return;
    const { rows: next, overwritten } = copyAllPrevious(rows);
    if (overwritten > 0) {
      const ok = await confirm({ title: t`Vorjahresbeträge übernehmen`, children: t`${overwritten} bereits erfasste Beträge werden überschrieben. Fortfahren?` });
      if (!ok) return;
    }
    setRows(next);
  }

  /** Saves what the fields show (Save, Ctrl+Enter, or "save" when leaving); answers whether it saved. */
  async function persist(): Promise<boolean> {
    if (!rows || saving) return false;
    // a typed text that is no amount keeps its message and the focus; nothing is saved
    if (!typedFieldsValid(root.current)) return false;
    if (pending.length > 0) {
      setBlocked(pending[0]?.key ?? null);
      notifyError(t`Neue Zeile ohne Betrag: bitte einen Betrag eingeben oder die Zeile löschen.`);
      return false;
    }
    const { positions, dropped } = forecastSavePositions(rows, prevEditable);
    setSaving(true);
    try {
      await trpcClient.budget.forecast.save.mutate({ ...input, part, positions });
      notifySuccess(t`Änderungen gespeichert`);
      if (dropped > 0) notifyInfo(dropped === 1 ? t`Eine Position mit Betrag 0 wurde entfernt.` : t`${dropped} Positionen mit Betrag 0 wurden entfernt.`);
      await invalidateBudget();
      setInitial(forecastSnapshot(rows));
      return true;
    } catch (error) {
      notifyError(errorText(i18n, error), t`Änderungen nicht gespeichert`);
      return false;
    } finally {
      setSaving(false);
    }
  }

  async function save() {
    if (await persist()) back(true);
  }

  const partName = i18n._(partLabels[part]);
  return (
    <Stack
      ref={root}
      gap="sm"
      maw={1280}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && (event.ctrlKey || event.metaKey) && editable) {
          event.preventDefault();
          void save();
        }
      }}
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start" pos="sticky" top={52} py={6} bg="var(--mantine-color-body)" style={{ zIndex: 5 }}>
        <div>
          <Title order={2} data-testid="screen-title">
            {t`Haushaltsvoranschlag ${year}: ${partName}`}
          </Title>
          {editable ? (
            <Text size="sm" c="dimmed" data-testid="editor-keys">
              {t`Enter: nächster Betrag · Tab: nächstes Feld · Strg+Entf: Zeile löschen · Strg+Enter: speichern`}
            </Text>
          ) : null}
        </div>
        <Group gap="xs" wrap="nowrap">
          {editable ? (
            <>
              <Button variant="default" onClick={() => void copyAll()} disabled={!rows || rows.every((r) => r.amountPrevYear === 0)} data-testid="copy-all-prev">
                {t`Alle Vorjahresbeträge übernehmen`}
              </Button>
              <Button onClick={() => void save()} loading={saving} disabled={!dirty} data-testid="editor-save">
                {t`Speichern`}
              </Button>
            </>
          ) : null}
          <Button variant="subtle" onClick={() => back()} data-testid="editor-back">
            {t`Zurück`}
          </Button>
        </Group>
      </Group>
      <BudgetStateAlert closed={closed} approved={Boolean(summary.data?.approval) || (query.data !== undefined && !query.data.isEditable)} />
      {prevEditable ? (
        <Text size="sm" c="dimmed" data-testid="prev-editable-note">
          {t`Erstes Jahr im System: Die Vorjahresbeträge ${year - 1} werden hier eingegeben.`}
        </Text>
      ) : null}
      {query.error ? (
        <Alert color="red" variant="light" data-testid="editor-load-error">
          {errorText(i18n, query.error)}
        </Alert>
      ) : !rows ? (
        <Loader size="sm" />
      ) : (
        <Paper withBorder radius="sm">
          <Table.ScrollContainer minWidth={980}>
            <Table verticalSpacing={3} horizontalSpacing="xs" fz="sm" layout="fixed" striped data-testid="forecast-positions">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={78} style={head}>
                    {t`Kapitel`}
                  </Table.Th>
                  <Table.Th style={head}>{t`Bezeichnung`}</Table.Th>
                  <Table.Th w={150} ta="right" style={head}>
                    {t`Betrag ${year}`}
                  </Table.Th>
                  <Table.Th w={180} ta="right" style={head}>
                    {t`Vorjahr ${year - 1}`}
                  </Table.Th>
                  <Table.Th w={34} />
                  <Table.Th w={104} ta="center" style={head} title={t`Erinnerung`}>
                    {t`Erinnerung`}
                  </Table.Th>
                  <Table.Th w={220} style={head}>
                    {t`Anmerkungen`}
                  </Table.Th>
                  <Table.Th w={36} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => {
                  const isBlocked = blocked === row.key && isPendingRow(row);
                  return (
                    <Table.Tr
                      key={row.key}
                      data-testid={`position-${row.chapter}`}
                      onBlur={editable ? (e) => onRowBlur(e, row) : undefined}
                      onKeyDown={editable ? (e) => onRowKey(e, () => remove(row.key)) : undefined}
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
                              value={row.chapterDescriptionDeu}
                              onChange={(e) => update(row.key, { chapterDescriptionDeu: e.currentTarget.value })}
                              aria-label={t`Bezeichnung deutsch`}
                            />
                            <TextInput
                              size="xs"
                              styles={rowInput}
                              style={{ flex: 1 }}
                              placeholder={t`Bezeichnung italienisch`}
                              maxLength={200}
                              value={row.chapterDescriptionIta}
                              onChange={(e) => update(row.key, { chapterDescriptionIta: e.currentTarget.value })}
                              aria-label={t`Bezeichnung italienisch`}
                            />
                          </Group>
                        ) : (
                          // long chapter names wrap (a cashier must read the whole name at 1280 px)
                          <Text size="sm" lh={1.3} style={{ overflowWrap: 'anywhere' }} data-testid="forecast-chapter-description">
                            {chapterDescription(i18n, { descriptionDeu: row.chapterDescriptionDeu, descriptionIta: row.chapterDescriptionIta })}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td ta="right">
                        {editable ? (
                          <AmountInput
                            size="xs"
                            value={row.amount}
                            onChange={(cents) => {
                              update(row.key, { amount: cents });
                              if (cents) setBlocked(null);
                            }}
                            error={isBlocked ? t`Betrag eingeben oder Zeile löschen` : undefined}
                            data-amount-input
                            data-row-key={row.key}
                            data-testid={`amount-${row.chapter}`}
                            aria-label={t`Betrag ${year} ${formatChapter(row.chapter)}`}
                            onKeyDown={(e) => onAmountKey(e, () => addChapterField()?.focus())}
                          />
                        ) : (
                          <Amount cents={row.amount ?? 0} size="sm" data-testid={`amount-${row.chapter}`} />
                        )}
                      </Table.Td>
                      <Table.Td ta="right">
                        {prevEditable ? (
                          <AmountInput
                            size="xs"
                            value={row.amountPrevYear}
                            onChange={(cents) => {
                              update(row.key, { amountPrevYear: cents ?? 0 });
                              if (cents) setBlocked(null);
                            }}
                            data-testid={`prev-${row.chapter}`}
                            aria-label={t`Betrag ${year - 1} ${formatChapter(row.chapter)}`}
                          />
                        ) : (
                          <Amount cents={row.amountPrevYear} size="sm" c={row.amountPrevYear === 0 ? 'dimmed' : undefined} data-testid={`prev-${row.chapter}`} />
                        )}
                      </Table.Td>
                      <Table.Td px={0}>
                        {editable && row.amountPrevYear !== 0 ? (
                          <Tooltip label={t`Vorjahresbetrag übernehmen`}>
                            <ActionIcon
                              variant="subtle"
                              size="sm"
                              tabIndex={-1}
                              onClick={() => update(row.key, { amount: row.amountPrevYear })}
                              aria-label={t`Vorjahresbetrag übernehmen`}
                              data-testid={`copy-prev-${row.chapter}`}
                            >
                              ←
                            </ActionIcon>
                          </Tooltip>
                        ) : null}
                      </Table.Td>
                      <Table.Td ta="center">
                        <Checkbox
                          size="xs"
                          style={{ display: 'inline-block' }}
                          checked={row.reminder}
                          disabled={!editable}
                          onChange={(e) => update(row.key, { reminder: e.currentTarget.checked })}
                          aria-label={t`Erinnerung`}
                        />
                      </Table.Td>
                      <Table.Td>
                        {editable ? (
                          <TextInput
                            size="xs"
                            styles={rowInput}
                            maxLength={200}
                            value={row.notes}
                            onChange={(e) => update(row.key, { notes: e.currentTarget.value })}
                            aria-label={t`Anmerkungen`}
                            data-testid={`notes-${row.chapter}`}
                          />
                        ) : (
                          <Text size="sm" truncate title={row.notes}>
                            {row.notes}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td px={0}>
                        {editable ? <RowDeleteButton chapter={row.chapter} onDelete={() => remove(row.key)} /> : null}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
                {rows.length === 0 ? (
                  <Table.Tr>
                    <Table.Td colSpan={8}>
                      <Text size="sm" c="dimmed" py={6}>
                        {editable ? t`Noch keine Kapitel. Kapitel unten hinzufügen.` : t`Noch keine Kapitel.`}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ) : null}
              </Table.Tbody>
              <Table.Tfoot style={{ borderTop: '2px solid var(--mantine-color-default-border)' }}>
                {totals.byTitle.map((tt) => (
                  <Table.Tr key={tt.title}>
                    <Table.Td />
                    <Table.Td>
                      <Text size="sm" c="dimmed">
                        {t`Summe Titel ${tt.title}`}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right" pr={editable ? 14 : undefined}>
                      <Amount cents={tt.current} size="sm" c="dimmed" data-testid={`title-total-${tt.title}`} />
                    </Table.Td>
                    <Table.Td ta="right">
                      <Amount cents={tt.previous} size="sm" c="dimmed" />
                    </Table.Td>
                    <Table.Td colSpan={4} />
                  </Table.Tr>
                ))}
                <Table.Tr>
                  <Table.Td />
                  <Table.Td>
                    <Text size="sm" fw={700}>
                      {t`Summe ${partName}`}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right" pr={editable ? 14 : undefined}>
                    <Amount cents={totals.current} size="sm" fw={700} data-testid="total-current" />
                  </Table.Td>
                  <Table.Td ta="right">
                    <Amount cents={totals.previous} size="sm" fw={700} data-testid="total-previous" />
                  </Table.Td>
                  <Table.Td colSpan={4} />
                </Table.Tr>
              </Table.Tfoot>
            </Table>
          </Table.ScrollContainer>
          {editable ? (
            <ChapterAddBar departmentId={department.id} year={year} part={part} onAdd={add} disabled={pending.length > 0} withHint={false} />
          ) : null}
        </Paper>
      )}
      <UnsavedChangesGuard dirty={dirty} onSave={editable ? persist : undefined} />
      {confirmElement}
    </Stack>
  );
}
