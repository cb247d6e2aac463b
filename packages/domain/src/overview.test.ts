import { describe, expect, it } from 'vitest';
import { DepartmentOverviewInput, forecastState, nextStep, overviewFileName } from './overview.ts';

describe('forecast state', () => {
  it('approved wins, then no forecast, then the balance checks', () => {
    expect(forecastState({ hasForecast: true, isBalanced: true, approval: '2026-02-01' })).toBe('approved');
    expect(forecastState({ hasForecast: false, isBalanced: false, approval: null })).toBe('noForecast');
    expect(forecastState({ hasForecast: true, isBalanced: false, approval: null })).toBe('unbalanced');
    expect(forecastState({ hasForecast: true, isBalanced: true, approval: null })).toBe('balanced');
  });
});

describe('next step of the cashier', () => {
  const base = { closed: false, hasChart: true, state: 'noForecast', hasAdjustment: false, yearEnded: false, residuesDetermined: false } as const;
  it.each([
    [{ ...base, closed: true, state: 'approved' }, 'closed'],
    [{ ...base, hasChart: false }, 'chartMissing'],
    [base, 'enterForecast'],
    [{ ...base, state: 'unbalanced' }, 'balanceForecast'],
    [{ ...base, state: 'balanced' }, 'approvalMissing'],
    [{ ...base, state: 'approved' }, 'adjustmentOpen'],
    [{ ...base, state: 'approved', hasAdjustment: true }, 'finalAccountOpen'],
    // the year is over: its year end, not the adjustment (issue 25: 201's previous year proposed the adjustment)
    [{ ...base, state: 'approved', yearEnded: true }, 'residuesOpen'],
    [{ ...base, state: 'approved', yearEnded: true, hasAdjustment: true }, 'residuesOpen'],
    [{ ...base, state: 'approved', yearEnded: true, residuesDetermined: true }, 'finalApprovalOpen'],
    [{ ...base, closed: true, state: 'approved', yearEnded: true, residuesDetermined: true }, 'closed'],
    [{ ...base, state: 'balanced', yearEnded: true }, 'approvalMissing'],
  ] as const)('%o -> %s', (state, step) => {
    expect(nextStep(state)).toBe(step);
  });
});

describe('union list input', () => {
  it('district codes X00 only, defaults for sort and paging; fixed CSV names', () => {
    const parsed = DepartmentOverviewInput.parse({ departmentId: 1, year: 2026, district: '1' + '00' });
    expect(parsed).toMatchObject({ district: '100', sort: 'code', dir: 'asc', page: 1, pageSize: 10, language: 'de' });
    expect(DepartmentOverviewInput.safeParse({ departmentId: 1, year: 2026, district: '000' }).success).toBe(false);
    expect(DepartmentOverviewInput.safeParse({ departmentId: 1, year: 2026, district: '101' }).success).toBe(false);
    expect(DepartmentOverviewInput.parse({ departmentId: 1, year: 2026, district: 'a00' }).district).toBe('A00');
    expect(overviewFileName('de')).toBe('feuerwehren-uebersicht.csv');
    expect(overviewFileName('it')).toBe('panoramica-corpi.csv');
  });
});
