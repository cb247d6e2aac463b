import { formatIban } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { charsBefore, groupedCaret } from './ibanCaret.ts';

describe('IbanInput caret', () => {
  it('puts the caret after the n-th IBAN character of the grouped text', () => {
    const shown = formatIban('IT60X0542811101000000123456');
    for (const count of [0, 1, 3, 4, 5, 8, 9, 27]) {
      const position = groupedCaret(count);
      expect(shown.slice(0, position).replace(/\s/g, '').length).toBe(count);
      // never after a group's space: typing goes on in the same group
      expect(shown.charAt(position - 1)).not.toBe(' ');
    }
    expect(groupedCaret(4)).toBe(4);
    expect(groupedCaret(5)).toBe(6);
  });

  it('counts the IBAN characters before a position, spaces left out', () => {
    expect(charsBefore('IT60 X054 28', 0)).toBe(0);
    expect(charsBefore('IT60 X054 28', 5)).toBe(4);
    expect(charsBefore('IT60 X054 28', 6)).toBe(5);
    expect(charsBefore('IT60 X054 28', 12)).toBe(10);
  });
});
