import { Amount } from '../../ui/Amount.tsx';
import type { PositionColumn } from '../../ui/PositionsTable/columns.tsx';
import type { PositionDraft } from './draft.ts';

type Figure = { before: number; after: number; exceeded: boolean } | null;

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
        header: headers.before,
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
        header: headers.after,
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
