/** Texts of the final-account screens: the criteria (DOMAIN decision 16) and why a save is refused. */
import type { FinalBalanceCriterion } from '@app/domain';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ApprovalStep } from './approval.ts';

/** One line per criterion, said as what must hold. */
export const criterionLabels: Record<FinalBalanceCriterion, MessageDescriptor> = {
  unpaidBills: msg`Offene Rechnungen sind durch Rückstände gedeckt`,
  budgetChanges: msg`Alle Haushaltsänderungen sind genehmigt`,
  reservations: msg`Keine offene Vormerkung ohne Rückstand`,
  exceededAvailabilities: msg`Keine Verfügbarkeit überschritten`,
  residues: msg`Alle Rückstände sind festgestellt und liegen in ihren Grenzen`,
  title3: msg`Titel 3: Einnahmen und Ausgaben sind gleich`,
};

/** Why Save does not approve (the date rules name the window of the year). */
export const refusedLabels: Record<Extract<ApprovalStep, { kind: 'refused' }>['reason'], MessageDescriptor> = {
  dateMissing: msg`Bitte das Genehmigungsdatum eingeben.`,
  criteria: msg`Der Rechnungsabschluss hat Fehler: nicht alle Kriterien sind erfüllt.`,
  sameDateOnly: msg`Der Rechnungsabschluss ist bereits genehmigt: nur das gleiche Datum kann gespeichert werden. Zum Ändern das Datum löschen und speichern (das Jahr wird wieder geöffnet).`,
  cannotReopen: msg`Das nächste Jahr hat bereits Buchungen auf übertragenen Rückständen: nur ein Supervisor kann die Genehmigung aufheben.`,
  nextYearApproved: msg`Der Rechnungsabschluss des Folgejahres ist genehmigt: er baut auf den Zahlen dieses Jahres auf (Anfangsbestände, übertragene Rückstände). Die Genehmigung kann erst aufgehoben werden, wenn die des Folgejahres aufgehoben ist.`,
  InvalidDate: msg`Das Datum muss im folgenden Jahr liegen und darf nicht in der Zukunft liegen.`,
  'DateAfter31.10': msg`Der Rechnungsabschluss muss bis zum 31.10. des Folgejahres genehmigt werden.`,
};
