import { z } from 'zod';
import { Id, Int } from './primitives.ts';

export const Year = Int.min(2000).max(2100);

/** Every scoped call carries the department and the financial year. */
export const ScopeInput = z.object({
  departmentId: Id,
  year: Year,
});
export type ScopeInput = z.infer<typeof ScopeInput>;

export const DepartmentBrief = z.object({
  id: z.number().int(),
  code: z.string(),
  nameDeu: z.string(),
  nameIta: z.string(),
  area: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  openPaymentsAllowed: z.boolean(),
});
export type DepartmentBrief = z.infer<typeof DepartmentBrief>;

export const Scopes = z.object({
  departments: z.array(DepartmentBrief),
  years: z.array(Year),
});
export type Scopes = z.infer<typeof Scopes>;

/** What the menu and the screens need to know about one scope. */
export const ScopeStatus = z.object({
  departmentId: z.number().int(),
  year: Year,
  isBudgetApproved: z.boolean(),
  isBudgetClosed: z.boolean(),
  hasChartOfAccounts: z.boolean(),
  openPaymentsAllowed: z.boolean(),
  isFirstYear: z.boolean(),
  /** A past year closed for the area (no year unlock): budget and booking writes answer YearLocked. */
  isYearLocked: z.boolean().optional(),
});
export type ScopeStatus = z.infer<typeof ScopeStatus>;

/**
 * Where a user lands in a department: `rememberedYear` is the year this browser used last. Without
 * a department: over the areas of all the user's departments (the department chooser).
 */
export const ScopeLandingInput = z.object({
  departmentId: Id.optional(),
  rememberedYear: Year.optional(),
});
export type ScopeLandingInput = z.infer<typeof ScopeLandingInput>;

export const ScopeLanding = z.object({
  /** The year to open, null when no financial year exists. */
  year: Year.nullable(),
  /** The latest year with a chart of accounts for the area(s), null when none has one. */
  latestReadyYear: Year.nullable(),
});
export type ScopeLanding = z.infer<typeof ScopeLanding>;

/**
 * The landing rule: the remembered year when it exists and has a chart of accounts; else the latest
 * year with a chart; else (no chart anywhere) the remembered year if it exists, else the latest year.
 * A year without a chart shows an almost empty menu, so a new year the union has just created does
 * not become anyone's start before its chart exists.
 */
export function landingYear(years: readonly number[], readyYears: readonly number[], rememberedYear?: number): ScopeLanding {
  const ready = readyYears.filter((y) => years.includes(y));
  const latestReadyYear = ready.length > 0 ? Math.max(...ready) : null;
  if (rememberedYear !== undefined && ready.includes(rememberedYear)) return { year: rememberedYear, latestReadyYear };
  if (latestReadyYear !== null) return { year: latestReadyYear, latestReadyYear };
  if (rememberedYear !== undefined && years.includes(rememberedYear)) return { year: rememberedYear, latestReadyYear };
  return { year: years.length > 0 ? Math.max(...years) : null, latestReadyYear };
}

/**
 * A department's first year in the system (DOMAIN decisions 8, 15, 25): its `firstYear` when set, else
 * the first year it has anything on its books — a budget line (forecast, manual residue or carried
 * line), a typed opening balance or an account transfer (`firstBookedYear`; what was typed before the
 * forecast keeps counting) — and while it has nothing at all, the year asked about. Opening balances,
 * manual residues and the typed previous-year forecast amounts are editable in that year only. The SQL
 * twin is packages/api ledger/firstYear.ts firstYearSql.
 */
export function departmentFirstYear(department: { firstYear: number | null; firstBookedYear: number | null }, year: number): number {
  return department.firstYear ?? department.firstBookedYear ?? year;
}
