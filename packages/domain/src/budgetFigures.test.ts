import { describe, expect, it } from 'vitest';
import { chapterLineName, storedLineName } from './budgetFigures.ts';

describe('names of an empty chapter', () => {
  it('shows the line name of an empty chapter when one was typed, the chapter name otherwise', () => {
    expect(chapterLineName(true, 'Kapitel', 'Zeile')).toBe('Zeile');
    expect(chapterLineName(true, 'Kapitel', '')).toBe('Kapitel');
    expect(chapterLineName(true, 'Kapitel', null)).toBe('Kapitel');
    expect(chapterLineName(false, 'Kapitel', 'Zeile')).toBe('Kapitel');
  });

  it('stores a typed name only for an empty chapter', () => {
    expect(storedLineName(true, 'Zeile')).toBe('Zeile');
    expect(storedLineName(false, 'Zeile')).toBe('');
  });
});
