import { z } from 'zod';

/**
 * The bounded building blocks of every input schema. Whatever a schema lets through reaches
 * PostgreSQL: an `integer` column holds -2^31..2^31-1 and text can't hold a NUL character, so a
 * value outside those bounds must be refused here as InvalidValue naming the field (a 400), never
 * fail in the database (a 500).
 */

/** Largest value of a PostgreSQL `integer` column (2^31 - 1). */
export const INT4_MAX = 2_147_483_647;

/** A record id (serial column): 1..2^31-1. */
export const Id = z.int32('InvalidValue').min(1, 'InvalidValue');

/** Any other whole number stored in or compared with an `integer` column (codes, record numbers, types). */
export const Int = z.int32('InvalidValue');

/** Text without a NUL character (PostgreSQL text can't hold one). */
// eslint-disable-next-line no-control-regex -- NUL is exactly what it refuses
export const NO_NUL = /^[^\u0000]*$/;

/** Text of at most `max` characters and without NUL; not trimmed. */
export function text(max: number) {
  return z.string().max(max, 'TooLong').regex(NO_NUL, 'InvalidValue');
}

/** The same, trimmed first. */
export function trimmedText(max: number) {
  return z.string().trim().max(max, 'TooLong').regex(NO_NUL, 'InvalidValue');
}

/** Where a NUL character hides in a value (a dotted path, '' for the value itself); null when none. Iterative: any depth; bytes (typed arrays) are skipped. */
export function findNul(value: unknown): string | null {
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length > 0) {
    const [current, path] = stack.pop() as [unknown, string];
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return path;
    } else if (current !== null && typeof current === 'object' && !ArrayBuffer.isView(current)) {
      // bytes (a receipt's content) are no text: a NUL byte is theirs to hold
      for (const [key, child] of Object.entries(current)) {
        if (key.includes('\u0000')) return path ? `${path}.${key.replaceAll('\u0000', '')}` : key.replaceAll('\u0000', '');
        stack.push([child, path ? `${path}.${key}` : key]);
      }
    }
  }
  return null;
}

/** A string refusing NUL; chain the schema's own checks (trim, max, regex) after it. */
export function safeString() {
  return z.string().regex(NO_NUL, 'InvalidValue');
}
