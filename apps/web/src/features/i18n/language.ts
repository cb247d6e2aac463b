import { Language } from '@app/domain';

export const LANGUAGE_STORAGE_KEY = 'fwh.language';

/** The language last used in this browser, else German (the default, spec 1 §9). */
export function resolveLanguage(stored: string | null): Language {
  const parsed = Language.safeParse(stored);
  return parsed.success ? parsed.data : 'de';
}

/** The active UI language as the domain's Language (`de` for anything that is not `it`). */
export function uiLanguage(locale: string): Language {
  return locale === 'it' ? 'it' : 'de';
}
