import { describe, expect, it } from 'vitest';
import { easterSunday, isTarget2WorkingDay, nextTarget2WorkingDay, resolveExecutionDate, target2Holidays } from './homebankingDates.ts';

describe('Easter and the TARGET2 holidays', () => {
  it.each([
    [2019, '2019-04-21'],
    [2024, '2024-03-31'],
    [2025, '2025-04-20'],
    [2026, '2026-04-05'],
    [2027, '2027-03-28'],
    [2038, '2038-04-25'],
    [2285, '2285-03-22'],
  ])('Easter Sunday %i is %s', (year, date) => {
    expect(easterSunday(year)).toBe(date);
  });

  it('lists New Year, Good Friday, Easter Monday, 1 May, 25 and 26 December', () => {
    expect(target2Holidays(2026)).toEqual(['2026-01-01', '2026-04-03', '2026-04-06', '2026-05-01', '2026-12-25', '2026-12-26']);
    expect(target2Holidays(2024)).toEqual(['2024-01-01', '2024-03-29', '2024-04-01', '2024-05-01', '2024-12-25', '2024-12-26']);
  });

  it('refuses a year outside the Gregorian calendar', () => {
    expect(() => easterSunday(1500)).toThrow(RangeError);
  });

  it('knows weekends and holidays from working days', () => {
    expect(isTarget2WorkingDay('2026-11-25')).toBe(true); // Wednesday
    expect(isTarget2WorkingDay('2026-11-28')).toBe(false); // Saturday
    expect(isTarget2WorkingDay('2026-11-29')).toBe(false); // Sunday
    expect(isTarget2WorkingDay('2026-04-03')).toBe(false); // Good Friday
    expect(isTarget2WorkingDay('2026-04-06')).toBe(false); // Easter Monday
    expect(isTarget2WorkingDay('2026-08-15')).toBe(false); // a Saturday anyway
    expect(isTarget2WorkingDay('2025-08-15')).toBe(true); // Ferragosto is no TARGET2 holiday
    expect(isTarget2WorkingDay('2026-01-06')).toBe(true); // nor is Epiphany
  });
});

describe('next working day', () => {
  it.each([
    ['2026-11-25', '2026-11-26', 'Wednesday to Thursday'],
    ['2026-11-27', '2026-11-30', 'Friday over the weekend'],
    ['2026-04-02', '2026-04-07', 'Maundy Thursday over Good Friday, the weekend and Easter Monday'],
    ['2026-04-30', '2026-05-04', 'over 1 May and the weekend'],
    ['2026-12-24', '2026-12-28', 'over Christmas and the weekend'],
    ['2026-12-31', '2027-01-04', 'over New Year into the next year'],
    ['2027-03-25', '2027-03-30', 'Good Friday in March'],
  ])('%s gives %s (%s)', (from, next) => {
    expect(nextTarget2WorkingDay(from)).toBe(next);
  });
});

describe('requested execution date', () => {
  it('defaults to the next working day after today', () => {
    expect(resolveExecutionDate(null, '2026-11-27')).toBe('2026-11-30');
    expect(resolveExecutionDate('', '2026-04-02')).toBe('2026-04-07');
  });

  it('takes today or a later date as typed', () => {
    expect(resolveExecutionDate('2026-11-25', '2026-11-25')).toBe('2026-11-25');
    expect(resolveExecutionDate('2026-12-15', '2026-11-25')).toBe('2026-12-15');
    expect(resolveExecutionDate('2026-11-28', '2026-11-25')).toBe('2026-11-28');
  });

  it('refuses a date before today and a date that does not exist', () => {
    expect(resolveExecutionDate('2026-11-24', '2026-11-25')).toBe('InvalidDate');
    expect(resolveExecutionDate('2026-02-30', '2026-01-25')).toBe('InvalidDate');
  });
});
