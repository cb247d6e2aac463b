/**
 * The availability column of the chapter picker on the booking screens (issue 25 item 8): beside
 * each listed chapter what a booking may still take from its line in the booking scope — expenses
 * "verfügbar" (final budget − paid − open − reserved), revenues "noch einzunehmen" (domain
 * bookingAvailability, the figure of the positions' "vorher" column) — red when below zero, "kein
 * Ansatz" for a chapter without a budget line. One movements.chaptersBefore call per page of
 * chapters; a picker without `availability` asks nothing and shows no column.
 */
import { bookingAvailability, type ChapterBefore, type ChapterBrief, Part } from '@app/domain';
import { useLingui } from '@lingui/react/macro';
import { Text } from '@mantine/core';
import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';
import { trpc } from '../lib/trpc.ts';
import { Amount } from './Amount.tsx';
import type { DataColumn } from './DataTable.tsx';

/** What the picker needs to show availabilities: the booking scope (the picker's own year is the chart's, a residue year's too). */
export interface ChapterAvailability {
  /** The booking year (the scope's year); the chapters' year is the picker's `year`. */
  year: number;
  /** A saved movement being edited: its bookings are left out (the figures "before" it, as in its positions). */
  movementId?: number | undefined;
}

/**
 * The picker's availability column for the listed chapters (none without `availability`): one
 * query for the page, its rows matched by chapter id.
 */
export function useAvailabilityColumn(
  availability: ChapterAvailability | undefined,
  scope: { departmentId: number; chapterYear: number; part: Part | null },
  rows: ChapterBrief[] | undefined,
): DataColumn<ChapterBrief>[] {
  const { t } = useLingui();
  const ids = (rows ?? []).map((c) => c.id);
  const query = useQuery({
    ...trpc.movements.chaptersBefore.queryOptions(
      availability && ids.length > 0
        ? {
            departmentId: scope.departmentId,
            year: availability.year,
            movementId: availability.movementId,
            chapters: ids.map((chapterId) => ({ chapterId, chapterYear: scope.chapterYear })),
          }
        : skipToken,
    ),
    placeholderData: keepPreviousData,
  });
  if (!availability) return [];
  const byId = new Map<number, ChapterBefore>((query.data ?? []).map((f) => [f.chapterId, f]));
  const title = scope.part === Part.Expenses ? t`Verfügbar` : scope.part === Part.Revenues ? t`Noch einzunehmen` : t`Verfügbar / noch einzunehmen`;
  return [
    {
      key: 'available',
      header: (
        <div style={{ whiteSpace: 'normal', lineHeight: 1.2 }} title={title} data-testid="chapter-picker-available-header">
          {title}
        </div>
      ),
      width: 140,
      align: 'right',
      render: (c) => {
        const f = byId.get(c.id);
        if (!f) return null;
        if (f.lineId === null)
          return (
            <Text component="span" size="xs" c="dimmed" data-testid={`chapter-picker-available-${c.chapter}`}>
              {t`kein Ansatz`}
            </Text>
          );
        return <Amount cents={bookingAvailability(f.part, f)} size="sm" data-testid={`chapter-picker-available-${c.chapter}`} />;
      },
    },
  ];
}
