/** Texts of the online lists shared by their components (GLOSSARY: Kassajournal, Kapitelauszug, Lieferantenauszug). */
import type { DigestKind } from '@app/domain';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { DigestPanel } from './panels.ts';

export const digestPanelLabels: Record<DigestPanel, MessageDescriptor> = {
  cashJournal: msg`Kassajournal`,
  chapterDigest: msg`Kapitelauszug`,
  supplierDigest: msg`Lieferantenauszug`,
};

/** The kind of a register row (spec 3 §3 "Movement kinds in digests"). */
export const digestKindLabels: Record<DigestKind, MessageDescriptor> = {
  budgetChange: msg`Haushaltsänderung`,
  revenue: msg`Einnahme`,
  paymentDone: msg`Bezahlte Ausgabe`,
  paymentOpen: msg`Offene Zahlung`,
  reservation: msg`Vormerkung`,
  transfer: msg`Umbuchung`,
  accountTransfer: msg`Kontoübertrag`,
};
