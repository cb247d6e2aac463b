/**
 * What a chapter code field does with typed text and with a chosen chapter, without React
 * (ChapterCodeInput uses it; the normalisation itself is the domain's normalizeChapterCode).
 */
import { type ChapterBrief, normalizeChapterCode, type Part } from '@app/domain';

/** What a chapter field holds: enough to show and to send the code. */
export type ChapterChoice = Pick<ChapterBrief, 'id' | 'chapter' | 'part' | 'descriptionDeu' | 'descriptionIta' | 'emptyChapter'>;

/** Is the typed text a complete code to look up directly (exactly 5 characters, `21003` or `2-1-003`)? */
export function isCompleteChapterCode(text: string): boolean {
  return normalizeChapterCode(text).length === 5;
}

/** Does the text look like a code prefix (digits, dashes) rather than a description? */
export function looksLikeCode(text: string): boolean {
  return /^[12][0-9A-Z\s-]*$/i.test(text.trim());
}

/** The picker's filters for the typed text: a code prefix, or else a description / search key. */
export function pickerFilterOf(typed: string): { code: string; description: string } {
  const text = typed.trim();
  return text && !looksLikeCode(text) ? { code: '', description: text } : { code: text, description: '' };
}

/** Why a chapter does not fit the field: another part than the field's, or an empty (heading) chapter. */
export type ChapterUnfit = 'otherPart' | 'emptyChapter';

export function chapterUnfit(
  chapter: Pick<ChapterChoice, 'part' | 'emptyChapter'>,
  rules: { part?: Part | undefined; allowEmptyChapters?: boolean | undefined },
): ChapterUnfit | null {
  if (rules.part !== undefined && chapter.part !== rules.part) return 'otherPart';
  if (chapter.emptyChapter && !rules.allowEmptyChapters) return 'emptyChapter';
  return null;
}
