import { describe, expect, it } from 'vitest';
import { resolveLanguage } from './language.ts';

describe('resolveLanguage', () => {
  it('German by default, the stored choice otherwise', () => {
    expect(resolveLanguage(null)).toBe('de');
    expect(resolveLanguage('fr')).toBe('de');
    expect(resolveLanguage('it')).toBe('it');
    expect(resolveLanguage('de')).toBe('de');
  });
});
