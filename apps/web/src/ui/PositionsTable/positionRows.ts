/** Rows of a positions table (ui/PositionsTable/): what every row has, and the pending-row rule. No React here (unit-tested). */

/** What a positions row needs: a stable key, the chapter code, its amount (null: empty field), and whether it was added in this session. */
export interface PositionRow {
  key: string;
  chapter: string;
  amount: number | null;
  isNew: boolean;
  /** The forecast's previous-year amount (typed in the department's first year). */
  amountPrevYear?: number;
}

/** A new row with an empty or zero amount: it must get an amount or be deleted before leaving it. */
export function isPendingRow(row: { isNew: boolean; amount: number | null; amountPrevYear?: number }): boolean {
  // a typed previous-year amount (first year in the system) is content of its own
  return row.isNew && (row.amount === null || row.amount === 0) && !row.amountPrevYear;
}
