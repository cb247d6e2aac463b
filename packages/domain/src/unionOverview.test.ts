import { describe, expect, it } from 'vitest';
import {
  districtOfCode,
  districtTotals,
  finalAccountDeadline,
  forecastDeadline,
  lateApprovals,
  type UnionDepartment,
  unionFinalAccountState,
  unionForecastState,
  unionTotals,
} from './unionOverview.ts';

const dept = (code: string, over: Partial<UnionDepartment> = {}): UnionDepartment => ({
  departmentId: Number(code) + 1,
  code,
  nameDeu: `FF ${code}`,
  nameIta: `VVF ${code}`,
  district: districtOfCode(code),
  forecast: 'approved',
  forecastApproval: '2024-12-15',
  finalAccount: 'open',
  finalApproval: null,
  cashMonthEnds: Array.from({ length: 12 }, (_, m) => (m + 1) * 100),
  openPaymentsCount: 0,
  openPayments: 0,
  activeResidues: 0,
  passiveResidues: 0,
  exceededChapters: 0,
  ...over,
});

describe('the union dashboard (issue 30)', () => {
  it('deadlines: the forecast by 31.12. before the year, the final account by 31.03. after it', () => {
    expect(forecastDeadline(2025)).toBe('2024-12-31');
    expect(finalAccountDeadline(2025)).toBe('2026-03-31');
  });

  it.each([
    [{ hasForecast: false, approval: null, today: '2024-11-01' }, 'missing'],
    [{ hasForecast: true, approval: null, today: '2024-12-31' }, 'draft'],
    [{ hasForecast: true, approval: '2024-12-31', today: '2025-06-01' }, 'approved'],
    [{ hasForecast: true, approval: '2025-01-01', today: '2025-06-01' }, 'late'],
    [{ hasForecast: false, approval: null, today: '2025-01-01' }, 'late'],
    [{ hasForecast: true, approval: null, today: '2025-01-01' }, 'late'],
  ] as const)('forecast %o is %s', (f, state) => {
    expect(unionForecastState({ ...f, year: 2025 })).toBe(state);
  });

  it.each([
    [{ allDetermined: false, approval: null, today: '2026-03-31' }, 'open'],
    [{ allDetermined: true, approval: null, today: '2026-03-31' }, 'determined'],
    [{ allDetermined: true, approval: '2026-03-31', today: '2026-12-01' }, 'approved'],
    [{ allDetermined: true, approval: '2026-04-01', today: '2026-12-01' }, 'late'],
    [{ allDetermined: true, approval: null, today: '2026-04-01' }, 'late'],
  ] as const)('final account %o is %s', (f, state) => {
    expect(unionFinalAccountState({ ...f, year: 2025 })).toBe(state);
  });

  it('totals are the sums of the departments; districts by code', () => {
    const rows = [
      dept('101', { openPayments: 1050, openPaymentsCount: 2, exceededChapters: 2, activeResidues: 5 }),
      dept('100', { forecast: 'late', passiveResidues: 7 }),
      dept('201', { finalAccount: 'late', exceededChapters: 1 }),
    ];
    const union = unionTotals(null, rows);
    expect(union).toMatchObject({
      district: null,
      departments: 3,
      forecast: { missing: 0, draft: 0, approved: 2, late: 1 },
      finalAccount: { open: 2, determined: 0, approved: 0, late: 1 },
      openPayments: 1050,
      openPaymentsCount: 2,
      activeResidues: 5,
      passiveResidues: 7,
      withExceededChapters: 2,
      exceededChapters: 3,
    });
    expect(union.cashMonthEnds[11]).toBe(3600);
    expect(districtTotals(rows).map((d) => [d.district, d.departments])).toEqual([
      ['100', 2],
      ['200', 1],
    ]);
  });

  it('the late list: forecasts first, most days first, the days to the approval or to today', () => {
    const rows = [
      dept('102', { forecast: 'late', forecastApproval: '2025-01-20' }),
      dept('201', { forecast: 'late', forecastApproval: null, finalAccount: 'late' }),
    ];
    expect(lateApprovals(rows, 2025, '2026-04-10').map((l) => [l.code, l.kind, l.approval, l.daysLate])).toEqual([
      ['201', 'forecast', null, 465],
      ['102', 'forecast', '2025-01-20', 20],
      ['201', 'finalAccount', null, 10],
    ]);
  });
});
