/** Labels of the chart of accounts shared by chart screens and pickers (GLOSSARY: Einnahmen / Ausgaben). */
import type { ChapterBrief, Part } from '@app/domain';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** "Kapitel" meaning one chapter (a code column or field); the plural menu and list titles differ in Italian. */
export const chapterWord: MessageDescriptor = msg({ message: 'Kapitel', context: 'one chapter' });

/** "Titel" meaning one title (a column or field). */
export const titleWord: MessageDescriptor = msg({ message: 'Titel', context: 'one title' });

export const partLabels: Record<Part, MessageDescriptor> = {
  1: msg`Einnahmen`,
  2: msg`Ausgaben`,
};

/** The chapter's description in the UI language (the other language when empty). */
export function chapterDescription(i18n: I18n, c: Pick<ChapterBrief, 'descriptionDeu' | 'descriptionIta'>): string {
  return i18n.locale === 'it' ? c.descriptionIta || c.descriptionDeu : c.descriptionDeu || c.descriptionIta;
}

/** Any bilingual description (titles, categories, templates) in the UI language. */
export function localDescription(i18n: I18n, d: { descriptionDeu: string; descriptionIta: string }): string {
  return i18n.locale === 'it' ? d.descriptionIta || d.descriptionDeu : d.descriptionDeu || d.descriptionIta;
}
