import { describe, expect, it } from 'vitest';
import { Part } from './chapterCode.ts';
import {
  type CriteriaLine,
  criteriaFlags,
  failedCriteria,
  finalApprovalDateError,
  finalApprovalDeadline,
  finalApprovalWindow,
  isExceededLine,
  isLateFinalApproval,
  isResidueLineFailing,
  isResidueOutOfBounds,
  isUndeterminedLine,
  isUnpaidLine,
  offeredApprovalDate,
  reopenRefusal,
  title3Totals,
} from './finalBalance.ts';
import { FinalReportInput, reportFileBase, reportAmounts, residueResult, sumAmounts } from './finalReport.ts';

describe('final account rules', () => {
  it('the approval window of Y: 1.1. to 31.10. of Y+1, not in the future; late after 31.03.', () => {
    expect(finalApprovalWindow(2025)).toEqual({ from: '2026-01-01', lateAfter: '2026-03-31', to: '2026-10-31' });
    const today = '2026-11-20';
    expect(finalApprovalDateError('2025-12-31', 2025, today)).toBe('InvalidDate');
    expect(finalApprovalDateError('2026-01-01', 2025, today)).toBeNull();
    expect(finalApprovalDateError('2026-10-31', 2025, today)).toBeNull();
    expect(finalApprovalDateError('2026-11-01', 2025, today)).toBe('DateAfter31.10');
    expect(finalApprovalDateError('2026-03-02', 2025, '2026-03-01')).toBe('InvalidDate');
    expect([isLateFinalApproval('2026-03-31', 2025), isLateFinalApproval('2026-04-01', 2025), isLateFinalApproval(null, 2025)]).toEqual([false, true, false]);
  });

  it('a late assembly (DOMAIN decision 26): after 31.10. of Y+1 only while the year is unlocked, never in the future or before 1.1.', () => {
    const today = '2027-02-20';
    expect(finalApprovalDateError('2026-11-01', 2025, today, false)).toBe('DateAfter31.10');
    expect(finalApprovalDateError('2026-11-01', 2025, today, true)).toBeNull();
    expect(finalApprovalDateError('2027-02-20', 2025, today, true)).toBeNull();
    expect(finalApprovalDateError('2027-02-21', 2025, today, true)).toBe('InvalidDate');
    expect(finalApprovalDateError('2025-12-31', 2025, today, true)).toBe('InvalidDate');
    expect(isLateFinalApproval('2026-11-01', 2025)).toBe(true);
  });

  it('reopening (DOMAIN decisions 12, 26): the locked year first, then an approved next year for everyone, then its bookings for non-Supervisors', () => {
    const state = { approved: true, yearLocked: false, nextYearApproved: false, nextYearBooked: false, supervisor: false };
    expect(reopenRefusal(state)).toBeNull();
    expect(reopenRefusal({ ...state, approved: false, yearLocked: true, nextYearApproved: true })).toBeNull();
    expect(reopenRefusal({ ...state, yearLocked: true, nextYearApproved: true })).toBe('yearLocked');
    expect(reopenRefusal({ ...state, nextYearApproved: true, nextYearBooked: true })).toBe('nextYearApproved');
    expect(reopenRefusal({ ...state, nextYearApproved: true, supervisor: true })).toBe('nextYearApproved');
    expect(reopenRefusal({ ...state, nextYearBooked: true })).toBe('nextYearBooked');
    expect(reopenRefusal({ ...state, nextYearBooked: true, supervisor: true })).toBeNull();
  });

  it('criteria on the wire: 1 passed, 0 failed, in the order of DOMAIN decision 16', () => {
    const none = { unpaidBills: false, budgetChanges: false, reservations: false, exceededAvailabilities: false, residues: false, title3: false };
    expect(criteriaFlags(none)).toEqual([1, 1, 1, 1, 1, 1]);
    expect(criteriaFlags({ ...none, reservations: true, title3: true })).toEqual([1, 1, 0, 1, 1, 0]);
  });

  it('a report line: final forecast, result = movements + residue, difference = final − result', () => {
    const a = reportAmounts({ initialForecast: 120_000, forecastIncreased: 20_000, forecastDecreased: -5_000, movements: 90_000, finalResidue: 30_000 });
    expect(a).toEqual({
      initialForecast: 120_000,
      forecastIncreased: 20_000,
      forecastDecreased: -5_000,
      finalForecast: 135_000,
      movements: 90_000,
      finalResidue: 30_000,
      result: 120_000,
      difference: 15_000,
    });
    expect(sumAmounts([a, a])).toMatchObject({ finalForecast: 270_000, result: 240_000, difference: 30_000 });
  });

  it('residue lines: revenues above the forecast gain, below write off; expenses below save, above lose', () => {
    const line = (initialForecast: number, movements: number, finalResidue: number) =>
      reportAmounts({ initialForecast, forecastIncreased: 0, forecastDecreased: 0, movements, finalResidue });
    expect(residueResult(1, line(100_000, 120_000, 0))).toEqual({ profit: 20_000, loss: 0 });
    expect(residueResult(1, line(40_000, 15_000, 0))).toEqual({ profit: 0, loss: 25_000 });
    expect(residueResult(2, line(80_000, 50_000, 10_000))).toEqual({ profit: 20_000, loss: 0 });
    expect(residueResult(2, line(80_000, 90_000, 0))).toEqual({ profit: 0, loss: 10_000 });
  });

  it('report input: defaults, chapter bounds typed with dashes', () => {
    const input = FinalReportInput.parse({ departmentId: 1, year: 2025, currentManagementIncludes: { part: 2, chapterFrom: '2-1-003', chapterTo: '' } });
    expect(input).toMatchObject({ currentManagement: true, residues: true, summary: true, protocol: true, residuesManagementIncludes: { part: 0 } });
    expect(input.currentManagementIncludes).toEqual({ part: 2, titleFrom: undefined, titleTo: undefined, chapterFrom: '21003', chapterTo: undefined });
  });

  it('PDF names: the title, the department and the year', () => {
    expect(reportFileBase('Rechnungsabschluss', '101', 2025)).toBe('Rechnungsabschluss-101-2025');
    expect(reportFileBase('Rendiconto ETS', '000', 2025)).toBe('Rendiconto-ETS-000-2025');
  });
});

describe('final-account criteria predicates (DOMAIN decision 16)', () => {
  const line = (over: Partial<CriteriaLine> = {}): CriteriaLine => ({
    part: Part.Expenses,
    title: 1,
    budgetFinal: 0,
    payments: 0,
    reservations: 0,
    openPayments: 0,
    availableAfterPlannedExpenses: 0,
    finalResidue: 0,
    ...over,
  });

  it('an unpaid bill is open payments above the final residue (undetermined counts 0)', () => {
    expect(isUnpaidLine(line({ openPayments: 500, finalResidue: 500 }))).toBe(false);
    expect(isUnpaidLine(line({ openPayments: 500, finalResidue: 499 }))).toBe(true);
    expect(isUnpaidLine(line({ openPayments: 500, finalResidue: null }))).toBe(true);
    expect(isUnpaidLine(line({ openPayments: 0, finalResidue: null }))).toBe(false);
  });

  it('an exceeded availability is an expense line below 0 after planned expenses; a revenue line never', () => {
    expect(isExceededLine(line({ availableAfterPlannedExpenses: -1 }))).toBe(true);
    expect(isExceededLine(line({ availableAfterPlannedExpenses: 0 }))).toBe(false);
    expect(isExceededLine(line({ part: Part.Revenues, availableAfterPlannedExpenses: -1 }))).toBe(false);
  });

  it('a residue is undetermined only when it is null (0 is determined)', () => {
    expect(isUndeterminedLine(line({ finalResidue: null }))).toBe(true);
    expect(isUndeterminedLine(line({ finalResidue: 0 }))).toBe(false);
  });

  it('residues fail for an undetermined line and for a residue outside its current bounds (decision 24)', () => {
    // budget 1.000,00, paid 600,00, open 100,00, reserved 50,00: residue 150,00 .. 400,00
    const base = { budgetFinal: 100_000, payments: 60_000, openPayments: 10_000, reservations: 5_000, availableAfterPlannedExpenses: 25_000 };
    expect([null, 14_999, 15_000, 40_000, 40_001].map((r) => isResidueLineFailing(line({ ...base, finalResidue: r })))).toEqual([
      true,
      true,
      false,
      false,
      true,
    ]);
    expect(isResidueOutOfBounds(line({ ...base, finalResidue: null }))).toBe(false);
    expect(failedCriteria([line({ ...base, finalResidue: 40_001 })], { unapprovedChanges: 0, reservationsWithoutResidue: 0 }).residues).toBe(true);
  });

  it('title 3 sums collected or paid + final residues of title 3 only', () => {
    const lines = [
      line({ part: Part.Revenues, title: 3, payments: 1000, finalResidue: 200 }),
      line({ part: Part.Expenses, title: 3, payments: 700, finalResidue: null }),
      line({ part: Part.Expenses, title: 3, payments: 300, finalResidue: 150 }),
      line({ part: Part.Revenues, title: 1, payments: 9999, finalResidue: 1 }),
    ];
    expect(title3Totals(lines)).toEqual({ revenues: 1200, expenses: 1150 });
  });

  it('failedCriteria names each failed criterion; all pass on balanced, paid, determined lines', () => {
    const clean = [line({ part: Part.Revenues, title: 3, budgetFinal: 100, payments: 100 }), line({ title: 3, budgetFinal: 100, payments: 100 })];
    expect(failedCriteria(clean, { unapprovedChanges: 0, reservationsWithoutResidue: 0 })).toEqual({
      unpaidBills: false,
      budgetChanges: false,
      reservations: false,
      exceededAvailabilities: false,
      residues: false,
      title3: false,
    });
    const failed = failedCriteria([...clean, line({ title: 3, openPayments: 50, finalResidue: null, availableAfterPlannedExpenses: -5 })], {
      unapprovedChanges: 1,
      reservationsWithoutResidue: 2,
    });
    expect(failed).toEqual({ unpaidBills: true, budgetChanges: true, reservations: true, exceededAvailabilities: true, residues: true, title3: false });
    expect(criteriaFlags(failed)).toEqual([0, 0, 0, 0, 0, 1]);
  });
});

describe('finalApprovalDeadline (issue 25 item 10: what the approval form says before anything is typed)', () => {
  it('open up to 31.10 of Y+1; after it passed, or late while a year unlock of Y is in force', () => {
    expect(finalApprovalDeadline(2025, '2026-03-31', false)).toBe('open');
    expect(finalApprovalDeadline(2025, '2026-10-31', false)).toBe('open');
    expect(finalApprovalDeadline(2025, '2026-10-31', true)).toBe('open');
    expect(finalApprovalDeadline(2025, '2026-11-01', false)).toBe('deadlinePassed');
    expect(finalApprovalDeadline(2025, '2026-11-27', true)).toBe('lateUnlocked');
    expect(finalApprovalDeadline(2025, '2027-02-01', false)).toBe('deadlinePassed');
  });
  it('agrees with the date rule: after the deadline today is refused without the unlock, accepted (late) with it; a date in the window still saves', () => {
    const today = '2026-11-27';
    expect(finalApprovalDateError(today, 2025, today, false)).toBe('DateAfter31.10');
    expect(finalApprovalDateError(today, 2025, today, true)).toBeNull();
    expect(finalApprovalDateError('2026-04-15', 2025, today, false)).toBeNull();
  });
});

describe('offeredApprovalDate (issue 25: the approval form offers a date the rule accepts)', () => {
  it('none before the year is over', () => {
    expect(offeredApprovalDate(2026, '2026-12-31', false)).toBeNull();
  });
  it('today from 1.1. to 31.10. of Y+1, also after 31.03. (a late approval, accepted)', () => {
    expect(offeredApprovalDate(2025, '2026-01-05', false)).toBe('2026-01-05');
    expect(offeredApprovalDate(2025, '2026-05-20', false)).toBe('2026-05-20');
    expect(offeredApprovalDate(2025, '2026-10-31', false)).toBe('2026-10-31');
  });
  it('after 31.10. of Y+1: 31.10. without an unlock, today while a Supervisor has unlocked the year', () => {
    expect(offeredApprovalDate(2025, '2026-11-29', false)).toBe('2026-10-31');
    expect(offeredApprovalDate(2025, '2026-11-29', true)).toBe('2026-11-29');
  });
  it('the offered date passes the rule the save applies', () => {
    for (const [today, unlocked] of [
      ['2026-01-05', false],
      ['2026-11-29', false],
      ['2026-11-29', true],
      ['2027-03-01', false],
    ] as const) {
      const offered = offeredApprovalDate(2025, today, unlocked);
      expect(offered && finalApprovalDateError(offered, 2025, today, unlocked)).toBeNull();
    }
  });
});
