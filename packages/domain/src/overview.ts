import { z } from 'zod';
import { Int, safeString } from './primitives.ts';
import { type Area } from './area.ts';
import { type BalanceCheck, type BalanceCheckResult } from './forecast.ts';
import { MAX_PAGE_SIZE } from './paging.ts';
import { Language } from './roles.ts';
import { ScopeInput } from './scope.ts';

/**
 * Home pages: the cashier's overview of one scope (forecast, next step, latest changes, bookings)
 * and the union's approval work list of every department the user sees.
 */

/**
 * Where a department's forecast of the year stands: `approved` (approval date set), `balanced`
 * (every balance check holds, approval missing), `unbalanced` (a check fails), `noForecast` (no
 * current-year line with an amount).
 */
export const ForecastState = z.enum(['noForecast', 'unbalanced', 'balanced', 'approved']);
export type ForecastState = z.infer<typeof ForecastState>;

/**
 * Status filter of the union list: `notApproved` = no approval date (also without a forecast);
 * `approved`; `unbalanced` = a forecast whose balance checks fail; `noForecast`.
 */
export const OverviewStatusFilter = z.enum(['notApproved', 'approved', 'unbalanced', 'noForecast']);
export type OverviewStatusFilter = z.infer<typeof OverviewStatusFilter>;

export const OverviewSort = z.enum(['code', 'name', 'revenues', 'expenses', 'state', 'approval', 'lastChange']);
export type OverviewSort = z.infer<typeof OverviewSort>;

export const SortDirection = z.enum(['asc', 'desc']);
export type SortDirection = z.infer<typeof SortDirection>;

/** A district code: `X00`, not the union's `000`. */
export const DistrictCode = safeString()
  .trim()
  .toUpperCase()
  .regex(/^[0-9A-Z]00$/, 'InvalidValue')
  .refine((v) => v !== '000', 'InvalidValue');

const OverviewFilters = {
  /** Only the district and its departments (code starting like the district's). */
  district: DistrictCode.optional(),
  status: OverviewStatusFilter.optional(),
  sort: OverviewSort.default('code'),
  dir: SortDirection.default('asc'),
  /** The language of the name column (sorting by name, CSV). */
  language: Language.default('de'),
};

/** The union list: the scope gives the year and the area whose rights decide what is seen. */
export const DepartmentOverviewInput = ScopeInput.extend({
  ...OverviewFilters,
  page: Int.min(1).default(1),
  pageSize: Int.min(1).max(MAX_PAGE_SIZE).default(10),
});
export type DepartmentOverviewInput = z.input<typeof DepartmentOverviewInput>;

/** The whole filtered and sorted list for the CSV (no paging). */
export const DepartmentOverviewExportInput = ScopeInput.extend(OverviewFilters);
export type DepartmentOverviewExportInput = z.input<typeof DepartmentOverviewExportInput>;

/** The latest budget change (or the adjustment, record number -1) of a scope. */
export interface LastChange {
  recordNumber: number;
  approved: string | null;
}

/** One department of the union list (amounts in cents; forecast = current-year initial budget). */
export interface DepartmentOverviewRow {
  departmentId: number;
  code: string;
  nameDeu: string;
  nameIta: string;
  area: Area;
  /** Forecast revenues and expenses (the chapters' amounts of the year) and the surplus used. */
  revenues: number;
  expenses: number;
  surplusUsed: number;
  /** revenues + surplusUsed - expenses */
  balance: number;
  state: ForecastState;
  isBalanced: boolean;
  approval: string | null;
  closed: boolean;
  /** The day the year's final account was approved (null while it is open). */
  finalApproval: string | null;
  lastChange: LastChange | null;
}

export interface DistrictOption {
  code: string;
  nameDeu: string;
  nameIta: string;
}

export interface DepartmentOverviewPage {
  entities: DepartmentOverviewRow[];
  page: number;
  pageSize: number;
  totalPages: number;
  total: number;
  /** The districts of the departments the user sees (filter choices). */
  districts: DistrictOption[];
}

export interface DepartmentOverviewExport {
  language: Language;
  /** Fixed: `feuerwehren-uebersicht.csv` / `panoramica-corpi.csv`. */
  fileName: string;
  year: number;
  rows: DepartmentOverviewRow[];
}

export function overviewFileName(language: Language): string {
  return language === 'it' ? 'panoramica-corpi.csv' : 'feuerwehren-uebersicht.csv';
}

/** The state of a forecast from its figures. */
export function forecastState(f: { hasForecast: boolean; isBalanced: boolean; approval: string | null }): ForecastState {
  if (f.approval) return 'approved';
  if (!f.hasForecast) return 'noForecast';
  return f.isBalanced ? 'balanced' : 'unbalanced';
}

/**
 * The cashier's next step in a scope, in the order the year runs: a chart of accounts, a forecast,
 * balanced, approved, the adjustment (general meeting), then the final account; nothing once closed.
 * Once the year is over (today after its 31.12.) an approved year's next step is its year end: the
 * residues' determination, then the final account's approval (no adjustment is proposed any more).
 */
export const HomeStep = z.enum([
  'closed',
  'chartMissing',
  'enterForecast',
  'balanceForecast',
  'approvalMissing',
  'adjustmentOpen',
  'finalAccountOpen',
  'residuesOpen',
  'finalApprovalOpen',
]);
export type HomeStep = z.infer<typeof HomeStep>;

export function nextStep(s: {
  closed: boolean;
  hasChart: boolean;
  state: ForecastState;
  hasAdjustment: boolean;
  /** Today lies after the year's 31.12. */
  yearEnded: boolean;
  /** Every line of the year has its final residue. */
  residuesDetermined: boolean;
}): HomeStep {
  if (s.closed) return 'closed';
  if (s.state === 'approved' && s.yearEnded) return s.residuesDetermined ? 'finalApprovalOpen' : 'residuesOpen';
  if (s.state === 'approved') return s.hasAdjustment ? 'finalAccountOpen' : 'adjustmentOpen';
  if (!s.hasChart) return 'chartMissing';
  if (s.state === 'noForecast') return 'enterForecast';
  if (s.state === 'unbalanced') return 'balanceForecast';
  return 'approvalMissing';
}

/** A budget change (or the adjustment) on the home page: the change amounts summed per part. */
export interface HomeChange {
  recordNumber: number;
  approved: string | null;
  notes: string;
  revenues: number;
  expenses: number;
  positions: number;
}

/**
 * Cash and open payments of the scope; null fields while the booking area provides no figures.
 * `available` is false until the scope has bookings (then the card says when it will fill).
 */
export interface HomeBookings {
  available: boolean;
  cashBalance: number | null;
  /** Payments received (revenues) and paid (expenses) this year. */
  revenuesPaid: number;
  expensesPaid: number;
  openPayments: number;
  reservations: number;
}

export interface ScopeHomeData {
  departmentId: number;
  year: number;
  forecast: DepartmentOverviewRow & { checks: Record<BalanceCheck, BalanceCheckResult> };
  step: HomeStep;
  changes: { total: number; hasAdjustment: boolean; latest: HomeChange[] };
  bookings: HomeBookings;
}
