import { addDays, isValidIsoDate, type IsoDate } from './dates.ts';

/**
 * Execution dates of a payment order (DOMAIN decision 10): the requested execution date (ReqdExctnDt)
 * is not before today and defaults to the next TARGET2 working day, i.e. no Saturday, Sunday, New
 * Year's Day, Good Friday, Easter Monday, 1 May, Christmas Day or 26 December.
 */

/** Easter Sunday of a Gregorian year (the anonymous Gregorian algorithm, Meeus/Jones/Butcher), `YYYY-MM-DD`. */
export function easterSunday(year: number): IsoDate {
  if (!Number.isInteger(year) || year < 1583 || year > 9999) throw new RangeError(`no Gregorian year: ${year}`);
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The TARGET2 closing days of a year (besides weekends), sorted. */
export function target2Holidays(year: number): IsoDate[] {
  const easter = easterSunday(year);
  return [`${year}-01-01`, addDays(easter, -2), addDays(easter, 1), `${year}-05-01`, `${year}-12-25`, `${year}-12-26`].sort();
}

function requireDate(iso: string): void {
  if (!isValidIsoDate(iso)) throw new RangeError(`not a date: ${iso}`);
}

/** Is the date a TARGET2 working day (Monday to Friday and no TARGET2 holiday)? */
export function isTarget2WorkingDay(iso: IsoDate): boolean {
  requireDate(iso);
  const weekday = new Date(`${iso}T00:00:00Z`).getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  return !target2Holidays(Number(iso.slice(0, 4))).includes(iso);
}

/** The first TARGET2 working day after the given date. */
export function nextTarget2WorkingDay(iso: IsoDate): IsoDate {
  requireDate(iso);
  let day = addDays(iso, 1);
  while (!isTarget2WorkingDay(day)) day = addDays(day, 1);
  return day;
}

/**
 * The execution date of a new order: the requested one when it is today or later (a typed Saturday
 * stays as typed: the bank executes on its next business day), none given the next working day after
 * today; a date before today is `InvalidDate`.
 */
export function resolveExecutionDate(requested: IsoDate | null | undefined, today: IsoDate): IsoDate | 'InvalidDate' {
  requireDate(today);
  if (requested === null || requested === undefined || requested === '') return nextTarget2WorkingDay(today);
  if (!isValidIsoDate(requested) || requested < today) return 'InvalidDate';
  return requested;
}
