import type { z } from 'zod';
import { safeString } from './primitives.ts';

/** `YYYY-MM-DD`, the wire format of every date. */
export const IsoDate = safeString()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'InvalidDate')
  .refine((s) => isValidIsoDate(s), 'InvalidDate');
export type IsoDate = z.infer<typeof IsoDate>;

export function isValidIsoDate(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const y = Number(m[1]);
  const mo = Number(m[2]);
  const d = Number(m[3]);
  if (mo < 1 || mo > 12 || d < 1) return false;
  return d <= daysInMonth(y, mo);
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** `YYYY-MM-DD` plus `days` calendar days (negative goes back), as `YYYY-MM-DD`. */
export function addDays(iso: string, days: number): IsoDate {
  if (!isValidIsoDate(iso)) throw new RangeError(`not a date: ${iso}`);
  if (!Number.isInteger(days)) throw new RangeError(`not a whole number of days: ${days}`);
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

function pad(n: number, len = 2): string {
  return String(n).padStart(len, '0');
}

/**
 * Parses a typed date: `DD.MM.YYYY` or `DD.MM.YY` (also with one-digit day and month).
 * Two-digit years are 2000-2099. Returns `YYYY-MM-DD` or null.
 */
export function parseDateInput(text: string): IsoDate | null {
  const m = /^\s*(\d{1,2})\.(\d{1,2})\.(\d{2}|\d{4})\s*$/.exec(text);
  if (!m) return null;
  const d = Number(m[1]);
  const mo = Number(m[2]);
  const yText = m[3] ?? '';
  const y = yText.length === 2 ? 2000 + Number(yText) : Number(yText);
  const iso = `${pad(y, 4)}-${pad(mo)}-${pad(d)}`;
  return isValidIsoDate(iso) ? iso : null;
}

/** `YYYY-MM-DD` to `DD.MM.YYYY`; an empty or null date gives an empty text. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  if (!m) return '';
  return `${m[3]}.${m[2]}.${m[1]}`;
}

/** Today's date as `YYYY-MM-DD` in the given time zone (South Tyrol by default). */
const isoDayFormats = new Map<string, Intl.DateTimeFormat>();

export function todayIso(now: Date = new Date(), timeZone = 'Europe/Rome'): IsoDate {
  // one formatter per time zone: building an Intl.DateTimeFormat costs more than a whole query round trip
  let format = isoDayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    isoDayFormats.set(timeZone, format);
  }
  return format.format(now);
}

/** A date and time as `DD.MM.YYYY HH:mm` for report footers. */
export function formatDateTime(date: Date, timeZone = 'Europe/Rome'): string {
  const f = new Intl.DateTimeFormat('de-DE', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  });
  return f.format(date).replace(',', '');
}

/**
 * The date a new record of `year` is offered with (issue 25: a user never has to invent one): today while
 * today lies in the year, 31.12. of a year that is over (an invoice of December booked in January); none
 * in a year not yet begun (every date of it lies after today, which a booking may not).
 */
export function offeredRecordDate(year: number, today: string): IsoDate | null {
  const y = pad(year, 4);
  if (today.startsWith(`${y}-`)) return today;
  return today > `${y}-12-31` ? `${y}-12-31` : null;
}
