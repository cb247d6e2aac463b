/** Texts of the audit trail (issue 27): entity kinds and business actions (GLOSSARY: Änderungsprotokoll, Verlauf). */
import type { AuditAction, AuditEntity, AuditLineWords, MovementType } from '@app/domain';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { chapterWord, partLabels, titleWord } from '../../ui/chartLabels.ts';
import { movementTypeLabels } from '../../ui/recordLabels.ts';

/** One user (the column, the detail and the entity; `Benutzer` alone is the menu's plural). */
export const userWord: MessageDescriptor = msg({ message: 'Benutzer', context: 'one user' });
/** One row's change (`Änderung` alone is a budget change). */
export const changeWord: MessageDescriptor = msg({ message: 'Änderung', context: 'audit row' });

export const auditEntityLabels: Record<AuditEntity, MessageDescriptor> = {
  movement: msg`Buchung`,
  reservation: msg`Vormerkung`,
  accountTransfer: msg`Kontoübertrag`,
  accountBalance: msg`Anfangsbestand`,
  budgetForecast: msg`Haushaltsvoranschlag`,
  budgetSurplus: msg`Verwendeter Überschuss`,
  budgetChange: msg`Haushaltsänderung`,
  budgetAdjustment: msg`Haushaltsangleichung`,
  paymentOrder: msg`Zahlungsauftrag`,
  document: msg`Angehängter Beleg`,
  bankStatement: msg`Kontoauszug`,
  statementRule: msg`Zuordnungsregel Kontoauszug`,
  residue: msg`Rückstand`,
  finalBalance: msg`Rechnungsabschluss`,
  financialYear: msg`Haushaltsjahr`,
  chart: msg`Kontenplan`,
  chartTitle: titleWord,
  chartCategory: msg`Kategorie`,
  chartChapter: chapterWord,
  template: msg`Buchungsvorlage`,
  department: msg`Feuerwehr`,
  supplier: msg`Lieferant`,
  bank: msg`Bank`,
  account: msg`Konto`,
  user: userWord,
  userDepartment: msg`Feuerwehr des Benutzers`,
  session: msg`Anmeldung`,
  system: msg`System`,
};

export const auditActionLabels: Record<AuditAction, MessageDescriptor> = {
  created: msg`angelegt`,
  changed: msg`geändert`,
  deleted: msg`gelöscht`,
  cancelled: msg({ message: 'storniert', context: 'audit action' }),
  approved: msg`genehmigt`,
  reopened: msg`wieder geöffnet`,
  registered: msg`registriert`,
  exported: msg`exportiert`,
  stored: msg`gespeichert`,
  settled: msg`bezahlt`,
  returned: msg`zurückgewiesen`,
  copied: msg`kopiert`,
  unlocked: msg`entsperrt`,
  imported: msg`importiert`,
  carriedOver: msg`übertragen`,
  statusChanged: msg`Status geändert`,
  setUp: msg`eingerichtet`,
  signedIn: msg`angemeldet`,
  signInFailed: msg`Anmeldung fehlgeschlagen`,
  signedOut: msg`abgemeldet`,
  passwordChanged: msg`Passwort geändert`,
};

/** A stored entity or action in the UI language; one the client does not know (a newer server) as stored. */
export function auditLabel(i18n: I18n, labels: Record<string, MessageDescriptor>, value: string): string {
  const label = labels[value];
  return label ? i18n._(label) : value;
}

/** Names of the fields a save's input carries most often; any other key shows as stored. */
export const auditFieldLabels: Record<string, MessageDescriptor> = {
  kind: msg`Einnahmen/Ausgaben`,
  type: msg`Typ`,
  recordNumber: msg`Buchungsnummer`,
  recordDate: msg`Buchungsdatum`,
  documentNumber: msg`Belegnummer`,
  documentDate: msg`Belegdatum`,
  // records named by id read as their code and name or number (AuditRow.names); one the list could not resolve shows its id
  supplierId: msg`Lieferant`,
  userId: userWord,
  departmentId: msg`Feuerwehr`,
  mainDepartmentId: msg`Hauptfeuerwehr`,
  accountId: msg`Konto`,
  accountFromId: msg`Von Konto`,
  accountToId: msg`Auf Konto`,
  bankId: msg`Bank`,
  templateCode: msg`Buchungsvorlage`,
  asNew: msg`Als neue Buchung`,
  positions: msg`Positionen`,
  transferPositions: msg`Umbuchungen`,
  payments: msg`Zahlungen`,
  amount: msg`Betrag`,
  note: msg`Anmerkung`,
  notes: msg`Anmerkungen`,
  chapter: chapterWord,
  // chapters named by id read as code and description (AuditRow.refs); one the list could not resolve shows its id
  chapterId: chapterWord,
  chapterBudgetId: chapterWord,
  budgetId: chapterWord,
  chapterFromId: msg`Von Kapitel`,
  chapterToId: msg`Nach Kapitel`,
  chapterFrom: msg`Von Kapitel`,
  chapterTo: msg`Nach Kapitel`,
  fromChapterBudgetId: msg`Von Kapitel`,
  toChapterBudgetId: msg`Nach Kapitel`,
  chapterYear: msg`Kapiteljahr`,
  reservationAmount: msg`Davon aus der Vormerkung`,
  cancelledAmount: msg`Betrag vor der Stornierung`,
  cancelled: msg({ message: 'Storniert', context: 'audit field' }),
  closed: msg({ message: 'Abgeschlossen', context: 'audit field' }),
  dateDue: msg`Fällig am`,
  datePaid: msg`Bezahlt am`,
  budgetInitial: msg`Anfangsansatz`,
  finalResidue: msg`Festgestellter Rückstand`,
  residueMinimum: msg`Rückstand mindestens`,
  residueMaximum: msg`Rückstand höchstens`,
  amountUsedTyped: msg`Verwendeter Betrag`,
  surplusActual: msg`Tatsächlicher Überschuss`,
  descriptionDeu: msg`Beschreibung (deutsch)`,
  descriptionIta: msg`Beschreibung (italienisch)`,
  reservationId: msg`Vormerkung`,
  approved: msg`Genehmigungsdatum`,
  approval: msg`Genehmigungsdatum`,
  amountBooked: msg`Vorgemerkter Betrag`,
  amountUsed: msg`Verwendeter Betrag`,
  description: msg`Beschreibung`,
  reason: msg`Grund`,
  fileName: msg`Dateiname`,
  contentType: msg`Dateityp`,
  size: msg`Größe (Bytes)`,
  statementId: msg`Auszugsnummer`,
  openingBalance: msg`Anfangssaldo laut Bank`,
  closingBalance: msg`Endsaldo laut Bank`,
  bookingDate: msg`Buchungstag`,
  valueDate: msg`Valuta`,
  creditDebit: msg`Gutschrift/Belastung`,
  counterpartyName: msg`Auftraggeber/Empfänger`,
  counterpartyIban: msg`IBAN Auftraggeber/Empfänger`,
  remittance: msg`Verwendungszweck`,
  outcome: msg`Ergebnis`,
  text: msg`Text`,
};

/** What a changed database row is, by its table (the Änderungsprotokoll's detail); any other table shows as stored. */
export const auditTableLabels: Record<string, MessageDescriptor> = {
  movements: msg`Buchung`,
  movement_positions: msg`Position`,
  movement_transfer_positions: msg`Umbuchung`,
  movement_payments: msg({ message: 'Rate', context: 'audit table' }),
  reservations: msg`Vormerkung`,
  account_transfers: msg`Kontoübertrag`,
  account_balances: msg`Anfangsbestand`,
  budget_heads: msg({ message: 'Haushalt', context: 'audit table' }),
  budget_changes: msg`Haushaltsänderung`,
  budget_change_positions: msg({ message: 'Änderung auf Kapitel', context: 'audit table' }),
  chapter_budgets: msg({ message: 'Kapitelzeile', context: 'audit table' }),
  forecast_prev_amounts: msg({ message: 'Vorjahresbetrag', context: 'audit table' }),
  payment_orders: msg`Zahlungsauftrag`,
  payment_order_items: msg({ message: 'Rate im Zahlungsauftrag', context: 'audit table' }),
  movement_templates: msg`Buchungsvorlage`,
  movement_template_positions: msg({ message: 'Position der Buchungsvorlage', context: 'audit table' }),
  chapters: chapterWord,
  titles: titleWord,
  categories: msg`Kategorie`,
  departments: msg`Feuerwehr`,
  suppliers: msg`Lieferant`,
  banks: msg`Bank`,
  accounts: msg`Konto`,
  users: userWord,
  user_departments: msg`Feuerwehr des Benutzers`,
  financial_years: msg`Haushaltsjahr`,
  documents: msg`Angehängter Beleg`,
  bank_statements: msg`Kontoauszug`,
  bank_statement_entries: msg`Zeile des Kontoauszugs`,
  bank_statement_entry_payments: msg`Rate einer Zeile des Kontoauszugs`,
  statement_rules: msg`Zuordnungsregel Kontoauszug`,
};

/** A field's name in the UI language (each part of a nested `a.b`; a database column `record_number` as `recordNumber`); the stored key when none is known. */
export function auditFieldLabel(i18n: I18n, key: string): string {
  return key
    .split('.')
    .map((part) => {
      const label = auditFieldLabels[part.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase())];
      return label ? i18n._(label) : part;
    })
    .join(' › ');
}

/** The words of a change line (the CSV's change cell, the Änderungsprotokoll's PDF and the audit pack): fields and records in the UI language. */
export function auditLineWords(i18n: I18n): Required<AuditLineWords> {
  return {
    field: (key) => auditFieldLabel(i18n, key),
    table: (table) => auditLabel(i18n, auditTableLabels, table),
    value: (key, value, entity) => auditValueWords(i18n, key, value, entity),
  };
}

/** An input value in words where the detail shows one: a movement's kind (revenues and expenses are the chart's parts) and its type. */
export function auditValueWords(i18n: I18n, key: string, value: unknown, entity?: string): string | null {
  if (key === 'kind' && (value === 'revenues' || value === 'expenses')) return i18n._(partLabels[value === 'revenues' ? 1 : 2]);
  if (key === 'type' && entity === 'movement' && typeof value === 'number' && Object.hasOwn(movementTypeLabels, value))
    return i18n._(movementTypeLabels[value as MovementType]);
  return null;
}
