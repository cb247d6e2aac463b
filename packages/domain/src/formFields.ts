import { safeString } from './primitives.ts';

/**
 * Field builders shared by the base-data schemas, so every limit lives in one place (server and
 * web forms). Messages are keys: `Required`, `TooLong`, `InvalidValue`.
 */

/** Optional text: trimmed, at most `max` characters, '' when absent. */
export function optionalText(max: number) {
  return safeString().trim().max(max, 'TooLong').default('');
}

/** Required text: trimmed, 1..max characters. */
export function requiredText(max: number) {
  return safeString().trim().min(1, 'Required').max(max, 'TooLong');
}

/** Optional e-mail address: '' or something@something, at most `max` characters. */
export function optionalEmail(max: number) {
  return safeString()
    .trim()
    .max(max, 'TooLong')
    .regex(/^$|^[^@\s]+@[^@\s]+$/, 'InvalidValue')
    .default('');
}

/** Optional upper-case code (province, country, ISO code). */
export function optionalCode(max: number, fallback = '') {
  return safeString()
    .trim()
    .max(max, 'TooLong')
    .transform((v) => v.toUpperCase())
    .default(fallback);
}

/** An optional filter text of a list: absent or trimmed; '' counts as absent. */
export const FilterText = safeString()
  .trim()
  .max(100, 'TooLong')
  .optional()
  .transform((v) => (v === '' ? undefined : v));
