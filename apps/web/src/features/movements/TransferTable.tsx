import { type ChapterBefore, formatChapter, type Part } from '@app/domain';
import { useLingui } from '@lingui/react/macro';
import { Button, Group, Paper, Table, Text, TextInput } from '@mantine/core';
import { Amount } from '../../ui/Amount.tsx';
import { AmountInput } from '../../ui/AmountInput.tsx';
import type { ChapterAvailability } from '../../ui/chapterAvailability.tsx';
import { ChapterCodeInput } from '../../ui/ChapterCodeInput.tsx';
import { cancelledRows, headCell, rowInput } from '../../ui/PositionsTable/cellStyles.ts';
import { RowDeleteButton } from '../../ui/PositionsTable/PositionTableRow.tsx';
import { onRowKey } from '../../ui/tableKeys.ts';
import { lineOfChoice } from './chapterLines.ts';
import { type ChapterLine, rowKey, type TransferDraft } from './draft.ts';
import { FiguresLine } from './figureColumns.tsx';
import { RowAmount } from '../../ui/RowAmount.tsx';

type Figure = { before: number; after: number; exceeded: boolean } | null;

/** The chapter figures of a transfer: each line's figures before the movement and its availability after it. */
export interface TransferFigures {
  figureOf: (line: { chapterId: number; chapterYear: number; part: Part }) => Figure;
  beforeOf: (line: { chapterId: number; chapterYear: number }) => ChapterBefore | undefined;
  /** The chapter pickers show each chapter's availability. */
  availability?: ChapterAvailability | undefined;
}

/**
 * A chapter side of a transfer: the code field (typed or picked), every term of the chapter's
 * availability before the movement (the positions' shared FiguresLine) and the availability after it.
 */
function Side({
  line,
  onChange,
  editable,
  departmentId,
  year,
  name,
  figures,
}: {
  line: ChapterLine | null;
  onChange: (line: ChapterLine | null) => void;
  editable: boolean;
  departmentId: number;
  year: number;
  name: string;
  figures: TransferFigures;
}) {
  const { t } = useLingui();
  const figure = line ? figures.figureOf(line) : null;
  const before = line ? figures.beforeOf(line) : undefined;
  const figureHeader = line?.part === 2 ? t`Verfügbar` : t`Noch einzunehmen`;
  const value = line
    ? {
        id: line.chapterId,
        chapter: line.chapter,
        part: line.part,
        descriptionDeu: line.descriptionDeu,
        descriptionIta: line.descriptionIta,
        emptyChapter: false,
      }
    : null;
  return (
    <div style={{ minWidth: 0 }}>
      <ChapterCodeInput
        departmentId={departmentId}
        year={line?.chapterYear ?? year}
        value={value}
        onChange={(c) => onChange(c ? lineOfChoice(c, year) : null)}
        disabled={!editable}
        name={name}
        w={120}
        availability={figures.availability}
      />
      {line && before ? <FiguresLine before={before} part={line.part} testId={`${name}-terms`} /> : null}
      {figure ? (
        <Text size="xs" c={figure.exceeded ? 'red' : 'dimmed'} data-testid={`${name}-figure`} data-exceeded={figure.exceeded ? 'true' : undefined}>
          {t`${figureHeader} nachher`}: <Amount cents={figure.after} size="xs" fw={600} style={{ minWidth: 0 }} c={figure.exceeded ? 'red' : undefined} />
        </Text>
      ) : null}
    </div>
  );
}

/**
 * Transfer positions (types 3 and 5, or the supervisor's inter-part mode): chapter from, chapter to
 * (each typed as a 5-character code or picked), amount and note; one a revenue and one an expense
 * chapter (the server checks). Ctrl+Delete deletes a row.
 */
export function TransferTable({
  rows,
  setRows,
  editable,
  departmentId,
  year,
  figures,
  total,
  cancelled = false,
}: {
  rows: TransferDraft[];
  setRows: (update: (rows: TransferDraft[]) => TransferDraft[]) => void;
  editable: boolean;
  departmentId: number;
  year: number;
  figures: TransferFigures;
  total: number;
  /** A cancelled record's kept rows (DOMAIN decision 27): struck through, each with the amount it had. */
  cancelled?: boolean;
}) {
  const { t } = useLingui();
  const update = (key: string, patch: Partial<TransferDraft>) => setRows((rs) => rs.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const remove = (key: string) => setRows((rs) => rs.filter((r) => r.key !== key));

  function add() {
    const key = rowKey('t');
    setRows((rs) => [...rs, { key, from: null, to: null, amount: null, note: '' }]);
    requestAnimationFrame(() => document.querySelector<HTMLInputElement>(`[data-transfer-row="${key}"] input[name^="from"]`)?.focus());
  }

  return (
    <Paper withBorder radius="sm">
      <Table.ScrollContainer minWidth={980}>
        <Table
          verticalSpacing={4}
          horizontalSpacing="xs"
          fz="sm"
          layout="fixed"
          striped
          data-testid="movement-transfers"
          data-cancelled={cancelled || undefined}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th style={headCell}>{t`Von Kapitel`}</Table.Th>
              <Table.Th style={headCell}>{t`Nach Kapitel`}</Table.Th>
              <Table.Th w={210} style={headCell}>
                {t`Anmerkung`}
              </Table.Th>
              <Table.Th w={150} ta="right" style={headCell}>
                {t`Betrag`}
              </Table.Th>
              <Table.Th w={36} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody style={cancelled ? cancelledRows : undefined}>
            {rows.map((row, index) => (
              <Table.Tr
                key={row.key}
                data-transfer-row={row.key}
                data-testid={`transfer-${index}`}
                onKeyDown={editable ? (e) => onRowKey(e, () => remove(row.key)) : undefined}
              >
                <Table.Td style={{ verticalAlign: 'top' }}>
                  <Side
                    line={row.from}
                    onChange={(from) => update(row.key, { from })}
                    editable={editable}
                    departmentId={departmentId}
                    year={year}
                    name={`from-${index}`}
                    figures={figures}
                  />
                </Table.Td>
                <Table.Td style={{ verticalAlign: 'top' }}>
                  <Side
                    line={row.to}
                    onChange={(to) => update(row.key, { to })}
                    editable={editable}
                    departmentId={departmentId}
                    year={year}
                    name={`to-${index}`}
                    figures={figures}
                  />
                </Table.Td>
                <Table.Td style={{ verticalAlign: 'top' }}>
                  {editable ? (
                    <TextInput
                      size="sm"
                      styles={rowInput}
                      maxLength={200}
                      value={row.note}
                      onChange={(e) => update(row.key, { note: e.currentTarget.value })}
                      aria-label={t`Anmerkung`}
                      data-testid={`transfer-note-${index}`}
                    />
                  ) : (
                    <Text size="sm" truncate>
                      {row.note}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="right" style={{ verticalAlign: 'top' }}>
                  {editable ? (
                    <AmountInput
                      size="sm"
                      value={row.amount}
                      onChange={(cents) => update(row.key, { amount: cents })}
                      error={row.amount === 0 ? t`Betrag 0` : undefined}
                      aria-label={t`Betrag`}
                      data-testid={`transfer-amount-${index}`}
                    />
                  ) : (
                    <RowAmount cents={cancelled ? row.originalAmount : row.amount} cancelled={cancelled} testId={`transfer-amount-${index}`} />
                  )}
                </Table.Td>
                <Table.Td px={0} style={{ verticalAlign: 'top' }}>
                  {editable ? <RowDeleteButton chapter={row.from ? formatChapter(row.from.chapter) : `t${index}`} onDelete={() => remove(row.key)} /> : null}
                </Table.Td>
              </Table.Tr>
            ))}
            {rows.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={5}>
                  <Text size="sm" c="dimmed" py={6}>
                    {t`Noch keine Umbuchungen.`}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : null}
          </Table.Tbody>
          <Table.Tfoot style={{ borderTop: '2px solid var(--mantine-color-default-border)' }}>
            <Table.Tr>
              <Table.Td colSpan={3}>
                <Text size="sm" fw={700}>
                  {t`Summe Umbuchungen`}
                </Text>
              </Table.Td>
              <Table.Td ta="right" pr={editable ? 14 : undefined}>
                <Amount cents={total} size="sm" fw={700} data-testid="movement-transfer-total" />
              </Table.Td>
              <Table.Td />
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </Table.ScrollContainer>
      {editable ? (
        <Group px="xs" py={8} style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
          <Button variant="default" size="sm" onClick={add} data-testid="transfer-add">
            {t`Umbuchung hinzufügen`}
          </Button>
        </Group>
      ) : null}
    </Paper>
  );
}
