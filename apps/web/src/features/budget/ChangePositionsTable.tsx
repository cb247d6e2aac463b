import { formatChapter, Part, titleOfChapter } from '@app/domain';
import { useLingui } from '@lingui/react/macro';
import { Text, Tooltip } from '@mantine/core';
import { useQueries } from '@tanstack/react-query';
import { errorText } from '../../lib/errorMessages.ts';
import { queryClient, trpc } from '../../lib/trpc.ts';
import { Amount } from '../../ui/Amount.tsx';
import { ChapterAddBar } from '../../ui/ChapterAddBar.tsx';
import type { ChapterChoice } from '../../ui/chapterCode.ts';
import { chapterDescription } from '../../ui/chartLabels.ts';
import { notifyError } from '../../ui/notify.ts';
import { descriptionColumn } from '../../ui/PositionsTable/columns.tsx';
import { PositionAmountInput } from '../../ui/PositionsTable/PositionAmountInput.tsx';
import { PositionsTable } from '../../ui/PositionsTable/PositionsTable.tsx';
import { usePositionRows } from '../../ui/PositionsTable/usePositionRows.ts';
import { budgetMessages } from './labels.ts';
import { type ChangeRow, changeRowTotals, isPendingRow } from './positions.ts';

export interface ChangePositionsTableProps {
  rows: ChangeRow[];
  /** Changes the rows (kept in the screen's form). */
  setRows: (update: (rows: ChangeRow[]) => ChangeRow[]) => void;
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
export function ChangePositionsTable({
  rows,
  setRows,
  editable,
  departmentId,
  year,
  changeId,
  surplusDelta = 0,
  requireDescriptions,
  defaultFilter,
}: ChangePositionsTableProps) {
  const { t, i18n } = useLingui();
  const positions = usePositionRows<ChangeRow>(setRows);
  const scope = { departmentId, year };
  const figures = useQueries({ queries: rows.map((r) => trpc.budget.changes.chapterBefore.queryOptions({ ...scope, changeId, chapterId: r.chapterId })) });
  const totals = changeRowTotals(rows, surplusDelta);
  const pending = rows.some(isPendingRow);
  const figureOf = (row: ChangeRow) => figures[rows.indexOf(row)]?.data;
  const hasResidue = (row: ChangeRow) => {
    const residue = figureOf(row)?.finalResidue;
    return residue !== null && residue !== undefined;
  };

  async function add(c: ChapterChoice) {
    const existing = rows.find((r) => r.chapterId === c.id);
    if (existing) {
      positions.focusAmount(existing.key);
      return;
    }
    try {
      const before = await queryClient.fetchQuery(trpc.budget.changes.chapterBefore.queryOptions({ ...scope, changeId, chapterId: c.id }));
      if (before.finalResidue !== null) {
        notifyError(i18n._(budgetMessages.hasResidue));
        return;
      }
      positions.insert({
        key: `n${c.id}`,
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
      });
    } catch (error) {
      notifyError(errorText(i18n, error));
    }
  }

  return (
    <PositionsTable
      rows={rows}
      positions={positions}
      editable={editable}
      canRemove={(row) => !hasResidue(row)}
      minWidth={960}
      testId="change-positions"
      emptyText={t`Noch keine Positionen. Kapitel unten hinzufügen.`}
      columns={[
        descriptionColumn<ChangeRow>({
          header: t`Bezeichnung`,
          editable,
          names: (row) => ({ deu: row.descriptionDeu, ita: row.descriptionIta }),
          onNames: (row, { deu, ita }) =>
            positions.update(row.key, { ...(deu === undefined ? {} : { descriptionDeu: deu }), ...(ita === undefined ? {} : { descriptionIta: ita }) }),
          missing: requireDescriptions,
          testIds: true,
          shown: (row) => (
            <Text size="sm" truncate title={chapterDescription(i18n, row)}>
              {chapterDescription(i18n, row)}
            </Text>
          ),
        }),
        { key: 'before', header: t`Ansatz vorher`, width: 175, align: 'right', cell: (row) => <Amount cents={row.budgetBeforeChange} size="sm" /> },
        {
          key: 'amount',
          header: t`Änderung`,
          width: 150,
          align: 'right',
          input: true,
          cell: (row, { blocked }) => {
            const after = row.budgetBeforeChange + (row.amount ?? 0);
            return editable && !hasResidue(row) ? (
              <PositionAmountInput
                row={row}
                positions={positions}
                blocked={blocked}
                error={after < 0 ? t`Endansatz negativ` : undefined}
                label={t`Änderung ${formatChapter(row.chapter)}`}
              />
            ) : (
              <Tooltip label={i18n._(budgetMessages.hasResidue)} disabled={!hasResidue(row) || !editable}>
                <Amount cents={row.amount ?? 0} size="sm" data-testid={`amount-${row.chapter}`} />
              </Tooltip>
            );
          },
        },
        {
          key: 'after',
          header: t`Ansatz nachher`,
          width: 175,
          align: 'right',
          cell: (row) => <Amount cents={row.budgetBeforeChange + (row.amount ?? 0)} size="sm" fw={500} data-testid={`after-${row.chapter}`} />,
        },
        {
          key: 'available',
          header: t`Verfügbar`,
          width: 140,
          align: 'right',
          cell: (row) => {
            const before = figureOf(row);
            const available = before && row.part === Part.Expenses ? before.availableAfterPlannedExpenses + (row.amount ?? 0) : null;
            return available === null ? null : <Amount cents={available} size="sm" data-testid={`available-${row.chapter}`} />;
          },
        },
      ]}
      totals={[
        { key: 'revenues', label: t`Einnahmen`, labelSpan: 2, amounts: { amount: { cents: totals.revenues, testId: 'total-revenues' } } },
        ...(surplusDelta !== 0 || requireDescriptions
          ? [
              {
                key: 'surplus',
                label: t`Differenz Verwaltungsüberschuss`,
                labelSpan: 2,
                amounts: { amount: { cents: surplusDelta, testId: 'total-surplus-delta' } },
              },
            ]
          : []),
        { key: 'expenses', label: t`Ausgaben`, labelSpan: 2, amounts: { amount: { cents: totals.expenses, testId: 'total-expenses' } } },
        { key: 'balance', label: t`Saldo`, labelSpan: 2, tone: 'strong', amounts: { amount: { cents: totals.balance, testId: 'total-balance' } } },
      ]}
      addBar={
        <ChapterAddBar departmentId={departmentId} year={year} {...(defaultFilter ? { defaultFilter } : {})} onAdd={(c) => void add(c)} disabled={pending} />
      }
    />
  );
}
