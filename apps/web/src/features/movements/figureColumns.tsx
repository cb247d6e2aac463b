import { type ChapterBefore, formatAmount, Part } from '@app/domain';
import { useLingui } from '@lingui/react/macro';
import { Text } from '@mantine/core';
import { Amount } from '../../ui/Amount.tsx';
import type { PositionColumn } from '../../ui/PositionsTable/columns.tsx';
import type { PositionDraft } from './draft.ts';

type Figure = { before: number; after: number; exceeded: boolean } | null;

/** A figure column's title in full: it wraps onto a second line instead of being cut ("before" and "after" stay apart). */
function fullHeader(title: string, testId: string) {
  return (
    <div style={{ whiteSpace: 'normal', lineHeight: 1.2 }} data-testid={testId}>
      {title}
    </div>
  );
}

/**
 * The figures under a position's chapter: every term of the availability, so they add up on screen
 * (expenses: final budget − paid − open − reserved = available; revenues: final budget − collected =
 * still to collect); red when the chapter has no budget line. Wraps rather than hiding a term.
 */
export function FiguresLine({ before, part, testId }: { before: ChapterBefore; part: Part; testId: string }) {
  const { t } = useLingui();
  const f = (cents: number) => formatAmount(cents);
  const text =
    before.lineId === null
      ? t`Kein Ansatz für dieses Kapitel`
      : part === Part.Expenses
        ? t`Endansatz ${f(before.budgetFinal)} − bezahlt ${f(before.payments)} − offen ${f(before.openPayments)} − vorgemerkt ${f(before.reservations)} = verfügbar ${f(before.availableAfterPlannedExpenses)}`
        : t`Endansatz ${f(before.budgetFinal)} − eingenommen ${f(before.payments)} = noch einzunehmen ${f(before.toReceive)}`;
  return (
    <Text size="xs" c={before.lineId === null ? 'red' : 'dimmed'} title={text} data-testid={testId}>
      {text}
    </Text>
  );
}

/**
 * The figure columns of the positions form around the amount: the chapter's availability (or what is
 * still to collect) before this movement and after it, red when exceeded. None on a cancelled record
 * (`cancelled`: its kept rows count 0, DOMAIN decision 27).
 */
export function figureColumns(
  headers: { before: string; after: string },
  figureOf: (row: PositionDraft) => Figure,
  cancelled: boolean,
): { before: PositionColumn<PositionDraft>[]; after: PositionColumn<PositionDraft>[] } {
  if (cancelled) return { before: [], after: [] };
  return {
    before: [
      {
        key: 'before',
        header: fullHeader(headers.before, 'figure-header-before'),
        headerTitle: headers.before,
        width: 145,
        align: 'right',
        cell: (row) => {
          const f = figureOf(row);
          return f ? <Amount cents={f.before} size="sm" c="dimmed" data-testid={`available-before-${row.chapter}`} /> : null;
        },
      },
    ],
    after: [
      {
        key: 'after',
        header: fullHeader(headers.after, 'figure-header-after'),
        headerTitle: headers.after,
        width: 145,
        align: 'right',
        cell: (row) => {
          const f = figureOf(row);
          if (!f) return null;
          return (
            <Amount
              cents={f.after}
              size="sm"
              fw={500}
              c={f.exceeded ? 'red' : undefined}
              data-exceeded={f.exceeded ? 'true' : undefined}
              data-testid={`available-after-${row.chapter}`}
            />
          );
        },
      },
    ],
  };
}
