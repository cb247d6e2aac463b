import { formatChapter, type Part, type ResiduePosition } from '@app/domain';
import { useLingui } from '@lingui/react/macro';
import { ActionIcon, Badge, Group, Table, Text, Tooltip } from '@mantine/core';
import { Amount, AmountCell } from '../../ui/Amount.tsx';
import { AmountInput } from '../../ui/AmountInput.tsx';
import { chapterDescription, chapterWord } from '../../ui/chartLabels.ts';
import { amountOf, type ClearedLines, flagBits, isCleared, type ResidueAmounts, residueTotal, rowProblem } from './determination.ts';
import { RecordHistoryButton } from '../audit/RecordHistoryButton.tsx';
import { useScope } from '../scope/useScope.ts';
import { changedText, flagLabels, overspentHint, overspentText, problemText, stateLabels } from './labels.ts';

export type DeterminationSource = 1 | 2;

export function FlagBadge({ bit }: { bit: 1 | 2 }) {
  const { i18n } = useLingui();
  return (
    <Tooltip label={i18n._(flagLabels[bit])} withArrow>
      <Badge size="sm" radius="sm" variant="light" color={bit === 1 ? 'grape' : 'orange'} px={6} data-testid={`residue-flag-${bit}`}>
        {bit}
      </Badge>
    </Tooltip>
  );
}

/** One state mark: a small badge beside the description, with its explanation as a tooltip when there is one. */
function StateBadge({
  label,
  color,
  variant = 'light',
  tooltip,
  testId,
  outOfBounds,
}: {
  label: string;
  color: string;
  variant?: 'light' | 'outline';
  tooltip?: string;
  testId: string;
  outOfBounds?: boolean;
}) {
  const badge = (
    <Badge
      size="sm"
      radius="sm"
      tt="none"
      style={{ flexShrink: 0, overflow: 'visible' }}
      variant={variant}
      color={color}
      data-testid={testId}
      data-out-of-bounds={outOfBounds ? 'true' : undefined}
    >
      {label}
    </Badge>
  );
  return tooltip === undefined ? (
    badge
  ) : (
    <Tooltip label={tooltip} withArrow multiline maw={320}>
      {badge}
    </Tooltip>
  );
}

/** The mark of a line's state beside its description: overspent, changed after the determination (still fitting or not), being cleared. */
function StateMark({ position, clearing }: { position: ResiduePosition; clearing: boolean }) {
  const { i18n } = useLingui();
  const id = position.budget.budgetId;
  if (clearing) return <StateBadge label={i18n._(stateLabels.clearing)} color="gray" variant="outline" testId={`residue-clearing-${id}`} />;
  if (position.isOverspent)
    return <StateBadge label={i18n._(stateLabels.overspent)} color="red" tooltip={i18n._(overspentText)} testId={`residue-overspent-${id}`} />;
  if (position.isChanged)
    return (
      <StateBadge
        label={i18n._(position.isOutOfBounds ? stateLabels.outOfBounds : stateLabels.changed)}
        color={position.isOutOfBounds ? 'red' : 'yellow'}
        tooltip={changedText(i18n, position)}
        testId={`residue-changed-${id}`}
        outOfBounds={position.isOutOfBounds}
      />
    );
  return null;
}

/** The actions of a line: the proposal copied into the input (open payments + reservations), the determination cleared or kept, its Verlauf. */
function LineActions({
  position,
  year,
  editable,
  clearing,
  onAmount,
  onClear,
}: {
  position: ResiduePosition;
  /** The scope year (a line of another year names it in the history's title). */
  year: number;
  editable: boolean;
  clearing: boolean;
  onAmount: (budgetId: number, cents: number | null) => void;
  onClear: (budgetId: number, clear: boolean) => void;
}) {
  const { t } = useLingui();
  const id = position.budget.budgetId;
  const code = formatChapter(position.chapter.chapter);
  const chapterYear = position.chapter.chapterYear;
  // the line's Verlauf (everyone, the auditor too): the determinations that changed it
  const history = (
    <RecordHistoryButton compact record={{ entity: 'residue', chapterLine: id, label: chapterYear === year ? code : `${chapterYear} ${code}` }} />
  );
  if (!editable) return history;
  return (
    <Group gap={0} wrap="nowrap" justify="center">
      {position.isEditable && !clearing ? (
        <Tooltip label={t`Vorschlag übernehmen (offene Zahlungen + Vormerkungen)`} withArrow>
          <ActionIcon
            variant="subtle"
            size="sm"
            tabIndex={-1}
            aria-label={t`Vorschlag übernehmen: ${code}`}
            onClick={() => onAmount(id, position.proposal)}
            data-testid={`residue-copy-${id}`}
          >
            →
          </ActionIcon>
        </Tooltip>
      ) : null}
      {position.isDetermined ? (
        <Tooltip label={clearing ? t`Feststellung beibehalten` : t`Feststellung aufheben`} withArrow>
          <ActionIcon
            variant="subtle"
            size="sm"
            color="gray"
            tabIndex={-1}
            aria-label={clearing ? t`Feststellung beibehalten: ${code}` : t`Feststellung aufheben: ${code}`}
            onClick={() => onClear(id, !clearing)}
            data-testid={`residue-clear-${id}`}
          >
            {clearing ? '↺' : '×'}
          </ActionIcon>
        </Tooltip>
      ) : null}
      {history}
    </Group>
  );
}

/** The final residue of a line: the input (editable), the overspent note, "cleared on save", or the amount shown. */
function ResidueCell({
  position,
  amounts,
  editable,
  clearing,
  error,
  onAmount,
}: {
  position: ResiduePosition;
  amounts: ResidueAmounts;
  editable: boolean;
  clearing: boolean;
  error: string | undefined;
  onAmount: (budgetId: number, cents: number | null) => void;
}) {
  const { t, i18n } = useLingui();
  const id = position.budget.budgetId;
  const code = formatChapter(position.chapter.chapter);
  if (clearing)
    return (
      <Table.Td ta="right">
        <Amount cents={position.budget.finalResidue ?? 0} size="sm" c="dimmed" td="line-through" data-testid={`residue-amount-${id}`} />
      </Table.Td>
    );
  if (editable && position.isEditable)
    return (
      <Table.Td py={2}>
        <AmountInput
          size="xs"
          aria-label={t`Endrückstand ${code}`}
          value={amounts[String(id)] ?? null}
          error={error}
          onChange={(cents) => onAmount(id, cents)}
          data-testid={`residue-input-${id}`}
          data-chapter={`${position.chapter.chapterYear}-${position.chapter.chapter}`}
        />
      </Table.Td>
    );
  if (position.isOverspent && position.budget.finalResidue === null)
    return (
      <Table.Td ta="right">
        <Text size="xs" c="red" fw={600} data-testid={`residue-amount-${id}`}>
          {i18n._(overspentHint)}
        </Text>
      </Table.Td>
    );
  return (
    <AmountCell cents={position.isEditable ? amountOf(amounts, position) : (position.budget.finalResidue ?? position.amount)} testId={`residue-amount-${id}`} />
  );
}

/** The head and the lines of one part (the revenue or payment column is named after the part). */
export function PartLines({
  part,
  source,
  positions,
  amounts,
  cleared,
  editable,
  checked,
  failed,
  onAmount,
  onClear,
}: {
  part: Part;
  source: DeterminationSource;
  positions: ResiduePosition[];
  amounts: ResidueAmounts;
  cleared: ClearedLines;
  editable: boolean;
  checked: boolean;
  failed: { budgetId: number; text: string } | null;
  onAmount: (budgetId: number, cents: number | null) => void;
  onClear: (budgetId: number, clear: boolean) => void;
}) {
  const { t, i18n } = useLingui();
  const { year } = useScope();
  const total = residueTotal(positions, amounts, cleared);
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
          <Table.Th w={124} ta="right">
            {part === 1 ? t`Eingänge` : t`Zahlungen`}
          </Table.Th>
          <Table.Th w={120} ta="right">
            {t`Verfügbar`}
          </Table.Th>
          <Table.Th w={editable ? 76 : 36} />
          <Table.Th w={160} ta="right">
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
          const clearing = isCleared(cleared, p);
          const problem = checked ? rowProblem(p, amounts, cleared) : null;
          const error = failed?.budgetId === id ? failed.text : problem ? problemText(i18n, problem, p) : undefined;
          const marked = p.isOverspent || (p.isOutOfBounds && !clearing);
          return (
            <Table.Tr
              key={id}
              data-testid={`residue-row-${p.chapter.chapterYear}-${p.chapter.chapter}`}
              data-error={error ? 'true' : undefined}
              data-overspent={p.isOverspent ? 'true' : undefined}
              data-changed={p.isChanged ? 'true' : undefined}
              bg={error || marked ? 'var(--mantine-color-red-light)' : undefined}
            >
              <Table.Td>
                <Text size="sm">{p.chapter.chapterYear}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                  {formatChapter(p.chapter.chapter)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Group gap={6} wrap="nowrap" justify="space-between">
                  <Text size="sm" lineClamp={2}>
                    {chapterDescription(i18n, p.chapter)}
                  </Text>
                  <StateMark position={p} clearing={clearing} />
                </Group>
              </Table.Td>
              <AmountCell cents={p.budget.allocated} />
              <AmountCell cents={p.budget.payments} />
              <AmountCell cents={p.budget.available} testId={`residue-available-${id}`} />
              <Table.Td px={0} ta="center">
                <LineActions position={p} year={year} editable={editable} clearing={clearing} onAmount={onAmount} onClear={onClear} />
              </Table.Td>
              <ResidueCell position={p} amounts={amounts} editable={editable} clearing={clearing} error={error} onAmount={onAmount} />
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
