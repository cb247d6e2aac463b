import { describe, expect, it } from 'vitest';
import { chapterUnfit, isCompleteChapterCode, looksLikeCode, pickerFilterOf } from './chapterCode.ts';

describe('chapter code field rules', () => {
  it('looks up a complete code at once, with or without dashes and blanks', () => {
    expect(isCompleteChapterCode('21003')).toBe(true);
    expect(isCompleteChapterCode('2-1-003')).toBe(true);
    expect(isCompleteChapterCode(' 2-1-00a ')).toBe(true);
    expect(isCompleteChapterCode('2-1-00')).toBe(false);
    expect(isCompleteChapterCode('210034')).toBe(false);
    expect(isCompleteChapterCode('')).toBe(false);
  });

  it('opens the picker with a code prefix or a description', () => {
    expect(looksLikeCode('2-1')).toBe(true);
    expect(looksLikeCode(' 21 ')).toBe(true);
    expect(looksLikeCode('Strom')).toBe(false);
    expect(looksLikeCode('3-1')).toBe(false);
    expect(pickerFilterOf(' 2-1 ')).toEqual({ code: '2-1', description: '' });
    expect(pickerFilterOf(' Strom ')).toEqual({ code: '', description: 'Strom' });
    expect(pickerFilterOf('')).toEqual({ code: '', description: '' });
  });

  it('refuses a chapter of the other part, and empty chapters unless allowed', () => {
    const expense = { part: 2, emptyChapter: false };
    const heading = { part: 2, emptyChapter: true };
    expect(chapterUnfit(expense, {})).toBeNull();
    expect(chapterUnfit(expense, { part: 2 })).toBeNull();
    expect(chapterUnfit(expense, { part: 1 })).toBe('otherPart');
    expect(chapterUnfit(heading, { part: 2 })).toBe('emptyChapter');
    expect(chapterUnfit(heading, { part: 2, allowEmptyChapters: true })).toBeNull();
    expect(chapterUnfit(heading, { part: 1, allowEmptyChapters: true })).toBe('otherPart');
  });
});
