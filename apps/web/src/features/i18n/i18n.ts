import type { Language } from '@app/domain';
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { messages as de } from '../../locales/de/messages.po';
import { messages as it } from '../../locales/it/messages.po';
import { LANGUAGE_STORAGE_KEY, resolveLanguage } from './language.ts';

i18n.load({ de, it });

const appTitle = msg`Feuerwehr-Haushalt`;

/** Switches the UI language and remembers it in this browser (for the sign-in screen). */
export function activateLanguage(language: Language): void {
  if (i18n.locale !== language) i18n.activate(language);
  document.documentElement.lang = language;
  document.title = i18n._(appTitle);
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // storage may be unavailable (private mode); the language still applies to this page
  }
}

export function initialLanguage(): Language {
  try {
    return resolveLanguage(window.localStorage.getItem(LANGUAGE_STORAGE_KEY));
  } catch {
    return resolveLanguage(null);
  }
}

export { i18n };
