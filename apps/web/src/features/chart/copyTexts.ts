import { type ChartCopyResult, type ChartKind, isErrorCode } from '@app/domain';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { errorMessages } from '../../lib/errorMessages.ts';

export const chartKindLabels: Record<ChartKind, MessageDescriptor> = {
  titles: msg`Titel`,
  categories: msg`Kategorien`,
  chapters: msg`Kapitel`,
};

/** "Titel, Kategorien und Kapitel" in the UI language, in the order titles, categories, chapters. */
export function kindList(i18n: I18n, kinds: readonly ChartKind[]): string {
  const names = (['titles', 'categories', 'chapters'] as const).filter((k) => kinds.includes(k)).map((k) => i18n._(chartKindLabels[k]));
  if (names.length <= 1) return names.join('');
  const and = i18n._(msg`und`);
  return `${names.slice(0, -1).join(', ')} ${and} ${names.at(-1)}`;
}

/** Counts of a copy result as "3 Titel, 5 Kategorien, 40 Kapitel" (kinds with rows only). */
export function countList(i18n: I18n, counts: ChartCopyResult['counts']): string {
  return (['titles', 'categories', 'chapters'] as const)
    .filter((k) => counts[k] > 0)
    .map((k) => `${counts[k]} ${i18n._(chartKindLabels[k])}`)
    .join(', ');
}

/** The text of an Error result (its message is a business code) or any other message key. */
export function copyMessageText(i18n: I18n, message: string): string {
  if (isErrorCode(message)) return i18n._(errorMessages[message]);
  return message;
}
