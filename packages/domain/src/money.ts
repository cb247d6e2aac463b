import { z } from 'zod';

/** Amounts are integer cents in code; `1.234,56 €` on screen and in reports (both languages). */

/** Values within (-0.00001, 0] count as 0 (spec 1 §9); in cents that is -0 and 0. */
export function normalizeCents(cents: number): number {
  const rounded = Math.round(cents);
  return Object.is(rounded, -0) ? 0 : rounded;
}

/** Euros (a JSON number, as the REST clients send it) to integer cents, rounding half away from zero. */
export function eurosToCents(euros: number): number {
  if (!Number.isFinite(euros)) throw new RangeError('amount is not a finite number');
  // 15 significant digits drop binary artefacts such as 1.005 * 100 = 100.49999999999999
  const cents = Math.round(Number((Math.abs(euros) * 100).toPrecision(15)));
  return normalizeCents(euros < 0 ? -cents : cents);
}

export function centsToEuros(cents: number): number {
  return normalizeCents(cents) / 100;
}

/** Formats cents as `1.234,56 €` (German and Italian alike); `withCurrency: false` drops the suffix. */
export function formatAmount(cents: number, options: { withCurrency?: boolean } = {}): string {
  const value = normalizeCents(cents);
  const negative = value < 0;
  const abs = Math.abs(value);
  const euros = Math.floor(abs / 100);
  const rest = abs % 100;
  const grouped = String(euros).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  const text = `${negative ? '-' : ''}${grouped},${String(rest).padStart(2, '0')}`;
  return options.withCurrency === false ? text : `${text} €`;
}

/**
 * Parses what a cashier types: `1234,5`, `1.234,56`, `1234.56`, `-50`, `+50`, an optional euro sign
 * and spaces. A comma is the decimal separator; a dot followed by one or two digits at the end is a
 * decimal point, dots followed by three digits group thousands; at most two decimals.
 * Returns cents, or null when the text is not an amount. An empty text is null.
 */
export function parseAmount(text: string): number | null {
  const cleaned = text.replace(/€/g, '').replace(/\s/g, '');
  const match = /^([+-]?)(?:(\d{1,3}(?:\.\d{3})+|\d+)?(?:,(\d{0,2}))?|(\d*)\.(\d{1,2}))$/.exec(cleaned);
  if (!match) return null;
  const [, sign, intPart, commaDecimals, dotInt, dotDecimals] = match;
  const digits = dotDecimals === undefined ? [intPart, commaDecimals] : [dotInt, dotDecimals];
  const [int = '', dec = ''] = digits;
  if (int === '' && dec === '') return null;
  const cents = Number(int.replace(/\./g, '') || '0') * 100 + Number(dec.padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) return null;
  return normalizeCents(sign === '-' ? -cents : cents);
}

/** Largest amount a numeric(14,2) column holds, in cents. */
export const MAX_CENTS = 999_999_999_999_99;

/** Largest amount in euros (numeric(14,2)). */
export const MAX_EUROS = MAX_CENTS / 100;

/** The metadata that marks a schema as money: integer cents inside, euros on the REST wire. */
export const MONEY_META = { money: 'cents' } as const;

/**
 * An amount in integer cents (what every procedure takes and answers). Marked as money in zod's
 * global registry (`.meta`), so the REST adapter converts it from and to euros by walking the
 * schemas: every amount field of an input or output schema uses `Cents` (or a schema derived from
 * it, such as `PositiveCents`, which inherits the mark).
 */
export const Cents = z.number().int().min(-MAX_CENTS).max(MAX_CENTS).meta(MONEY_META);
/** A non-negative amount in cents. */
export const PositiveCents = Cents.min(0);

/** True when the schema itself (not a wrapper around it) is marked as money (derived schemas inherit the mark). */
export function isMoneySchema(schema: z.core.$ZodType): boolean {
  return z.globalRegistry.get(schema)?.money === MONEY_META.money;
}

/**
 * Euros as a REST client sends them (a JSON number) to cents, or null when it is no amount: NaN,
 * an infinity, more than two decimals or beyond ±MAX_EUROS. Never rounds (15 significant digits
 * only drop binary artefacts such as 0.1 + 0.2).
 */
export function exactEurosToCents(euros: number): number | null {
  if (!Number.isFinite(euros)) return null;
  const cents = Number((euros * 100).toPrecision(15));
  if (!Number.isInteger(cents) || Math.abs(cents) > MAX_CENTS) return null;
  return normalizeCents(cents);
}

/** An amount in euros on the wire, as cents: refused with InvalidValue (the field's path) unless exact. */
export const EuroAmount = z
  .number('InvalidValue')
  .refine((euros) => exactEurosToCents(euros) !== null, 'InvalidValue')
  .transform((euros) => exactEurosToCents(euros) as number);

// ---- totals ------------------------------------------------------------------------------------

/**
 * The exact sum of amounts in cents (BigInt inside, so 91 × MAX_CENTS neither loses cents nor throws),
 * or null when it lies beyond ±MAX_CENTS — a total no numeric(14,2) column nor `Cents` answer holds.
 */
export function sumCents(values: Iterable<number>): number | null {
  let sum = 0n;
  for (const value of values) sum += BigInt(Math.trunc(value));
  return sum > BigInt(MAX_CENTS) || sum < -BigInt(MAX_CENTS) ? null : Number(sum);
}

/**
 * True when every total the amounts can make stays within MAX_CENTS: the sum of their absolute values
 * does. That bounds the whole sum and every part of it (a title's, a chapter's, a line's, revenues
 * and expenses apart, their difference), whatever sign each amount has.
 */
export function withinTotal(values: Iterable<number>): boolean {
  return sumCents(Array.from(values, (v) => Math.abs(v))) !== null;
}

/**
 * A zod check for an input schema (`.superRefine(boundedTotal(...))`): InvalidValue on `field` (the
 * total's name, e.g. `positions`) with `{ max: MAX_CENTS }` when the amounts `pick` takes from the
 * value could make a total beyond MAX_CENTS (withinTotal). Refused before any transaction starts.
 */
export function boundedTotal<T>(field: string, pick: (value: T) => Iterable<number>) {
  return (value: T, ctx: z.core.$RefinementCtx<T>): void => {
    if (!withinTotal(pick(value))) {
      ctx.addIssue({ code: 'custom', message: 'InvalidValue', path: field.split('.'), params: { max: MAX_CENTS } });
    }
  };
}
