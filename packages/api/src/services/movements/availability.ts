import { type Db, schema, toCents } from '@app/db';
import { availabilityExceeded, Part } from '@app/domain';
import { eq, sql } from 'drizzle-orm';
import { fail } from '../../errors.ts';
import type { BookingScope } from '../ledger/bookingScope.ts';
import { chapterFigureSql, type FigureRawRow, toFigureRow } from '../ledger/chapterFigures.ts';
import type { ChapterLine } from '../ledger/lines.ts';

// The availability step of a movement save (a confirmation, README "AvailableExceeded"): what the
// movement takes from each expense line now and in its saved version, the figures without it (read
// inside the write statement), and the domain's availabilityExceeded on each line.

const { movementPositions, movementTransferPositions } = schema;

/** What a movement takes from each expense line it books on (by line id). */
export type ExpenseUse = Map<number, { line: ChapterLine; amount: number }>;

/** Amount per chapter line (expense lines only) that a set of positions and transfer positions consumes. */
export function expenseUse(lines: { line: ChapterLine; amount: number }[]): ExpenseUse {
  const use: ExpenseUse = new Map();
  for (const { line, amount } of lines) {
    if (line.part !== Part.Expenses) continue;
    const entry = use.get(line.lineId) ?? { line, amount: 0 };
    entry.amount += amount;
    use.set(line.lineId, entry);
  }
  return use;
}

/** What a saved movement consumes per expense line (for the availability check of an edit). */
export async function savedExpenseUse(tx: Db, movementId: number): Promise<Map<number, number>> {
  const positions = await tx
    .select({
      lineId: movementPositions.chapterBudgetId,
      amount: sql<number>`${movementPositions.amount} - ${movementPositions.reservationAmount}`.mapWith(toCents),
    })
    .from(movementPositions)
    .where(eq(movementPositions.movementId, movementId));
  const transfers = await tx
    .select({ from: movementTransferPositions.fromChapterBudgetId, to: movementTransferPositions.toChapterBudgetId, amount: movementTransferPositions.amount })
    .from(movementTransferPositions)
    .where(eq(movementTransferPositions.movementId, movementId));
  const use = new Map<number, number>();
  const add = (lineId: number, amount: number) => use.set(lineId, (use.get(lineId) ?? 0) + amount);
  for (const p of positions) add(p.lineId, p.amount);
  for (const t of transfers) {
    add(t.from, t.amount);
    add(t.to, t.amount);
  }
  return use;
}

/**
 * The availability check's figures (spentOnly: payments + open payments, reservations) of the expense
 * lines a movement books on, without the movement itself: one chapter-figures select per chapter year,
 * run inside the write statement (writeMovementRows `alongside`: its snapshot is the one before the
 * writes), so the check costs no round trip of its own.
 */
export function availabilityQueries(scope: BookingScope, use: ExpenseUse, movementId: number | null) {
  const years = [...new Set([...use.values()].map((u) => u.line.chapterYear))];
  return years.map((chapterYear, i) => ({
    name: `available${i}`,
    chapterYear,
    sql: chapterFigureSql({
      departmentId: scope.departmentId,
      year: scope.year,
      area: scope.area,
      chapterYear,
      chapterIds: [...use.values()].filter((u) => u.line.chapterYear === chapterYear).map((u) => u.line.chapterId),
      withBudgetOnly: true,
      excludeMovementIds: movementId === null ? undefined : [movementId],
      spentOnly: true,
    }),
  }));
}

/**
 * AvailableExceeded (a confirmation, not a block) on the lines where the domain's availabilityExceeded
 * holds: the availability after planned expenses without this movement, minus what the movement now
 * takes from the line, below 0 while it takes more than its saved version (`before`). Residue lines are
 * checked with their own figures. Thrown after the write statement, it rolls the whole save back.
 */
export function assertAvailable(
  scope: BookingScope,
  use: ExpenseUse,
  before: Map<number, number>,
  figures: { chapterYear: number; rows: FigureRawRow[] }[],
  confirmed: boolean,
): void {
  const exceeded: string[] = [];
  const excess: number[] = [];
  for (const { chapterYear, rows } of figures) {
    const byLine = new Map(rows.map((r) => toFigureRow(r, chapterYear)).map((r) => [r.lineId, r]));
    for (const u of use.values()) {
      if (u.line.chapterYear !== chapterYear) continue;
      const line = byLine.get(u.line.lineId);
      if (!line) continue;
      const after = line.availableAfterPlannedExpenses - u.amount;
      if (availabilityExceeded({ part: u.line.part, after, bookedBefore: before.get(u.line.lineId) ?? 0, bookedAfter: u.amount })) {
        exceeded.push(chapterYear === scope.year ? u.line.chapter : `${u.line.chapter}/${chapterYear}`);
        excess.push(-after);
      }
    }
  }
  // the question names each line and by how much it goes past its availability (`excess`, cents)
  if (exceeded.length > 0 && !confirmed) fail('AvailableExceeded', { params: { chapter: exceeded.join(','), excess: excess.join(',') } });
}
