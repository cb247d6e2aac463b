import { describe, expect, it } from 'vitest';
import { departmentFirstYear, landingYear } from './scope.ts';

describe('landingYear', () => {
  const years = [2024, 2025, 2026, 2027];
  it.each([
    // name, ready years, remembered, expected year, latest ready
    ['fresh browser: the latest year with a chart, not the new empty one', [2024, 2025, 2026], undefined, 2026, 2026],
    ['the remembered year wins when it has a chart', [2024, 2025, 2026], 2025, 2025, 2026],
    ['a remembered year without chart falls back to the latest ready one', [2024, 2025, 2026], 2027, 2026, 2026],
    ['a remembered year that no longer exists falls back', [2024, 2025, 2026], 2019, 2026, 2026],
    ['the new year once its chart exists', [2024, 2025, 2026, 2027], undefined, 2027, 2027],
    ['a chart of a year that does not exist (any more) does not count', [2024, 2030], undefined, 2024, 2024],
    ['no chart anywhere: the remembered year', [], 2025, 2025, null],
    ['no chart anywhere and nothing remembered: the latest year', [], undefined, 2027, null],
  ] as const)('%s', (_name, ready, remembered, year, latestReadyYear) => {
    expect(landingYear(years, ready, remembered)).toEqual({ year, latestReadyYear });
  });
  it('no financial year at all', () => {
    expect(landingYear([], [], 2026)).toEqual({ year: null, latestReadyYear: null });
  });
});

describe('departmentFirstYear (DOMAIN decision 25)', () => {
  it.each([
    // name, firstYear, first booked year, year asked, expected
    ['the typed first year wins over the books', 2025, 2026, 2026, 2025],
    ['the typed first year wins when nothing is booked yet', 2027, null, 2026, 2027],
    ['without it: the first year with a budget line, balance or transfer', null, 2026, 2027, 2026],
    ['a brigade that joined in the second year of the installation', null, 2026, 2026, 2026],
    ['a year before its books began is not its first year', null, 2026, 2025, 2026],
    ['nothing on its books yet: the year asked about is its first', null, null, 2027, 2027],
  ] as const)('%s', (_name, firstYear, firstBookedYear, year, expected) => {
    expect(departmentFirstYear({ firstYear, firstBookedYear }, year)).toBe(expected);
  });
});
