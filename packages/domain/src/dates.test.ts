import { describe, expect, it } from 'vitest';
import { addDays, formatDate, formatDateTime, IsoDate, isValidIsoDate, offeredRecordDate, parseDateInput, todayIso } from './dates.ts';

describe('parseDateInput', () => {
  it.each([
    ['31.12.2026', '2026-12-31'],
    ['31.12.26', '2026-12-31'],
    ['1.2.26', '2026-02-01'],
    ['29.02.2024', '2024-02-29'],
    [' 05.03.2025 ', '2025-03-05'],
  ])('%s -> %s', (text, iso) => {
    expect(parseDateInput(text)).toBe(iso);
  });
  it.each(['29.02.2025', '32.01.2026', '01.13.2026', '2026-01-01', '1.1.226', '', 'heute'])('rejects %s', (text) => {
    expect(parseDateInput(text)).toBeNull();
  });
});

describe('formatDate and validation', () => {
  it('formats ISO dates for screens', () => {
    expect(formatDate('2026-12-31')).toBe('31.12.2026');
    expect(formatDate(null)).toBe('');
  });
  it('validates ISO dates', () => {
    expect(isValidIsoDate('2026-02-29')).toBe(false);
    expect(IsoDate.safeParse('2026-02-28').success).toBe(true);
    expect(IsoDate.safeParse('2026-2-28').success).toBe(false);
  });
  it('takes today in South Tyrol time', () => {
    expect(todayIso(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
    expect(formatDateTime(new Date('2026-11-22T09:05:00Z'))).toBe('22.11.2026 10:05');
  });
});

describe('addDays', () => {
  it.each([
    ['2026-03-15', 30, '2026-04-14'],
    ['2026-12-31', 1, '2027-01-01'],
    ['2024-02-28', 1, '2024-02-29'],
    ['2026-03-01', -1, '2026-02-28'],
    ['2026-03-29', 0, '2026-03-29'],
  ])('%s + %s = %s', (iso, days, expected) => {
    expect(addDays(iso, days)).toBe(expected);
  });
  it('refuses a malformed date or a fraction of a day', () => {
    expect(() => addDays('2026-02-30', 1)).toThrow(RangeError);
    expect(() => addDays('2026-02-01', 1.5)).toThrow(RangeError);
  });
});

describe('offeredRecordDate (issue 25: a new record is offered a date of its year)', () => {
  it('today while today lies in the year', () => {
    expect(offeredRecordDate(2026, '2026-11-29')).toBe('2026-11-29');
    expect(offeredRecordDate(2026, '2026-01-01')).toBe('2026-01-01');
    expect(offeredRecordDate(2026, '2026-12-31')).toBe('2026-12-31');
  });
  it('31.12. of a year that is over (a December invoice booked in January)', () => {
    expect(offeredRecordDate(2025, '2026-01-05')).toBe('2025-12-31');
    expect(offeredRecordDate(2024, '2026-11-29')).toBe('2024-12-31');
  });
  it('none in a year not yet begun (its dates lie after today)', () => {
    expect(offeredRecordDate(2027, '2026-11-29')).toBeNull();
  });
});
