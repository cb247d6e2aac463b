import type { AccessLevel, Area } from '@app/domain';

/**
 * The booking scope: the scope of a call as the scoped procedure resolved it (department, year, the
 * department's code and area), plus today (Europe/Rome) and the caller's access level — what
 * `bookingProcedure` (trpc.ts) hands every booking area (budget, movements, reservations, cash,
 * payments, residues, final account). The one scope type of the areas; a function that needs less
 * takes a `Pick` of it.
 */
export interface BookingScope {
  departmentId: number;
  year: number;
  area: Area;
  departmentCode: string;
  /** `YYYY-MM-DD` (Europe/Rome): booking and budget dates may not lie after it. */
  today: string;
  accessLevel: AccessLevel;
}

/** Where a series of a scope runs: one department and year (record counters, cash balances, residue lines). */
export type YearScope = Pick<BookingScope, 'departmentId' | 'year'>;
