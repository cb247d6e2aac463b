import { describe, expect, it } from 'vitest';
import { ChapterForm, ChapterInput, chapterCodeOf, ChartCopyInput, copyKinds, CategoryInput, missingChapterTexts, TitleInput } from './chart.ts';

const texts = { searchKeyDeu: 'TREIBSTOFF', searchKeyIta: 'CARBURANTE', descriptionDeu: 'Treibstoffe', descriptionIta: 'Carburanti' };

describe('chapter codes', () => {
  it.each([
    [2, 1, '006', '21006'],
    [2, 1, '6', '21006'],
    [1, 3, '01', '13001'],
    [1, 2, 'a', '1200A'],
    [2, 2, 'AB1', '22AB1'],
  ])('part %i, title %i, short %s -> %s', (part, title, short, code) => {
    expect(chapterCodeOf(part, title, short)).toBe(code);
  });

  it.each([
    [3, 1, '001'],
    [2, 0, '001'],
    [2, 1, ''],
    [2, 1, '1234'],
    [2, 1, '0-1'],
  ])('refuses part %i, title %i, short %s', (part, title, short) => {
    expect(chapterCodeOf(part, title, short)).toBeNull();
  });
});

describe('chapter form', () => {
  it('requires search keys and descriptions unless the chapter is empty', () => {
    expect(missingChapterTexts({ emptyChapter: false, searchKeyDeu: '', searchKeyIta: 'x', descriptionDeu: ' ', descriptionIta: 'y' })).toEqual([
      'searchKeyDeu',
      'descriptionDeu',
    ]);
    expect(missingChapterTexts({ emptyChapter: true, searchKeyDeu: '', searchKeyIta: '', descriptionDeu: '', descriptionIta: '' })).toEqual([]);
    const bad = ChapterForm.safeParse({ part: 2, title: 1, chapterShort: '6', searchKeyDeu: 'A', searchKeyIta: 'B', descriptionDeu: 'C' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.path.join('.'))).toEqual(['descriptionIta']);
    expect(ChapterForm.safeParse({ part: 2, title: 1, chapterShort: '6', emptyChapter: true }).success).toBe(true);
  });

  it('carries the field limits of spec 2 §5', () => {
    const base = { year: 2026, part: 2, title: 1, chapterShort: '006', ...texts };
    expect(ChapterInput.safeParse(base).success).toBe(true);
    expect(ChapterInput.safeParse({ ...base, chapterShort: '0006' }).success).toBe(false);
    expect(ChapterInput.safeParse({ ...base, searchKeyDeu: 'x'.repeat(31) }).success).toBe(false);
    expect(ChapterInput.safeParse({ ...base, searchKeyDeu: 'x'.repeat(30) }).success).toBe(true);
    expect(ChapterInput.safeParse({ ...base, descriptionIta: 'x'.repeat(201) }).success).toBe(false);
    expect(ChapterInput.safeParse({ ...base, notes: 'x'.repeat(1001) }).success).toBe(false);
    expect(ChapterInput.safeParse({ ...base, notes: 'x'.repeat(1000) }).success).toBe(true);
    expect(ChapterInput.safeParse({ ...base, part: 3 }).success).toBe(false);
    expect(ChapterInput.parse({ ...base, chapterShort: ' ab ' }).chapterShort).toBe('AB');
  });

  it('limits categories and titles', () => {
    const category = { year: 2026, part: 1, category: '01', descriptionDeu: 'a', descriptionIta: 'b' };
    expect(CategoryInput.safeParse(category).success).toBe(true);
    expect(CategoryInput.safeParse({ ...category, category: '123' }).success).toBe(false);
    expect(CategoryInput.safeParse({ ...category, descriptionDeu: '' }).success).toBe(false);
    expect(CategoryInput.safeParse({ ...category, descriptionIta: 'x'.repeat(101) }).success).toBe(false);
    const title = { year: 2026, part: 2, title: 1, descriptionDeu: 'a', descriptionIta: 'b' };
    expect(TitleInput.safeParse(title).success).toBe(true);
    expect(TitleInput.safeParse({ ...title, title: 0 }).success).toBe(false);
    expect(TitleInput.safeParse({ ...title, descriptionDeu: 'x'.repeat(101) }).success).toBe(false);
  });
});

describe('chart copy', () => {
  it('forces categories and titles when chapters are ticked', () => {
    expect(copyKinds({ chapters: true, categories: false, titles: false })).toEqual(['chapters', 'categories', 'titles']);
    expect(copyKinds({ chapters: false, categories: true, titles: false })).toEqual(['categories']);
    expect(copyKinds({ chapters: false, categories: false, titles: false })).toEqual([]);
  });

  it('tests by default and never replaces unless asked', () => {
    expect(ChartCopyInput.parse({ area: 3, year: 2026 })).toMatchObject({ test: true, replace: false, amendETS: false });
    expect(ChartCopyInput.safeParse({ area: 4, year: 2026 }).success).toBe(false);
  });
});
