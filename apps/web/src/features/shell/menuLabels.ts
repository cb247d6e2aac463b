import type { MenuDisabledReason } from '@app/domain';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** Labels of the menu entries of domain `menuTree`, by key (GLOSSARY terms). */
export const menuLabels: Record<string, MessageDescriptor> = {
  management: msg`Verwaltung`,
  'management.movements.revenues': msg`Einnahmen`,
  'management.movements.expenses': msg`Ausgaben`,
  'management.payments': msg`Offene Zahlungen`,
  'management.payments.pay': msg`Offene Zahlungen bezahlen`,
  'management.payments.open': msg`Offene Zahlungen drucken`,
  'management.payments.homebanking': msg`Zahlungsauftrag (Homebanking)`,
  'management.payments.register': msg`Zahlungen registrieren`,
  'management.accounts': msg`Konten`,
  'management.accounts.transfer': msg`Kontoübertrag`,
  'management.accounts.saldo': msg`Kontostand`,
  'management.accounts.statement': msg`Kontoauszug einlesen`,
  'management.reservations': msg`Vormerkungen`,
  'management.reservations.edit': msg`Vormerkungen bearbeiten`,
  'management.reservations.print': msg`Vormerkungen drucken`,
  'management.printedLists': msg`Drucklisten`,
  'management.printedLists.cashJournal': msg`Kassajournal`,
  'management.printedLists.chapterDigest': msg`Kapitelauszug`,
  'management.printedLists.availabilities': msg`Verfügbarkeiten`,
  'management.printedLists.supplierDigest': msg`Lieferantenauszug`,
  'management.onlineLists': msg`Online-Listen`,
  'management.onlineLists.cashJournal': msg`Kassajournal (online)`,
  'management.onlineLists.chapterDigest': msg`Kapitelauszug (online)`,
  'management.onlineLists.supplierDigest': msg`Lieferantenauszug (online)`,
  budgetForecast: msg`Haushaltsvoranschlag`,
  'budgetForecast.details': msg`Voranschlag bearbeiten`,
  'budgetForecast.surplus': msg`Voraussichtlicher Verwaltungsüberschuss`,
  'budgetForecast.approval': msg`Genehmigung`,
  'budgetForecast.print': msg`Voranschlag drucken`,
  budgetChanges: msg`Haushaltsänderungen`,
  'budgetChanges.adjustmentEdit': msg`Haushaltsangleichung`,
  'budgetChanges.adjustmentPrint': msg`Haushaltsangleichung drucken`,
  'budgetChanges.changesEdit': msg`Haushaltsänderung`,
  'budgetChanges.changesPrint': msg`Änderungen nach Kapitel drucken`,
  'budgetChanges.changesProtocol': msg`Protokoll der Haushaltsänderungen`,
  residues: msg`Rückstände`,
  'residues.determination': msg`Feststellung der Rückstände`,
  'residues.print': msg`Rückstände drucken`,
  'residues.carryOver': msg`Übertragung der Rückstände`,
  'residues.edit': msg`Rückstände erfassen`,
  budgetFinal: msg`Rechnungsabschluss`,
  'budgetFinal.print': msg`Rechnungsabschluss drucken`,
  'budgetFinal.printETS': msg`Rechnungsabschluss ETS drucken`,
  'budgetFinal.approve': msg`Rechnungsabschluss genehmigen`,
  'budgetFinal.auditPack': msg`Prüfungsunterlagen`,
  baseData: msg`Stammdaten`,
  'baseData.departments': msg`Feuerwehren`,
  'baseData.departments.edit': msg`Feuerwehren bearbeiten`,
  'baseData.departments.print': msg`Feuerwehren drucken`,
  'baseData.chartOfAccounts': msg`Kontenplan`,
  'baseData.chartOfAccounts.titles': msg`Titel`,
  'baseData.chartOfAccounts.categories': msg`Kategorien`,
  'baseData.chartOfAccounts.chapters': msg`Kapitel`,
  'baseData.chartOfAccounts.print': msg`Kontenplan drucken`,
  'baseData.chartOfAccounts.budgetDraft': msg`Leerer Voranschlag`,
  'baseData.suppliers': msg`Lieferanten`,
  'baseData.suppliers.edit': msg`Lieferanten bearbeiten`,
  'baseData.suppliers.print': msg`Lieferanten drucken`,
  'baseData.banks': msg`Banken`,
  'baseData.banks.edit': msg`Banken bearbeiten`,
  'baseData.banks.import': msg`Banken importieren`,
  'baseData.accounts': msg`Konten`,
  'baseData.accounts.edit': msg`Konten bearbeiten`,
  'baseData.accounts.print': msg`Konten drucken`,
  statistics: msg`Statistik`,
  'statistics.export': msg`Statistik exportieren`,
  utilities: msg`Dienstprogramme`,
  'utilities.users': msg`Benutzer`,
  'utilities.userDepartments': msg`Feuerwehren der Benutzer`,
  'utilities.departmentUsers': msg`Benutzer der Feuerwehr`,
  'utilities.movementTemplates': msg`Buchungsvorlagen`,
  'utilities.years': msg`Neues Haushaltsjahr`,
  'utilities.chartCopy': msg`Kontenplan kopieren`,
  'utilities.chartUnlock': msg`Kontenplan entsperren`,
  'utilities.auditTrail': msg`Änderungsprotokoll`,
};

/** Why an entry is disabled (domain evaluateMenu `reason`): the menu tooltip and the refused screen. */
export const menuReasonLabels: Record<MenuDisabledReason, MessageDescriptor> = {
  department: msg`Zuerst eine Feuerwehr wählen.`,
  chart: msg`Für dieses Haushaltsjahr gibt es noch keinen Kontenplan.`,
  approvedBudget: msg`Erst nach der Genehmigung des Haushaltsvoranschlags.`,
  openPayments: msg`Diese Feuerwehr arbeitet ohne offene Zahlungen.`,
  firstYear: msg`Nur im ersten Haushaltsjahr der Feuerwehr.`,
  role: msg`Für Ihre Benutzerrolle nicht freigegeben.`,
  unionOnly: msg`Für Administratoren nur im Landesverband.`,
  readOnly: msg`Nur Lesezugriff (Revisor): Diese Funktion ändert Daten.`,
};

/** The tag and tooltip of a menu entry whose screen is not built yet. */
export const notBuiltLabels = {
  tag: msg`geplant`,
  tooltip: msg`Dieser Bildschirm ist noch in Arbeit.`,
};

/** The translated label of a menu key; an unknown key shows as itself (and fails the menu test). */
export function menuLabel(i18n: I18n, key: string): string {
  const descriptor = menuLabels[key];
  return descriptor ? i18n._(descriptor) : key;
}
