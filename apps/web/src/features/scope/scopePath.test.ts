import { describe, expect, it } from 'vitest';
import { defaultYear, isAllowedScope, landingPath, parseScopePath, parseYearParam, rememberedYearFor, rewriteScopePath, scopePath } from './scopePath.ts';

const one = { departments: [{ code: '101' }], years: [2025, 2026] };
const two = { departments: [{ code: '102' }, { code: '201' }], years: [2025, 2026] };

describe('scope paths', () => {
  it('builds and parses', () => {
    expect(scopePath({ dept: '101', year: 2026 })).toBe('/dept/101/year/2026');
    expect(scopePath({ dept: '101', year: 2026 }, '/budget/forecast/details/')).toBe('/dept/101/year/2026/budget/forecast/details');
    expect(parseScopePath('/dept/101/year/2026/budget/forecast/details')).toEqual({ dept: '101', year: '2026', rest: 'budget/forecast/details' });
    expect(parseScopePath('/dept/101/year/2026')).toEqual({ dept: '101', year: '2026', rest: '' });
    expect(parseScopePath('/start')).toBeNull();
  });
  it('rewrites the scope and keeps the screen', () => {
    expect(rewriteScopePath('/dept/101/year/2026/budget/forecast/details', { dept: '101', year: 2025 })).toBe('/dept/101/year/2025/budget/forecast/details');
    expect(rewriteScopePath('/dept/102/year/2025/users', { dept: '201', year: 2025 })).toBe('/dept/201/year/2025/users');
    expect(rewriteScopePath('/start', { dept: '102', year: 2026 })).toBe('/dept/102/year/2026');
  });
  it('parses only four-digit years', () => {
    expect(parseYearParam('2026')).toBe(2026);
    expect(parseYearParam('26')).toBeNull();
    expect(parseYearParam('2026abc')).toBeNull();
  });
});

describe('landing after sign-in', () => {
  it('one department: straight in, in the landing year', () => {
    expect(landingPath(one, 2026)).toBe('/dept/101/year/2026');
    expect(landingPath(one, 2025)).toBe('/dept/101/year/2025');
  });
  it('several departments: the chooser in the landing year; none: the chooser', () => {
    expect(landingPath(two, 2025)).toBe('/start?year=2025');
    expect(landingPath(two, null)).toBe('/start');
    expect(landingPath({ departments: [], years: [2026] }, 2026)).toBe('/start');
    expect(landingPath({ departments: [{ code: '101' }], years: [] }, null)).toBe('/start');
  });
  it('the remembered year sent to the server: existing, and of the only department', () => {
    expect(rememberedYearFor(one, { dept: '101', year: 2025 })).toBe(2025);
    expect(rememberedYearFor(one, { dept: '101', year: 2019 })).toBeUndefined();
    expect(rememberedYearFor(one, { dept: '999', year: 2025 })).toBeUndefined();
    expect(rememberedYearFor(two, { dept: '201', year: 2025 })).toBe(2025);
    expect(rememberedYearFor(two, null)).toBeUndefined();
  });
  it('default year and allowed scopes', () => {
    expect(defaultYear([2024, 2025, 2026], null)).toBe(2026);
    expect(defaultYear([2024, 2025, 2026], { dept: 'x', year: 2024 })).toBe(2024);
    expect(defaultYear([], null)).toBeNull();
    expect(isAllowedScope(two, { dept: '201', year: 2025 })).toBe(true);
    expect(isAllowedScope(two, { dept: '101', year: 2025 })).toBe(false);
    expect(isAllowedScope(two, { dept: '201', year: 2024 })).toBe(false);
  });
});
