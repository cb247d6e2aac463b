import type { SQL } from 'drizzle-orm';

/**
 * The lines a booking source is asked for: departments and a year range (one scope is
 * `[departmentId]`, year..year; the statistics export asks for many departments and years at once).
 */
export interface FigureScope {
  departmentIds: number[];
  yearFrom: number;
  yearTo: number;
  /** Movements left out (the figures "before" a movement, for its positions form). */
  excludeMovementIds?: number[] | undefined;
  /**
   * Per line only what the availability needs: payments + open payments summed as `payments` (open 0),
   * reservations as usual — the save's check, cheaper than the split (the sources decide how).
   */
  spentOnly?: boolean | undefined;
}

/**
 * A source of booking aggregates: a select yielding `chapter_budget_id, payments, open_payments,
 * reservations` (numeric) for the lines of the scope's departments and years. The booking area adds
 * its sources here (payments of movements, open payments, remaining reservations); their rows are
 * summed per line.
 *
 * `line`, when given, is an SQL expression for one chapter line id of the outer query (`l.id`): the
 * source then yields only that line's rows, starting from an index on the line column. The chapter
 * screens ask per line (a LATERAL join, cost grows with the lines shown, not with the scope's
 * bookings); the home card and the statistics ask for the whole scope at once (no `line`).
 */
export interface FigureSource {
  name: string;
  /** null: nothing to add for this scope (a source another one covers in `spentOnly` mode). */
  select: (scope: FigureScope, line?: SQL) => SQL | null;
}
