/** Texts of the movements screens shared by several components: type names, field names (also for the server's InvalidValue field). */
import type { MovementHeadField, MovementKind } from '@app/domain';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { chapterWord } from '../../ui/chartLabels.ts';

/** Movement types: shared with the audit trail's detail (ui/recordLabels.ts). */
export { movementTypeLabels } from '../../ui/recordLabels.ts';

export const kindLabels: Record<MovementKind, MessageDescriptor> = {
  revenues: msg`Einnahmen`,
  expenses: msg`Ausgaben`,
};

/** The head fields a type may require (missingHeadFields names them by their input field). */
export const headFieldLabels: Record<MovementHeadField, MessageDescriptor> = {
  documentNumber: msg`Belegnummer`,
  documentDate: msg`Belegdatum`,
  supplierId: msg`Lieferant`,
  accountId: msg`Konto`,
  templateCode: msg`Buchungsvorlage`,
};

const fieldLabels: Record<string, MessageDescriptor> = {
  ...headFieldLabels,
  recordNumber: msg`Buchungsnummer`,
  recordDate: msg`Buchungsdatum`,
  type: msg`Art`,
  chapter: chapterWord,
  chapterFrom: msg`Kapitel von`,
  chapterTo: msg`Kapitel nach`,
  amount: msg`Betrag`,
  note: msg`Anmerkung`,
  dateDue: msg`Fällig am`,
  datePaid: msg`Bezahlt am`,
  positions: msg`Positionen`,
  transferPositions: msg`Umbuchungen`,
  payments: msg`Zahlungen`,
};

const listLabels: Record<string, MessageDescriptor> = {
  positions: msg`Position`,
  transferPositions: msg`Umbuchung`,
  payments: msg`Zahlung`,
};

/**
 * The name of a field the server names (`recordDate`, `positions.1.amount`, `payments.0.datePaid`):
 * "Position 2: Betrag", "Zahlung 1: Bezahlt am".
 */
export function fieldLabel(i18n: I18n, field: string): string {
  const parts = field.split('.');
  const [list, index, leaf] = parts;
  if (list && index !== undefined && /^\d+$/.test(index) && listLabels[list]) {
    const head = `${i18n._(listLabels[list])} ${Number(index) + 1}`;
    const leafLabel = leaf ? fieldLabels[leaf] : undefined;
    return leafLabel ? `${head}: ${i18n._(leafLabel)}` : head;
  }
  const label = fieldLabels[parts[parts.length - 1] ?? field];
  return label ? i18n._(label) : field;
}
