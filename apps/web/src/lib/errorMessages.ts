import type { ErrorCode } from '@app/domain';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { appCodeOf } from './errors.ts';

/**
 * One message per business error code (packages/domain/src/errors.ts). The Record type makes a new
 * code without a message a type error, so every code the server can send is translated.
 */
export const errorMessages: Record<ErrorCode, MessageDescriptor> = {
  NotAuthenticated: msg`Nicht angemeldet. Bitte erneut anmelden.`,
  SessionExpired: msg`Die Sitzung ist abgelaufen. Bitte erneut anmelden.`,
  Forbidden: msg`Keine Berechtigung für diese Aktion.`,
  DepartmentNotAllowed: msg`Kein Zugriff auf diese Feuerwehr.`,
  ReadOnlyAccess: msg`Nur Lesezugriff (Revisor): Es kann nichts gespeichert werden.`,
  NotFound: msg`Der Datensatz wurde nicht gefunden.`,
  InvalidValue: msg`Ungültiger Wert.`,
  TooManyAttempts: msg`Zu viele Anmeldeversuche. Bitte später erneut versuchen.`,
  DatabaseUnavailable: msg`Die Datenbank ist gerade nicht erreichbar. Bitte in einigen Sekunden erneut versuchen.`,
  IdempotencyKeyReused: msg`Diese Anfrage wurde mit demselben Schlüssel schon anders gesendet. Bitte die Seite neu laden und erneut speichern.`,
  InvalidJson: msg`Die Anfrage ist kein gültiges JSON.`,
  UnsupportedMediaType: msg`Dieses Datenformat wird nicht unterstützt.`,
  PayloadTooLarge: msg`Die Daten sind zu groß (höchstens 10 MB).`,
  HeadersTooLarge: msg`Die Adresse der Anfrage ist zu lang.`,
  WrongCredentials: msg`Benutzername oder Passwort ist falsch.`,
  UserLocked: msg`Der Benutzer ist gesperrt.`,
  UserExpired: msg`Der Benutzer ist nicht mehr gültig.`,
  PasswordExpired: msg`Das Passwort ist abgelaufen. Bitte ein neues Passwort festlegen.`,
  PasswordSameAsOld: msg`Das neue Passwort muss sich vom alten unterscheiden.`,
  PasswordRepeatWrong: msg`Die Passwortwiederholung stimmt nicht überein.`,
  PasswordTooShort: msg`Das neue Passwort ist zu kurz.`,
  YearExists: msg`Das Haushaltsjahr existiert bereits.`,
  YearLocked: msg`Das Haushaltsjahr ist für diesen Bereich gesperrt: Es kann erst bearbeitet werden, wenn es unter Haushaltsjahre freigegeben wird.`,
  ChartLocked: msg`Der Kontenplan ist gesperrt.`,
  ChapterNotFound: msg`Das Kapitel wurde nicht gefunden.`,
  ChartItemExists: msg`Der Eintrag im Kontenplan existiert bereits.`,
  NothingToCopy: msg`Es gibt nichts zu kopieren.`,
  AlreadyLinked: msg`Die Zuordnung besteht bereits.`,
  BudgetNotBalanced: msg`Der Haushalt ist nicht ausgeglichen.`,
  BudgetClosed: msg`Haushalt abgeschlossen.`,
  BudgetAlreadyApproved: msg`Der Haushaltsvoranschlag ist bereits genehmigt.`,
  BudgetNotFound: msg`Kein Haushalt vorhanden.`,
  InvalidDate: msg`Ungültiges Datum.`,
  'DateAfter31.12': msg`Das Datum darf nicht nach dem 31.12. liegen.`,
  'DateAfter31.10': msg`Der Rechnungsabschluss muss bis zum 31.10. des Folgejahres genehmigt werden.`,
  FinalBalanceHasErrors: msg`Der Rechnungsabschluss hat Fehler: nicht alle Kriterien sind erfüllt.`,
  FinalBalanceNotApproved: msg`Der Rechnungsabschluss ist nicht genehmigt: es gibt keine Genehmigung aufzuheben.`,
  NextYearApproved: msg`Der Rechnungsabschluss des Folgejahres ist genehmigt: die Genehmigung dieses Jahres kann erst aufgehoben werden, wenn die des Folgejahres aufgehoben ist.`,
  AvailableExceeded: msg`Der verfügbare Betrag wird überschritten.`,
  BudgetNotApproved: msg`Der Haushaltsvoranschlag ist noch nicht genehmigt.`,
  BudgetFinalNegative: msg`Der Endansatz darf nicht negativ werden.`,
  ChapterHasResidue: msg`Das Kapitel hat einen festgestellten Endrückstand: zum Ändern zuerst unter „Feststellung der Rückstände“ die Feststellung der Zeile aufheben.`,
  BudgetInUse: msg`Der Haushalt wird bereits verwendet.`,
  AdjustmentExists: msg`Es gibt bereits eine Haushaltsangleichung.`,
  DocumentDateAfterRecordDate: msg`Das Belegdatum darf nicht nach dem Buchungsdatum liegen.`,
  RecordNumberUsed: msg`Die Buchungsnummer ist bereits vergeben.`,
  RecordNotFound: msg`Die Buchung wurde nicht gefunden.`,
  InvalidRecordNumber: msg`Ungültige Buchungsnummer: Eine neue Buchung bekommt die nächste Nummer.`,
  WrongPaymentTotal: msg`Die Summe der Zahlungen stimmt nicht mit dem Gesamtbetrag überein.`,
  chapterNotAvailable: msg`Für dieses Kapitel gibt es keinen Haushaltsansatz.`,
  CannotDeleteUsed: msg`Die Vormerkung ist bereits verwendet und kann nicht gelöscht werden.`,
  BalanceNotEditable: msg`Anfangssalden können nur im ersten Haushaltsjahr eingegeben werden; später sind sie die Endsalden des Vorjahres.`,
  AccountHasBalance: msg`Das Konto hat noch einen Saldo und kann erst deaktiviert werden, wenn der Saldo null ist.`,
  PaymentInOrder: msg`Die Zahlung ist bereits in einem Zahlungsauftrag und kann nicht geändert oder nochmals beauftragt werden.`,
  OrderRegistered: msg`Der Zahlungsauftrag ist bereits registriert.`,
  OrderNotFound: msg`Der Zahlungsauftrag wurde nicht gefunden.`,
  NoValidIban: msg`Keine gültige IBAN.`,
  CucMissing: msg`Der CBI-CUC-Code der Feuerwehr fehlt (Stammdaten der Feuerwehr).`,
  SmallerThanExistingResidue: msg`Der Rückstand ist kleiner als das, was bereits vorgemerkt oder verwendet ist.`,
  UndeterminedResidues: msg`Es sind noch nicht alle Rückstände festgelegt.`,
  OrderAfterYearEnd: msg`Nach dem 31.12. nimmt das Haushaltsjahr keinen neuen Zahlungsauftrag mehr an: er könnte in diesem Jahr nicht mehr registriert werden. Die offenen Rechnungen zahlt das Folgejahr nach der Übertragung der Rückstände.`,
  ResiduesNotCarried: msg`Eine im Vorjahr bezahlte und von der Bank zurückgewiesene Zahlung zählt auf den Rückständen des neuen Jahres: zuerst die Übertragung der Rückstände ausführen.`,
  ChapterDescriptionNeeded: msg`Bitte die deutsche und italienische Bezeichnung des Kapitels eingeben.`,
  ResiduelNotFound: msg`Der Rückstand wurde nicht gefunden.`,
  UserExists: msg`Der Benutzer existiert bereits.`,
  DepartmentNeeded: msg`Bitte eine Feuerwehr wählen.`,
  BudgetExists: msg`Es gibt bereits einen Haushalt.`,
  ChaptersExist: msg`Es gibt bereits Kapitel.`,
  RequestedEntitiesExist: msg`Die Daten existieren bereits.`,
  InUse: msg`Der Datensatz wird noch verwendet.`,
  DepartmentExists: msg`Die Feuerwehr existiert bereits.`,
  SupplierExists: msg`Der Lieferant existiert bereits.`,
  BankExists: msg`Die Bank existiert bereits.`,
  AccountExists: msg`Das Konto existiert bereits.`,
  CannotInactivate: msg`Der Datensatz kann nicht deaktiviert werden.`,
  DocumentType: msg`Diese Datei kann nicht angehängt werden: erlaubt sind PDF, JPEG, PNG und E-Rechnungen (XML, P7M).`,
  StatementFormat: msg`Diese Datei ist kein Kontoauszug im Format camt.053 (oder camt.054) Version 02.`,
  StatementAccount: msg`Die IBAN des Kontoauszugs ist kein Konto dieser Feuerwehr: das Konto mit dieser IBAN zuerst in den Stammdaten anlegen.`,
  StatementImported: msg`Dieser Kontoauszug wurde bereits eingelesen und verbucht.`,
};

export const genericErrorMessage = msg`Fehler`;

/** The translated text for any error: its business code's message, else the generic 'Fehler'. */
export function errorText(i18n: I18n, error: unknown): string {
  const code = appCodeOf(error);
  return i18n._(code ? errorMessages[code] : genericErrorMessage);
}
