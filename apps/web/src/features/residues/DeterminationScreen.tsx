import { formatChapter, type ResidueFinal, type ResidueProblem } from '@app/domain';
import { useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Paper, Radio, Stack, Table, Text, Tooltip } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useRef, useState } from 'react';
import { errorMessages, errorText } from '../../lib/errorMessages.ts';
import { appCodeOf, errorFieldOf, errorParamsOf } from '../../lib/errors.ts';
import { trpcClient } from '../../lib/trpc.ts';
import { chapterWord } from '../../ui/chartLabels.ts';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { SaveButton } from '../../ui/SaveButton.tsx';
import { ScreenHeader } from '../../ui/ScreenHeader.tsx';
import { UnsavedChangesGuard } from '../../ui/UnsavedChangesGuard.tsx';
import { useDraftForm } from '../../ui/useDraftForm.ts';
import { useReadsOnly } from '../../lib/session.ts';
import { useFocusFirstField } from '../../ui/useFocusFirstField.ts';
import { BudgetStateAlert } from '../../ui/BudgetStateAlert.tsx';
import { useScope } from '../scope/useScope.ts';
import { MenuScreenGate } from '../shell/MenuScreenGate.tsx';
import {
  type ClearedLines,
  determinedLines,
  failedLine,
  initialAmounts,
  linesByPart,
  problemRows,
  type ResidueAmounts,
  savePositions,
} from './determination.ts';
import { type DeterminationSource, FlagBadge, PartLines } from './DeterminationRows.tsx';
import { carriedUsedText, flagLabels, problemText, sourceLabels } from './labels.ts';
import { invalidateResidues, residueFinalQuery } from './queries.ts';

const route = getRouteApi('/_authed/dept/$dept/year/$year/residues/determination');

/**
 * Residue determination (residues/determination, spec 3 §2): first the source (current management
 * or residue lines), then the table of its chapter lines with the final residue per line; Save
 * returns to the source step.
 */
export function DeterminationScreen() {
  const { source } = route.useSearch();
  return <MenuScreenGate path="residues/determination">{source ? <DeterminationTable key={source} source={source} /> : <SourceStep />}</MenuScreenGate>;
}

/** The first step: which lines to determine. */
function SourceStep() {
  const { t, i18n } = useLingui();
  const { year } = useScope();
  const navigate = useNavigate();
  const [source, setSource] = useState<DeterminationSource>(1);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void navigate({ to: '.', search: { source } });
  }

  return (
    <form onSubmit={onSubmit} noValidate data-testid="residues-source-form">
      <Stack gap="sm" maw={640}>
        <ScreenHeader title={t`Feststellung der Rückstände ${year}`} />
        <Paper withBorder radius="sm" p="md">
          <Stack gap="sm">
            <Radio.Group
              label={t`Welche Kapitel?`}
              value={String(source)}
              onChange={(v) => setSource(Number(v) as DeterminationSource)}
              data-testid="residues-source"
            >
              <Stack gap={6} mt={6}>
                {([1, 2] as const).map((s) => (
                  <Radio key={s} value={String(s)} label={i18n._(sourceLabels[s])} data-testid={`residues-source-${s}`} />
                ))}
              </Stack>
            </Radio.Group>
            <Group>
              <Button type="submit" data-testid="residues-source-next" autoFocus>
                {t`Weiter`}
              </Button>
            </Group>
          </Stack>
        </Paper>
      </Stack>
    </form>
  );
}

interface Values extends Record<string, unknown> {
  amounts: ResidueAmounts;
  /** The determined lines whose determination the save clears (decision 23). */
  cleared: ClearedLines;
}

const toValues = (final: ResidueFinal): Values => ({ amounts: initialAmounts(final), cleared: {} });
const compare = (v: Values) => [
  Object.entries(v.amounts).map(([id, cents]) => [id, cents ?? 0]),
  Object.entries(v.cleared)
    .filter(([, on]) => on)
    .map(([id]) => id),
];
const problems = new Set<string>(['overspent', 'belowMinimum', 'aboveMaximum']);

/**
 * The lines of one source per part: year, chapter, description (with the line's mark: overspent,
 * changed after the determination, being cleared), allocation (instalment or residue), revenues or
 * payments, available, the copy button (the proposal: open payments + reservations → input) and the
 * clear button (a determined line: cleared by the save, decision 23), the final residue (an input
 * only on editable lines) and the flags (1 reservation, 2 open payment). Enter and Tab move down
 * the inputs, Ctrl+Enter saves from any field; refused amounts mark their row.
 */
function DeterminationTable({ source }: { source: DeterminationSource }) {
  const { t, i18n } = useLingui();
  const { department, year, status } = useScope();
  const navigate = useNavigate();
  const { data } = useSuspenseQuery(residueFinalQuery({ department, year }, source));
  const root = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState<{ budgetId: number; text: string } | null>(null);
  const [checked, setChecked] = useState(false);
  const draft = useDraftForm<ResidueFinal, Values>({ root, draft: data, toValues, compare, save: onSave });
  const values = draft.values ?? toValues(data);
  // the auditor (reads only) gets no Save, no clearing and no line actions, like a closed budget (the server refuses him anyway)
  const readsOnly = useReadsOnly();
  const closed = data.isBudgetClosed;
  const writesNothing = closed || readsOnly;
  const editable = !writesNothing && data.positions.some((p) => p.isEditable);
  useFocusFirstField(root, editable);

  const back = () => void navigate({ to: '.', search: {}, ignoreBlocker: true });

  async function onSave(v: Values): Promise<boolean> {
    if (writesNothing) return false;
    setChecked(true);
    const first = problemRows(data, v.amounts, v.cleared)[0];
    if (first) {
      const position = data.positions.find((p) => p.budget.budgetId === first.budgetId);
      const text = position ? problemText(i18n, first.problem, position) : errorText(i18n, null);
      notifyError(
        position ? `${text} (${i18n._(chapterWord)} ${formatChapter(position.chapter.chapter)} / ${position.chapter.chapterYear})` : text,
        t`Rückstände nicht gespeichert`,
      );
      root.current?.querySelector<HTMLInputElement>(`[data-testid="residue-input-${first.budgetId}"]`)?.focus();
      return false;
    }
    const positions = savePositions(data, v.amounts, v.cleared);
    try {
      await trpcClient.residues.saveFinal.mutate({ departmentId: department.id, year, budgetType: source, positions });
      notifySuccess(positions.some((p) => p.amount !== null) ? t`Rückstände gespeichert` : t`Feststellung aufgehoben`);
      await invalidateResidues();
      back();
      return true;
    } catch (error) {
      const budgetId = failedLine(errorFieldOf(error), positions);
      const position = data.positions.find((p) => p.budget.budgetId === budgetId);
      const code = appCodeOf(error);
      const params = errorParamsOf(error);
      const problem = typeof params.problem === 'string' && problems.has(params.problem) ? (params.problem as ResidueProblem) : null;
      const text =
        position && code === 'InvalidValue' && problem
          ? problemText(i18n, problem, position)
          : position && code === 'SmallerThanExistingResidue'
            ? carriedUsedText(i18n, params)
            : code
              ? i18n._(errorMessages[code])
              : errorText(i18n, error);
      notifyError(
        position ? `${text} (${i18n._(chapterWord)} ${formatChapter(position.chapter.chapter)} / ${position.chapter.chapterYear})` : text,
        t`Rückstände nicht gespeichert`,
      );
      setFailed(budgetId !== null ? { budgetId, text } : null);
      return false;
    }
  }

  const setAmount = (budgetId: number, cents: number | null) => {
    setFailed(null);
    draft.set('amounts', (previous) => ({ ...previous, [String(budgetId)]: cents }));
  };
  const setCleared = (budgetId: number, clear: boolean) => {
    setFailed(null);
    draft.set('cleared', (previous) => ({ ...previous, [String(budgetId)]: clear }));
  };
  const determined = data.positions.filter((p) => p.isDetermined).length;
  const [clearing, setClearing] = useState(false);
  /** Clears every determination of the source at once (decision 23), outside the form: only while nothing typed is unsaved. */
  async function clearAll() {
    setClearing(true);
    try {
      const positions = Object.keys(determinedLines(data)).map((budgetId) => ({ budgetId: Number(budgetId), amount: null }));
      await trpcClient.residues.saveFinal.mutate({ departmentId: department.id, year, budgetType: source, positions });
      notifySuccess(t`Feststellung aufgehoben`);
      await invalidateResidues();
    } catch (error) {
      notifyError(errorText(i18n, error), t`Rückstände nicht gespeichert`);
    } finally {
      setClearing(false);
    }
  }

  const undetermined = data.positions.filter((p) => !p.isDetermined).length;
  // determined lines whose residue no longer fits (overspent or out of its bounds): the final account refuses them
  const unfit = data.positions.filter((p) => p.isDetermined && p.isOutOfBounds).length;
  return (
    <Stack ref={root} gap="sm" maw={1280} onKeyDown={draft.saveKeys(() => void draft.save())}>
      <ScreenHeader
        title={t`Feststellung der Rückstände ${year}`}
        subtitle={
          <Text size="sm" c="dimmed" data-testid="residues-source-name">
            {i18n._(sourceLabels[source])}
            {' · '}
            {undetermined > 0
              ? t`${undetermined} Kapitel noch nicht festgestellt`
              : unfit > 0
                ? t`alle Kapitel festgestellt · nicht mehr passend: ${unfit}`
                : t`alle Kapitel festgestellt`}
          </Text>
        }
        actions={
          <Group gap="xs" wrap="nowrap">
            <Button variant="default" onClick={() => void navigate({ to: '.', search: {} })} data-testid="residues-back">
              {t`Zurück`}
            </Button>
            {writesNothing || determined === 0 ? null : (
              <Tooltip label={t`Erst speichern oder die Eingaben verwerfen`} disabled={!draft.dirty} withArrow>
                <Button
                  variant="default"
                  color="red"
                  disabled={draft.dirty}
                  loading={clearing}
                  onClick={() => void clearAll()}
                  data-testid="residues-clear-all"
                >
                  {t`Alle Feststellungen aufheben`}
                </Button>
              </Tooltip>
            )}
            {writesNothing ? null : <SaveButton onSave={() => void draft.save()} saving={draft.saving} testId="residues-save" />}
          </Group>
        }
      />
      <BudgetStateAlert closed={closed} status={status} />
      {data.positions.length === 0 ? (
        <Alert color="blue" variant="light" data-testid="residues-empty">
          {source === 1 ? t`Die laufende Verwaltung hat keine Kapitel mit Beträgen.` : t`Es gibt keine Rückstandskapitel.`}
        </Alert>
      ) : (
        <Paper withBorder radius="sm">
          <form {...draft.formProps}>
            <Table striped highlightOnHover verticalSpacing={3} horizontalSpacing="xs" data-testid="residues-table">
              {linesByPart(data.positions).map((group) => (
                <PartLines
                  key={group.part}
                  part={group.part}
                  source={source}
                  positions={group.positions}
                  amounts={values.amounts}
                  cleared={values.cleared}
                  editable={!writesNothing}
                  checked={checked}
                  failed={failed}
                  onAmount={setAmount}
                  onClear={setCleared}
                />
              ))}
            </Table>
          </form>
        </Paper>
      )}
      <Group gap="lg" data-testid="residues-legend">
        <Text size="xs" c="dimmed">
          {t`Kennzeichen:`}
        </Text>
        {([1, 2] as const).map((bit) => (
          <Group key={bit} gap={4}>
            <FlagBadge bit={bit} />
            <Text size="xs" c="dimmed">
              {i18n._(flagLabels[bit])}
            </Text>
          </Group>
        ))}
      </Group>
      <UnsavedChangesGuard dirty={draft.dirty} searchKeys={['source']} onSave={writesNothing ? undefined : draft.saveAndLeave} />
    </Stack>
  );
}
