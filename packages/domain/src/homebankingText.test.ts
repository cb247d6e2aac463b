import { describe, expect, it } from 'vitest';
import { cutText, isSepaText, sepaField, toSepaText } from './homebankingText.ts';

describe('SEPA character set', () => {
  it('spells out umlauts and ß and drops accents', () => {
    expect(toSepaText('Müller & Söhne Straße')).toBe('Mueller + Soehne Strasse');
    expect(toSepaText('ÄÖÜ äöü ß')).toBe('AeOeUe aeoeue ss');
    expect(toSepaText('Società Cooperativa Perché È così')).toBe('Societa Cooperativa Perche E cosi');
    expect(toSepaText('Łódź Øresund')).toBe('Lodz Oresund');
  });

  it('replaces characters outside the set and collapses spaces', () => {
    expect(toSepaText('Rechnung #12; "Juni"_2026 € 5')).toBe("Rechnung 12, 'Juni'-2026 EUR 5");
    expect(toSepaText('  a\tb\n\nc  ')).toBe('a b c');
    expect(toSepaText('info@ff.it <x>')).toBe('info(at)ff.it x');
  });

  it('keeps the set as it is', () => {
    const allowed = "abcXYZ 0189 /-?:().,'+";
    expect(toSepaText(allowed)).toBe(allowed);
    expect(isSepaText(allowed)).toBe(true);
    expect(isSepaText('Müller')).toBe(false);
    expect(isSepaText(toSepaText('Müller & Co. <GmbH> 100%'))).toBe(true);
  });

  it('cuts to the limit after transliterating', () => {
    expect(cutText('abc def', 4)).toBe('abc');
    expect(cutText('abc', 4)).toBe('abc');
    // 69 characters + ä (spelled ae) makes 71: the cut keeps 70
    const name = `${'x'.repeat(69)}ä`;
    expect(sepaField(name, 70)).toBe(`${'x'.repeat(69)}a`);
    expect(sepaField(name, 70)).toHaveLength(70);
  });
});
