/** Texts of the reservations screens shared by several components: field names (also for the server's InvalidValue field) and status filter. */
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { chapterWord } from '../../ui/chartLabels.ts';

const fieldLabels: Record<string, MessageDescriptor> = {
  recordNumber: msg`Buchungsnummer`,
  recordDate: msg`Buchungsdatum`,
  note: msg`Anmerkungen`,
  chapterYear: msg`Jahr`,
  chapter: chapterWord,
  chapterId: chapterWord,
  amountBooked: msg`Vorgemerkter Betrag`,
  amountUsed: msg`Verwendeter Betrag`,
  amount: msg`Vorgemerkter Betrag`,
  closed: msg`Abgeschlossen`,
};

/** The name of a field of the reservations form (the server's `field` of an InvalidValue). */
export function reservationFieldLabel(i18n: I18n, field: string): string {
  const label = fieldLabels[field.split('.').pop() ?? field];
  return label ? i18n._(label) : field;
}

/** The print's status filter (spec 3 §2: only open, only closed, all). */
export const statusLabels = {
  open: msg`Nur offene`,
  closed: msg`Nur abgeschlossene`,
  all: msg({ message: 'Alle', context: 'reservations' }),
} as const;
