import { z } from 'zod';
import { safeString } from './primitives.ts';

/** Parts: 1 revenues (profit), 2 expenses (loss). */
export const Part = { Revenues: 1, Expenses: 2 } as const;
export type Part = (typeof Part)[keyof typeof Part];
export const PartSchema = z.union([z.literal(1), z.literal(2)]);

/** Chapter code: 5 characters, part digit, title digit, 3-character rest (`21003` -> `2-1-003`). */
export const ChapterCode = safeString().regex(/^[12][1-9][0-9A-Z]{3}$/, 'InvalidValue');

export function partOfChapter(code: string): Part {
  return code.startsWith('1') ? Part.Revenues : Part.Expenses;
}

export function titleOfChapter(code: string): number {
  return Number(code.charAt(1));
}

/** `21003` -> `2-1-003`. */
export function formatChapter(code: string): string {
  return code.length === 5 ? `${code[0]}-${code[1]}-${code.slice(2)}` : code;
}

/**
 * A typed code (or the start of one) as the code's characters: blanks and dashes dropped, upper case
 * (`2-1-003` -> `21003`, ` 2-1-00 ` -> `2100`, `22ab` -> `22AB`). The one normalisation of typed codes:
 * code fields, code filters (a prefix) and the client's code input all use it.
 */
export function normalizeChapterCode(text: string): string {
  return text.replace(/[\s-]/g, '').toUpperCase();
}

/** A typed code filter (`2-1`, `21`, `2-1-00`) as a code prefix. */
export const chapterPrefix = normalizeChapterCode;

/** Accepts `21003` or `2-1-003`; returns the 5-character code or null. */
export function parseChapterCode(text: string): string | null {
  const compact = normalizeChapterCode(text);
  return ChapterCode.safeParse(compact).success ? compact : null;
}

/** A typed chapter code (`21003` or `2-1-003`) as an input field: answers the 5-character code, InvalidValue otherwise. */
export const TypedChapterCode = safeString().transform((v, ctx) => {
  const code = parseChapterCode(v);
  if (!code) ctx.addIssue({ code: 'custom', message: 'InvalidValue' });
  return code ?? '';
});
