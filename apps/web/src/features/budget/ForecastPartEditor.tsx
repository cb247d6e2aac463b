import { type Part, titleOfChapter, formatChapter } from '@app/domain';
import { useLingui } from '@lingui/react/macro';
import { ActionIcon, Alert, Button, Checkbox, Group, Loader, Stack, Text, Title, Tooltip } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useMemo, useRef } from 'react';
import { errorText } from '../../lib/errorMessages.ts';
import { trpcClient } from '../../lib/trpc.ts';
import { Amount } from '../../ui/Amount.tsx';
import { AmountInput } from '../../ui/AmountInput.tsx';
import { ChapterAddBar } from '../../ui/ChapterAddBar.tsx';
import type { ChapterChoice } from '../../ui/chapterCode.ts';
import { chapterDescription, partLabels } from '../../ui/chartLabels.ts';
import { useConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { notifyError, notifyInfo, notifySuccess } from '../../ui/notify.ts';
import { descriptionColumn, type PositionColumn, textColumn } from '../../ui/PositionsTable/columns.tsx';
import { PositionAmountInput } from '../../ui/PositionsTable/PositionAmountInput.tsx';
import { PositionsTable } from '../../ui/PositionsTable/PositionsTable.tsx';
import { usePositionRows } from '../../ui/PositionsTable/usePositionRows.ts';
import { UnsavedChangesGuard } from '../../ui/UnsavedChangesGuard.tsx';
import { useDraftForm } from '../../ui/useDraftForm.ts';
import { useFocusFirstField } from '../../ui/useFocusFirstField.ts';
import { BudgetStateAlert } from '../../ui/BudgetStateAlert.tsx';
import { copyAllPrevious, type ForecastRow, forecastSavePositions, forecastSnapshot, forecastTotals, isPendingRow, toForecastRows } from './positions.ts';
import { forecastPartQuery, forecastSummaryQuery } from './queries.ts';
import { invalidateBudget, useBudgetScope } from './useBudgetScope.ts';

interface Values extends Record<string, unknown> {
  rows: ForecastRow[];
}

const toValues = (forecast: { positions: Parameters<typeof toForecastRows>[0] }): Values => ({ rows: toForecastRows(forecast.positions) });
const compare = (v: Values) => forecastSnapshot(v.rows);
/** A new row with last year's amount may be left without this year's. */
const keepsEmptyNewRow = (row: ForecastRow) => row.amountPrevYear !== 0;

/**
 * The chapter editor of one forecast part (budget/forecast/details/revenues|expenses): current-year
 * amount per chapter, last year's amount (copy a row or all), reminder, notes; add chapters by code
 * or picker; zero amounts are dropped on save; read-only once approved or closed.
 */
export function ForecastPartEditor({ part }: { part: Part }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const { input, department, year, closed, status } = useBudgetScope();
  const query = useQuery(forecastPartQuery({ department, year }, part));
  const summary = useQuery(forecastSummaryQuery({ department, year }));
  const { confirm, element: confirmElement } = useConfirmDialog();
  const root = useRef<HTMLDivElement>(null);
  const draft = useDraftForm({ root, draft: query.data, toValues, compare, save: persist });
  const { dirty, saving } = draft;
  const rows = draft.values?.rows ?? null;
  const setRows = (update: (rows: ForecastRow[]) => ForecastRow[]) => draft.set('rows', update);
  const positions = usePositionRows<ForecastRow>(setRows);
  const { update } = positions;

  const editable = Boolean(query.data?.isEditable) && !closed;
  // the department's first year in the system: no forecast last year, so its amounts are typed here
  const prevEditable = editable && Boolean(query.data?.isPreviousYearBudgetEditable);
  useFocusFirstField(root, editable && rows !== null);
  const totals = useMemo(() => forecastTotals(rows ?? []), [rows]);
  const pending = (rows ?? []).filter(isPendingRow);
  const back = (ignoreBlocker = false) =>
    void navigate({ to: '/dept/$dept/year/$year/budget/forecast/details', params: { dept: department.code, year: String(year) }, ignoreBlocker });

  function add(c: ChapterChoice) {
    const existing = rows?.find((r) => r.chapterId === c.id);
    if (existing) {
      positions.focusAmount(existing.key);
      return;
    }
    positions.insert({
      key: `n${c.id}`,
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
    });
  }

  async function copyAll() {
    if (!rows) return;
    const { rows: next, overwritten } = copyAllPrevious(rows);
    if (overwritten > 0) {
      const ok = await confirm({
        title: t`Vorjahresbeträge übernehmen`,
        children: t`${overwritten} bereits erfasste Beträge werden überschrieben. Fortfahren?`,
      });
      if (!ok) return;
    }
    setRows(() => next);
  }

  /** Saves what the fields show (Save, Ctrl+Enter, or "save" when leaving); answers whether it saved. */
  async function persist(values: Values): Promise<boolean> {
    if (pending.length > 0) {
      positions.setBlocked(pending[0]?.key ?? null);
      notifyError(t`Neue Zeile ohne Betrag: bitte einen Betrag eingeben oder die Zeile löschen.`);
      return false;
    }
    const { positions: saved, dropped } = forecastSavePositions(values.rows, prevEditable);
    try {
      await trpcClient.budget.forecast.save.mutate({ ...input, part, positions: saved });
      notifySuccess(t`Änderungen gespeichert`);
      if (dropped > 0) notifyInfo(dropped === 1 ? t`Eine Position mit Betrag 0 wurde entfernt.` : t`${dropped} Positionen mit Betrag 0 wurden entfernt.`);
      await invalidateBudget();
      return true;
    } catch (error) {
      notifyError(errorText(i18n, error), t`Änderungen nicht gespeichert`);
      return false;
    }
  }

  async function save() {
    if (await draft.save()) back(true);
  }

  // kept from render to render (with the stable row operations): a keystroke renders its own row only, not all of them
  const columns = useMemo<PositionColumn<ForecastRow>[]>(
    () => [
      descriptionColumn<ForecastRow>({
        header: t`Bezeichnung`,
        editable,
        names: (row) => ({ deu: row.chapterDescriptionDeu, ita: row.chapterDescriptionIta }),
        onNames: (row, { deu, ita }) =>
          update(row.key, {
            ...(deu === undefined ? {} : { chapterDescriptionDeu: deu }),
            ...(ita === undefined ? {} : { chapterDescriptionIta: ita }),
          }),
        shown: (row) => (
          // long chapter names wrap (a cashier must read the whole name at 1280 px)
          <Text size="sm" lh={1.3} style={{ overflowWrap: 'anywhere' }} data-testid="forecast-chapter-description">
            {chapterDescription(i18n, { descriptionDeu: row.chapterDescriptionDeu, descriptionIta: row.chapterDescriptionIta })}
          </Text>
        ),
      }),
      {
        key: 'amount',
        header: t`Betrag ${year}`,
        width: 150,
        align: 'right',
        input: true,
        cell: (row, { blocked }) =>
          editable ? (
            <PositionAmountInput row={row} positions={positions} blocked={blocked} label={t`Betrag ${year} ${formatChapter(row.chapter)}`} />
          ) : (
            <Amount cents={row.amount ?? 0} size="sm" data-testid={`amount-${row.chapter}`} />
          ),
      },
      {
        key: 'prev',
        header: t`Vorjahr ${year - 1}`,
        width: 180,
        align: 'right',
        cell: (row) =>
          prevEditable ? (
            <AmountInput
              size="xs"
              value={row.amountPrevYear}
              onChange={(cents) => {
                update(row.key, { amountPrevYear: cents ?? 0 });
                if (cents) positions.setBlocked(null);
              }}
              data-testid={`prev-${row.chapter}`}
              aria-label={t`Betrag ${year - 1} ${formatChapter(row.chapter)}`}
            />
          ) : (
            <Amount cents={row.amountPrevYear} size="sm" c={row.amountPrevYear === 0 ? 'dimmed' : undefined} data-testid={`prev-${row.chapter}`} />
          ),
      },
      {
        key: 'copy',
        width: 34,
        tight: true,
        cell: (row) =>
          editable && row.amountPrevYear !== 0 ? (
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
          ) : null,
      },
      {
        key: 'reminder',
        header: t`Erinnerung`,
        headerTitle: t`Erinnerung`,
        width: 104,
        align: 'center',
        cell: (row) => (
          <Checkbox
            size="xs"
            style={{ display: 'inline-block' }}
            checked={row.reminder}
            disabled={!editable}
            onChange={(e) => update(row.key, { reminder: e.currentTarget.checked })}
            aria-label={t`Erinnerung`}
          />
        ),
      },
      textColumn<ForecastRow>({
        key: 'notes',
        header: t`Anmerkungen`,
        width: 220,
        editable,
        value: (row) => row.notes,
        onChange: (row, notes) => update(row.key, { notes }),
        label: () => t`Anmerkungen`,
        testId: (row) => `notes-${row.chapter}`,
      }),
    ],
    [t, i18n, editable, prevEditable, year, positions, update],
  );

  const partName = i18n._(partLabels[part]);
  return (
    <Stack ref={root} gap="sm" maw={1280} onKeyDown={editable ? draft.saveKeys(() => void save()) : undefined}>
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
              <Button
                variant="default"
                onClick={() => void copyAll()}
                disabled={!rows || rows.every((r) => r.amountPrevYear === 0)}
                data-testid="copy-all-prev"
              >
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
      <BudgetStateAlert closed={closed} approved={Boolean(summary.data?.approval) || (query.data !== undefined && !query.data.isEditable)} status={status} />
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
        <PositionsTable
          rows={rows}
          positions={positions}
          editable={editable}
          keepsEmptyNewRow={keepsEmptyNewRow}
          minWidth={980}
          testId="forecast-positions"
          emptyText={editable ? t`Noch keine Kapitel. Kapitel unten hinzufügen.` : t`Noch keine Kapitel.`}
          columns={columns}
          totals={[
            ...totals.byTitle.map((tt) => ({
              key: `title-${tt.title}`,
              label: t`Summe Titel ${tt.title}`,
              tone: 'dimmed' as const,
              amounts: { amount: { cents: tt.current, testId: `title-total-${tt.title}` }, prev: { cents: tt.previous } },
            })),
            {
              key: 'sum',
              label: t`Summe ${partName}`,
              tone: 'strong',
              amounts: { amount: { cents: totals.current, testId: 'total-current' }, prev: { cents: totals.previous, testId: 'total-previous' } },
            },
          ]}
          addBar={<ChapterAddBar departmentId={department.id} year={year} part={part} onAdd={add} disabled={pending.length > 0} withHint={false} />}
        />
      )}
      <UnsavedChangesGuard dirty={dirty} onSave={editable ? draft.save : undefined} />
      {confirmElement}
    </Stack>
  );
}
