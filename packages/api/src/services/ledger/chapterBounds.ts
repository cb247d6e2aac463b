import type { Db } from '@app/db';
import { MAX_CENTS } from '@app/domain';
import { fail } from '../../errors.ts';
import type { BookingScope } from './bookingScope.ts';
import { chapterFigureRows } from './chapterFigures.ts';

/**
 * Chapter figures across records (issue 26): after a write that books on chapter lines, inside its
 * transaction, every figure of those lines (budget, payments, reservations, availabilities…) must
 * still hold in Cents — a line already paid at the maximum plus a reservation at the maximum would
 * give an availability no answer can carry. Otherwise InvalidValue on `field` (`{ max, chapter }`) and
 * the write rolls back, so the chapter reads keep answering. One query per chapter year touched.
 */
export async function assertLinesWithinBounds(
  db: Db,
  scope: BookingScope,
  lines: readonly { chapterId: number; chapterYear: number }[],
  field: string,
): Promise<void> {
  const byYear = new Map<number, Set<number>>();
  for (const line of lines) byYear.set(line.chapterYear, (byYear.get(line.chapterYear) ?? new Set()).add(line.chapterId));
  for (const [chapterYear, ids] of byYear) {
    const { rows } = await chapterFigureRows(db, { departmentId: scope.departmentId, year: scope.year, area: scope.area, chapterYear, chapterIds: [...ids] });
    for (const row of rows) {
      // ids, years and titles are small: any number beyond the maximum is a figure beyond it
      const beyond = Object.values(row).some((v) => typeof v === 'number' && (!Number.isSafeInteger(v) || Math.abs(v) > MAX_CENTS));
      if (beyond) fail('InvalidValue', { field, params: { max: MAX_CENTS, chapter: row.chapter } });
    }
  }
}
