/**
 * The period of the printed cash journal: the whole year or one month of the scope year, or dates
 * typed by hand; both ends inside the year and in order.
 */
export type Period = 'year' | `${number}` | 'custom';

export interface DateRange {
  dateFrom: string | null;
  dateTo: string | null;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The dates of a period choice: 1.1.–31.12., or the first and last day of month 1..12. */
export function periodDates(period: Period, year: number): DateRange {
  if (period === 'custom') return { dateFrom: null, dateTo: null };
  if (period === 'year') return { dateFrom: `${year}-01-01`, dateTo: `${year}-12-31` };
  const month = Number(period);
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { dateFrom: `${year}-${pad(month)}-01`, dateTo: `${year}-${pad(month)}-${pad(last)}` };
}

/** The choice that gives exactly these dates ('custom' when none does). */
export function periodOf(range: DateRange, year: number): Period {
  const choices: Period[] = ['year', ...Array.from({ length: 12 }, (_, i) => `${i + 1}` as Period)];
  return choices.find((p) => sameRange(periodDates(p, year), range)) ?? 'custom';
}

const sameRange = (a: DateRange, b: DateRange) => a.dateFrom === b.dateFrom && a.dateTo === b.dateTo;

/** What is wrong with the range: a date outside the year, or "to" before "from" (null when fine). */
export function rangeProblem(range: DateRange, year: number): 'outsideYear' | 'order' | null {
  const outside = (d: string | null) => d !== null && !d.startsWith(`${year}-`);
  if (outside(range.dateFrom) || outside(range.dateTo)) return 'outsideYear';
  if (range.dateFrom !== null && range.dateTo !== null && range.dateFrom > range.dateTo) return 'order';
  return null;
}

/** The month names of a language (`Jänner` in German as South Tyrol says it). */
export function monthNames(locale: string): string[] {
  const format = new Intl.DateTimeFormat(locale === 'it' ? 'it-IT' : 'de-AT', { month: 'long', timeZone: 'UTC' });
  return Array.from({ length: 12 }, (_, i) => format.format(new Date(Date.UTC(2000, i, 15))));
}
