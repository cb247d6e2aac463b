import type { Language } from '@app/domain';
import { i18n, type Messages } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { LANGUAGE_STORAGE_KEY, resolveLanguage } from './language.ts';

/**
 * The compiled catalogs, one chunk per language (~100 KB each): only the active one is fetched — before the first
 * render (main.tsx awaits it) and at a language switch (issue 29: the sign-in page carries no catalog it does not show).
 */
const catalogs: Record<Language, () => Promise<{ messages: Messages }>> = {
  de: () => import('../../locales/de/messages.po'),
  it: () => import('../../locales/it/messages.po'),
};

const appTitle = msg`Feuerwehr-Haushalt`;

/** The catalog of a language, fetched once (a second call waits for the same import). */
async function loadCatalog(language: Language): Promise<void> {
  const { messages } = await catalogs[language]();
  i18n.load(language, messages);
}

/**
 * Switches the UI language and remembers it in this browser (for the sign-in screen). The catalog is loaded first, so
 * the switch shows the new language at once, never message ids; `await` it where the next screen must be translated.
 */
let latest: Language | null = null;

export async function activateLanguage(language: Language): Promise<void> {
  latest = language;
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // storage may be unavailable (private mode); the language still applies to this page
  }
  await loadCatalog(language);
  if (latest !== language) return; // a later switch won while this catalog loaded
  if (i18n.locale !== language) i18n.activate(language);
  document.documentElement.lang = language;
  document.title = i18n._(appTitle);
}

export function initialLanguage(): Language {
  try {
    return resolveLanguage(window.localStorage.getItem(LANGUAGE_STORAGE_KEY));
  } catch {
    return resolveLanguage(null);
  }
}

export { i18n };
