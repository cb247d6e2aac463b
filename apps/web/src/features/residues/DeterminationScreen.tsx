import { formatChapter, type Part, type ResidueFinal, type ResiduePosition } from '@app/domain';
import { useLingui } from '@lingui/react/macro';
import { ActionIcon, Alert, Badge, Button, Group, Paper, Radio, Stack, Table, Text, Tooltip } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useRef, useState } from 'react';
import { errorMessages, errorText } from '../../lib/errorMessages.ts';
import { appCodeOf, errorFieldOf } from '../../lib/errors.ts';
import { trpcClient } from '../../lib/trpc.ts';
import { Amount, AmountCell } from '../../ui/Amount.tsx';
import { AmountInput } from '../../ui/AmountInput.tsx';
import { chapterDescription, chapterWord } from '../../ui/chartLabels.ts';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { SaveButton } from '../../ui/SaveButton.tsx';
import { ScreenHeader } from '../../ui/ScreenHeader.tsx';
import { UnsavedChangesGuard } from '../../ui/UnsavedChangesGuard.tsx';
import { useDraftForm } from '../../ui/useDraftForm.ts';
import { useFocusFirstField } from '../../ui/useFocusFirstField.ts';
import { BudgetStateAlert } from '../../ui/BudgetStateAlert.tsx';
import { useScope } from '../scope/useScope.ts';
import { MenuScreenGate } from '../shell/MenuScreenGate.tsx';
import {
  amountOf,
  failedLine,
  flagBits,
  initialAmounts,
  linesByPart,
  problemRows,
  type ResidueAmounts,
  residueTotal,
  rowProblem,
  savePositions,
} from './determination.ts';
import { flagLabels, problemText, sourceLabels } from './labels.ts';
import { residueFinalQuery } from './queries.ts';

const route = getRouteApi('/_authed/dept/$dept/year/$year/residues/determination');

type DeterminationSource = 1 | 2;

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
}

const toValues = (final: ResidueFinal): Values => ({ amounts: initialAmounts(final) });
const compare = (v: Values) => Object.entries(v.amounts).map(([id, cents]) => [id, cents ?? 0]);

/**
 * The lines of one source per part: year, chapter, description, allocation (instalment or residue),
 * revenues or payments, available, the copy button (available → input), the final residue (an input
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
  const closed = data.isBudgetClosed;
  const editable = !closed && data.positions.some((p) => p.isEditable);
  useFocusFirstField(root, editable);

  const back = () => void navigate({ to: '.', search: {}, ignoreBlocker: true });

  async function onSave(v: Values): Promise<boolean> {
    if (closed) return false;
    setChecked(true);
    const problems = problemRows(data, v.amounts);
    const first = problems[0];
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
    const positions = savePositions(data, v.amounts);
    try {
      await trpcClient.residues.saveFinal.mutate({ departmentId: department.id, year, budgetType: source, positions });
      notifySuccess(t`Rückstände gespeichert`);
      back();
      return true;
    } catch (error) {
      const budgetId = failedLine(errorFieldOf(error), positions);
      const position = data.positions.find((p) => p.budget.budgetId === budgetId);
      const code = appCodeOf(error);
      const text =
        position && (code === 'SmallerThanExistingResidue' || code === 'InvalidValue')
          ? problemText(i18n, code, position)
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

  const undetermined = data.positions.filter((p) => !p.isDetermined).length;
  return (
    <Stack ref={root} gap="sm" maw={1280} onKeyDown={draft.saveKeys(() => void draft.save())}>
      <ScreenHeader
        title={t`Feststellung der Rückstände ${year}`}
        subtitle={
          <Text size="sm" c="dimmed" data-testid="residues-source-name">
            {i18n._(sourceLabels[source])}
            {' · '}
            {undetermined > 0 ? t`${undetermined} Kapitel noch nicht festgestellt` : t`alle Kapitel festgestellt`}
          </Text>
        }
        actions={
          <Group gap="xs" wrap="nowrap">
            <Button variant="default" onClick={() => void navigate({ to: '.', search: {} })} data-testid="residues-back">
              {t`Zurück`}
            </Button>
            {closed ? null : <SaveButton onSave={() => void draft.save()} saving={draft.saving} testId="residues-save" />}
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
                  editable={!closed}
                  checked={checked}
                  failed={failed}
                  onAmount={setAmount}
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
      <UnsavedChangesGuard dirty={draft.dirty} searchKeys={['source']} onSave={closed ? undefined : draft.saveAndLeave} />
    </Stack>
  );
}

function FlagBadge({ bit }: { bit: 1 | 2 }) {
  const { i18n } = useLingui();
  return (
    <Tooltip label={i18n._(flagLabels[bit])} withArrow>
      <Badge size="sm" radius="sm" variant="light" color={bit === 1 ? 'grape' : 'orange'} px={6} data-testid={`residue-flag-${bit}`}>
        {bit}
      </Badge>
    </Tooltip>
  );
}

/** The head and the lines of one part (the revenue or payment column is named after the part). */
function PartLines({
  part,
  source,
  positions,
  amounts,
  editable,
  checked,
  failed,
  onAmount,
}: {
  part: Part;
  source: DeterminationSource;
  positions: ResiduePosition[];
  amounts: ResidueAmounts;
  editable: boolean;
  checked: boolean;
  failed: { budgetId: number; text: string } | null;
  onAmount: (budgetId: number, cents: number | null) => void;
}) {
  const { t, i18n } = useLingui();
  const total = residueTotal(positions, amounts);
  return (
    <>
      <Table.Thead>
        <Table.Tr>
          <Table.Th colSpan={9} pt="sm">
            <Text fw={700} size="sm">
              {part === 1 ? t`Einnahmen` : t`Ausgaben`}
            </Text>
          </Table.Th>
        </Table.Tr>
        <Table.Tr>
          <Table.Th w={56}>{t`Jahr`}</Table.Th>
          <Table.Th w={82}>{i18n._(chapterWord)}</Table.Th>
          <Table.Th>{t`Beschreibung`}</Table.Th>
          <Table.Th w={140} ta="right">
            {source === 1 ? t`Endansatz` : t`Rückstand`}
          </Table.Th>
          <Table.Th w={128} ta="right">
            {part === 1 ? t`Eingänge` : t`Zahlungen`}
          </Table.Th>
          <Table.Th w={128} ta="right">
            {t`Verfügbar`}
          </Table.Th>
          <Table.Th w={36} />
          <Table.Th w={150} ta="right">
            {t`Endrückstand`}
          </Table.Th>
          <Table.Th w={64} ta="center">
            {t`Kennz.`}
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {positions.map((p) => {
          const id = p.budget.budgetId;
          const problem = checked ? rowProblem(p, amounts) : null;
          const error = failed?.budgetId === id ? failed.text : problem ? problemText(i18n, problem, p) : undefined;
          const code = formatChapter(p.chapter.chapter);
          return (
            <Table.Tr
              key={id}
              data-testid={`residue-row-${p.chapter.chapterYear}-${p.chapter.chapter}`}
              data-error={error ? 'true' : undefined}
              bg={error ? 'var(--mantine-color-red-light)' : undefined}
            >
              <Table.Td>
                <Text size="sm">{p.chapter.chapterYear}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                  {code}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" lineClamp={2}>
                  {chapterDescription(i18n, p.chapter)}
                </Text>
              </Table.Td>
              <AmountCell cents={p.budget.allocated} />
              <AmountCell cents={p.budget.payments} />
              <AmountCell cents={p.budget.available} testId={`residue-available-${id}`} />
              <Table.Td px={0} ta="center">
                {editable && p.isEditable ? (
                  <Tooltip label={t`Verfügbaren Betrag übernehmen`} withArrow>
                    <ActionIcon
                      variant="subtle"
                      size="sm"
                      tabIndex={-1}
                      aria-label={t`Verfügbaren Betrag übernehmen: ${code}`}
                      onClick={() => onAmount(id, p.budget.available)}
                      data-testid={`residue-copy-${id}`}
                    >
                      →
                    </ActionIcon>
                  </Tooltip>
                ) : null}
              </Table.Td>
              {editable && p.isEditable ? (
                <Table.Td py={2}>
                  <AmountInput
                    size="xs"
                    aria-label={t`Endrückstand ${code}`}
                    value={amounts[String(id)] ?? null}
                    error={error}
                    onChange={(cents) => onAmount(id, cents)}
                    data-testid={`residue-input-${id}`}
                    data-chapter={`${p.chapter.chapterYear}-${p.chapter.chapter}`}
                  />
                </Table.Td>
              ) : (
                <AmountCell cents={p.isEditable ? amountOf(amounts, p) : (p.budget.finalResidue ?? p.amount)} testId={`residue-amount-${id}`} />
              )}
              <Table.Td ta="center">
                <Group gap={3} justify="center" wrap="nowrap">
                  {flagBits(p.budget.flag).map((bit) => (
                    <FlagBadge key={bit} bit={bit} />
                  ))}
                </Group>
              </Table.Td>
            </Table.Tr>
          );
        })}
        <Table.Tr fw={700}>
          <Table.Td colSpan={7}>
            <Text size="sm" fw={700}>
              {part === 1 ? t`Summe aktive Rückstände` : t`Summe passive Rückstände`}
            </Text>
          </Table.Td>
          <Table.Td ta="right" pr={editable ? 14 : undefined}>
            <Amount cents={total} size="sm" fw={700} data-testid={`residues-total-${part}`} />
          </Table.Td>
          <Table.Td />
        </Table.Tr>
      </Table.Tbody>
    </>
  );
}
