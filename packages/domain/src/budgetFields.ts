import { Id, safeString } from './primitives.ts';
import { TypedChapterCode } from './chapterCode.ts';

/** The input fields the budget inputs share (forecast, changes, adjustment, chapter look-ups). */
export const BUDGET_LIMITS = { notes: 200, description: 200 } as const;

/** Notes of a forecast position or a change head. */
export const Notes = safeString().trim().max(BUDGET_LIMITS.notes, 'TooLong').default('');
/** A name typed for a position of an empty chapter. */
export const Description = safeString().trim().max(BUDGET_LIMITS.description, 'TooLong').default('');

/** A chapter named by its id or by its 5-character code (`21003` or `2-1-003`); one of them is needed. */
export const ChapterRef = {
  /** null (as clients written against the spec send for a new position) means: resolve by code. */
  chapterId: Id.nullish().transform((v) => v ?? undefined),
  chapter: TypedChapterCode.optional(),
};

export function hasChapter(v: { chapterId?: number | undefined; chapter?: string | undefined }): boolean {
  return v.chapterId !== undefined || (v.chapter !== undefined && v.chapter !== '');
}
