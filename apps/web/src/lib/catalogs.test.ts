import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkTranslations, parsePo } from '../../scripts/check-catalogs.mjs';

const de = `msgid ""\nmsgstr ""\n"Language: de\\n"\n\n#: a.ts\nmsgid "Abmelden"\nmsgstr "Abmelden"\n\n#: b.ts\nmsgid "Zurück"\nmsgstr "Zurück"\n`;

describe('i18n:check', () => {
  it('passes a complete Italian catalog', () => {
    const it_ = `msgid "Abmelden"\nmsgstr "Esci"\n\nmsgid "Zurück"\nmsgstr ""\n"Indietro"\n`;
    expect(checkTranslations(de, it_)).toEqual([]);
  });
  it('fails on an empty or missing Italian message; obsolete ones do not count', () => {
    const it_ = `msgid "Abmelden"\nmsgstr ""\n\n#~ msgid "Zurück"\n#~ msgstr "Indietro"\n`;
    expect(checkTranslations(de, it_)).toEqual(['empty Italian msgstr: Abmelden', 'missing in it: Zurück']);
  });
  it('the real catalogs are complete', () => {
    const read = (locale: string) => readFileSync(new URL(`../locales/${locale}/messages.po`, import.meta.url), 'utf8');
    expect(parsePo(read('de')).length).toBeGreaterThan(100);
    expect(checkTranslations(read('de'), read('it'))).toEqual([]);
  });
});
