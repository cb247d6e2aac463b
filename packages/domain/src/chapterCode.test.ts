import { describe, expect, it } from 'vitest';
import { formatChapter, normalizeChapterCode, parseChapterCode, partOfChapter, titleOfChapter, TypedChapterCode } from './chapterCode.ts';

describe('chapter codes', () => {
  it('formats and parses', () => {
    expect(formatChapter('21003')).toBe('2-1-003');
    expect(parseChapterCode('2-1-003')).toBe('21003');
    expect(parseChapterCode('21003')).toBe('21003');
    expect(parseChapterCode(' 2-1-00a ')).toBe('2100A');
    expect(parseChapterCode('31003')).toBeNull();
    expect(parseChapterCode('2100')).toBeNull();
    expect(partOfChapter('11001')).toBe(1);
    expect(partOfChapter('22001')).toBe(2);
    expect(titleOfChapter('23001')).toBe(3);
  });

  it('normalises a typed code or code filter: blanks and dashes dropped, upper case', () => {
    expect(normalizeChapterCode('2-1')).toBe('21');
    expect(normalizeChapterCode(' 2-1-00 ')).toBe('2100');
    expect(normalizeChapterCode('22ab')).toBe('22AB');
    expect(normalizeChapterCode('')).toBe('');
  });

  it('takes a typed code as an input field and refuses anything else as InvalidValue', () => {
    expect(TypedChapterCode.parse('2-1-003')).toBe('21003');
    const bad = TypedChapterCode.safeParse('3-1-003');
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.message)).toEqual(['InvalidValue']);
    expect(TypedChapterCode.safeParse(21003).success).toBe(false);
  });
});
