import { Part } from './chapterCode.ts';

/**
 * AvailableExceeded, the one condition of server and web (a confirmation, never a block; README
 * Decisions): a record asks for it on an expense line whose availability after planned expenses,
 * with the record as it is going to be saved (`after`), is below 0, when the record takes more from
 * the line than its saved version did. `bookedAfter` is what the record takes from the line's
 * availability now — a movement's positions less what they take from their reservations and both
 * sides of its transfer positions; a budget change lowering the chapter its reduction — and
 * `bookedBefore` what the saved version took (0 for a new record). So re-saving a record that takes
 * no more from an overspent line asks nothing, and a revenue line never asks.
 */
export function availabilityExceeded(line: { part: number; after: number; bookedBefore: number; bookedAfter: number }): boolean {
  return line.part === Part.Expenses && line.bookedAfter > line.bookedBefore && line.after < 0;
}
