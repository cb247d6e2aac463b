import { z } from 'zod';
import { Cents, sumCents } from './money.ts';
import { NullText, Num, Text } from './outputs.ts';
import { DistrictCode } from './overview.ts';
import { ScopeInput } from './scope.ts';

/**
 * Overview/Union (issue 30): the union's dashboard. Per department the forecast's and the final account's state, the
 * cash at the end of each month, the open payments, the residues carried into the year and the exceeded expense
 * chapters; per district and for the union their sums (unionTotals), and the late approvals (lateApprovals). Every
 * figure is one department's own read summed (README "The year at a glance (issue 30)"); the rules of "late" are here.
 */

export const UnionOverviewInput = ScopeInput.extend({
  /** Only the district and its departments (as the union list's filter). */
  district: DistrictCode.optional(),
});
export type UnionOverviewInput = z.input<typeof UnionOverviewInput>;

/** The forecast of the year: no amount, amounts without approval, approved by its deadline, or late. */
export const FORECAST_STATES = ['missing', 'draft', 'approved', 'late'] as const;
export const UnionForecastState = z.enum(FORECAST_STATES);
export type UnionForecastState = z.infer<typeof UnionForecastState>;

/** The final account of the year: residues not all determined, all determined, approved by its deadline, or late. */
export const FINAL_ACCOUNT_STATES = ['open', 'determined', 'approved', 'late'] as const;
export const UnionFinalAccountState = z.enum(FINAL_ACCOUNT_STATES);
export type UnionFinalAccountState = z.infer<typeof UnionFinalAccountState>;

const StateCounts = <T extends readonly [string, ...string[]]>(states: T) =>
  z.strictObject(Object.fromEntries(states.map((s) => [s, Num])) as { [K in T[number]]: typeof Num });

export const ForecastCounts = StateCounts(FORECAST_STATES);
export type ForecastCounts = z.infer<typeof ForecastCounts>;
export const FinalAccountCounts = StateCounts(FINAL_ACCOUNT_STATES);
export type FinalAccountCounts = z.infer<typeof FinalAccountCounts>;

export const UnionDepartment = z.strictObject({
  departmentId: Num,
  code: Text,
  nameDeu: Text,
  nameIta: Text,
  /** `X00`: the district the department belongs to (the union's own `000`). */
  district: Text,
  forecast: UnionForecastState,
  forecastApproval: NullText,
  finalAccount: UnionFinalAccountState,
  finalApproval: NullText,
  /** The sum of the department's accounts at the end of each month (January first), as Overview/Year's cashMonthEnds. */
  cashMonthEnds: z.array(Cents).length(12),
  /** The unpaid instalments the year pays (Payments/Open's count and total). */
  openPaymentsCount: Num,
  openPayments: Cents,
  /** Residues carried into the year: the final budget of its residue lines, revenues (active) and expenses (passive). */
  activeResidues: Cents,
  passiveResidues: Cents,
  /** Expense chapters of the year whose availability after planned expenses is below 0 (Budget/Chapters). */
  exceededChapters: Num,
});
export type UnionDepartment = z.infer<typeof UnionDepartment>;

export const UnionTotals = z.strictObject({
  /** `X00`, or null for the union (every department shown). */
  district: NullText,
  departments: Num,
  forecast: ForecastCounts,
  finalAccount: FinalAccountCounts,
  cashMonthEnds: z.array(Cents).length(12),
  openPaymentsCount: Num,
  openPayments: Cents,
  activeResidues: Cents,
  passiveResidues: Cents,
  /** Departments with at least one exceeded chapter. */
  withExceededChapters: Num,
  exceededChapters: Num,
});
export type UnionTotals = z.infer<typeof UnionTotals>;

export const LateApproval = z.strictObject({
  departmentId: Num,
  code: Text,
  nameDeu: Text,
  nameIta: Text,
  kind: z.enum(['forecast', 'finalAccount']),
  deadline: Text,
  /** null: still not approved. */
  approval: NullText,
  /** Days after the deadline: to the approval, or to today while it is missing. */
  daysLate: Num,
});
export type LateApproval = z.infer<typeof LateApproval>;

export const UnionOverview = z.strictObject({
  year: Num,
  /** The day the states are of (Europe/Rome). */
  date: Text,
  forecastDeadline: Text,
  finalAccountDeadline: Text,
  /** Sorted by code. */
  departments: z.array(UnionDepartment),
  /** One row per district shown, by code. */
  districts: z.array(UnionTotals),
  union: UnionTotals,
  /** Forecast then final account, each by deadline, then days late (most first), then code. */
  late: z.array(LateApproval),
});
export type UnionOverview = z.infer<typeof UnionOverview>;

/**
 * The forecast of year Y is due by 31.12. of Y−1: the year's management starts on 1.1. with it (DOMAIN "Forecast
 * and approval"; the approval may be dated from 1.1. of Y−1).
 */
export function forecastDeadline(year: number): string {
  return `${year - 1}-12-31`;
}

/** The final account of year Y is due by 31.03. of Y+1, the legal deadline of DOMAIN "Final account approval date". */
export function finalAccountDeadline(year: number): string {
  return `${year + 1}-03-31`;
}

/** Late: approved after the deadline, or not approved while today is past it. */
function isLate(approval: string | null, deadline: string, today: string): boolean {
  return approval === null ? today > deadline : approval > deadline;
}

export function unionForecastState(f: { hasForecast: boolean; approval: string | null; year: number; today: string }): UnionForecastState {
  if (isLate(f.approval, forecastDeadline(f.year), f.today)) return 'late';
  if (f.approval !== null) return 'approved';
  return f.hasForecast ? 'draft' : 'missing';
}

export function unionFinalAccountState(f: { allDetermined: boolean; approval: string | null; year: number; today: string }): UnionFinalAccountState {
  if (isLate(f.approval, finalAccountDeadline(f.year), f.today)) return 'late';
  if (f.approval !== null) return 'approved';
  return f.allDetermined ? 'determined' : 'open';
}

/** The district of a department code: `X00` (the union's `000` is its own). */
export function districtOfCode(code: string): string {
  return `${code.slice(0, 1)}00`;
}

const counts = <S extends string>(states: readonly S[], of: readonly S[]) =>
  Object.fromEntries(states.map((s) => [s, of.filter((x) => x === s).length])) as Record<S, number>;

/** The sums of the departments given (their own figures added up), for one district or (null) the union. */
export function unionTotals(district: string | null, departments: readonly UnionDepartment[]): UnionTotals {
  const sum = (pick: (d: UnionDepartment) => number) => sumCents(departments.map(pick)) ?? 0;
  return {
    district,
    departments: departments.length,
    forecast: counts(
      FORECAST_STATES,
      departments.map((d) => d.forecast),
    ),
    finalAccount: counts(
      FINAL_ACCOUNT_STATES,
      departments.map((d) => d.finalAccount),
    ),
    cashMonthEnds: Array.from({ length: 12 }, (_, m) => sum((d) => d.cashMonthEnds[m] ?? 0)),
    openPaymentsCount: departments.reduce((s, d) => s + d.openPaymentsCount, 0),
    openPayments: sum((d) => d.openPayments),
    activeResidues: sum((d) => d.activeResidues),
    passiveResidues: sum((d) => d.passiveResidues),
    withExceededChapters: departments.filter((d) => d.exceededChapters > 0).length,
    exceededChapters: departments.reduce((s, d) => s + d.exceededChapters, 0),
  };
}

/** Per district (by code) the totals of its departments. */
export function districtTotals(departments: readonly UnionDepartment[]): UnionTotals[] {
  const codes = [...new Set(departments.map((d) => d.district))].sort();
  return codes.map((code) =>
    unionTotals(
      code,
      departments.filter((d) => d.district === code),
    ),
  );
}

const dayNumber = (iso: string) => Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10))) / 86_400_000;

/** The late forecasts and final accounts of the departments, with their deadlines and approval dates. */
export function lateApprovals(departments: readonly UnionDepartment[], year: number, today: string): LateApproval[] {
  const out: LateApproval[] = [];
  for (const d of departments) {
    const names = { departmentId: d.departmentId, code: d.code, nameDeu: d.nameDeu, nameIta: d.nameIta };
    const late = (kind: LateApproval['kind'], deadline: string, approval: string | null): LateApproval => ({
      ...names,
      kind,
      deadline,
      approval,
      daysLate: dayNumber(approval ?? today) - dayNumber(deadline),
    });
    if (d.forecast === 'late') out.push(late('forecast', forecastDeadline(year), d.forecastApproval));
    if (d.finalAccount === 'late') out.push(late('finalAccount', finalAccountDeadline(year), d.finalApproval));
  }
  const kindOrder = (k: LateApproval['kind']) => (k === 'forecast' ? 0 : 1);
  return out.sort((a, b) => kindOrder(a.kind) - kindOrder(b.kind) || b.daysLate - a.daysLate || a.code.localeCompare(b.code));
}

/** The CSV's fixed file name (with the year). */
export function unionDashboardFileName(language: 'de' | 'it', year: number): string {
  return language === 'it' ? `cruscotto-unione-${year}.csv` : `landesverband-dashboard-${year}.csv`;
}
