import { describe, expect, it } from 'vitest';
import { monthNames, periodDates, periodOf, rangeProblem } from './period.ts';

describe('cash journal period', () => {
  it('gives the dates of the year and of a month (leap years included)', () => {
    expect(periodDates('year', 2025)).toEqual({ dateFrom: '2025-01-01', dateTo: '2025-12-31' });
    expect(periodDates('3', 2025)).toEqual({ dateFrom: '2025-03-01', dateTo: '2025-03-31' });
    expect(periodDates('2', 2024)).toEqual({ dateFrom: '2024-02-01', dateTo: '2024-02-29' });
    expect(periodDates('2', 2025).dateTo).toBe('2025-02-28');
    expect(periodDates('11', 2025).dateTo).toBe('2025-11-30');
  });

  it('recognises a month typed by hand, else custom', () => {
    expect(periodOf({ dateFrom: '2025-04-01', dateTo: '2025-04-30' }, 2025)).toBe('4');
    expect(periodOf({ dateFrom: '2025-01-01', dateTo: '2025-12-31' }, 2025)).toBe('year');
    expect(periodOf({ dateFrom: '2025-04-02', dateTo: '2025-04-30' }, 2025)).toBe('custom');
  });

  it('refuses dates outside the year and a reversed range', () => {
    expect(rangeProblem({ dateFrom: '2025-01-01', dateTo: '2025-12-31' }, 2025)).toBeNull();
    expect(rangeProblem({ dateFrom: '2024-12-31', dateTo: '2025-01-31' }, 2025)).toBe('outsideYear');
    expect(rangeProblem({ dateFrom: '2025-05-01', dateTo: '2025-04-30' }, 2025)).toBe('order');
    expect(rangeProblem({ dateFrom: null, dateTo: null }, 2025)).toBeNull();
  });

  it('names the months in German (Jänner) and Italian', () => {
    expect(monthNames('de')[0]).toBe('Jänner');
    expect(monthNames('it')[2]).toBe('marzo');
  });
});
