/** Texts of the online lists shared by their components (GLOSSARY: Kassajournal, Kapitelauszug, Lieferantenauszug). */
import type { DigestRowLabel } from '@app/domain';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { DigestPanel } from './panels.ts';

export const digestPanelLabels: Record<DigestPanel, MessageDescriptor> = {
  cashJournal: msg`Kassajournal`,
  chapterDigest: msg`Kapitelauszug`,
  supplierDigest: msg`Lieferantenauszug`,
};

/**
 * The kind of a register row (spec 3 §3 "Movement kinds in digests"), as domain `digestRowLabel`
 * tells it: the adjustment by name, an open payment's paid share as a paid instalment.
 */
export const digestRowLabels: Record<DigestRowLabel, MessageDescriptor> = {
  budgetChange: msg`Haushaltsänderung`,
  adjustment: msg`Haushaltsangleichung`,
  revenue: msg`Einnahme`,
  paymentDone: msg`Bezahlte Ausgabe`,
  paymentOpen: msg`Offene Zahlung`,
  instalmentPaid: msg`Bezahlte Rate`,
  reservation: msg`Vormerkung`,
  transfer: msg`Umbuchung`,
  accountTransfer: msg`Kontoübertrag`,
  // GLOSSARY "returned by the bank": the money of a returned transfer back on the account
  paymentReturn: msg`Von der Bank zurückgewiesen`,
};
