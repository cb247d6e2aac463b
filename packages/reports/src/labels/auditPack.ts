import type { AuditAction } from '@app/domain';
import type { ReportLanguage } from './index.ts';

/**
 * The texts of the audit pack (issue 27, "Prüfungsunterlagen"): its cover and table of contents and the
 * audit trail section; the other sections keep the titles of their own prints (de.ts, it.ts).
 */
const de = {
  title: 'Prüfungsunterlagen',
  year: 'Haushaltsjahr',
  contents: 'Inhaltsverzeichnis',
  section: 'Abschnitt',
  page: 'Seite',
  /** The state the open payments and reservations show: 31.12 of a closed year, today in an open one. */
  stateAt: 'Offene Zahlungen und Vormerkungen: Stand',
  stateToday: 'Offene Zahlungen und Vormerkungen: Stand heute (das Jahr ist noch offen)',
  printedOn: 'Erstellt am',
  audit: {
    title: 'Änderungsprotokoll',
    after: 'Änderungen nach der Genehmigung des Haushaltsvoranschlags vom',
    notApproved: 'Haushaltsvoranschlag nicht genehmigt: alle Änderungen des Jahres',
    head: ['Zeit', 'Benutzer', 'Objekt', 'Nr.', 'Aktion', 'Änderung'],
    empty: 'Keine Änderungen nach der Genehmigung.',
    yes: 'ja',
    no: 'nein',
    entries: 'Einträge',
    entry: 'Eintrag',
    entities: {
      movement: 'Buchung',
      reservation: 'Vormerkung',
      accountTransfer: 'Kontoübertrag',
      accountBalance: 'Anfangsbestand',
      budgetChange: 'Haushaltsänderung',
      budgetAdjustment: 'Haushaltsangleichung',
      budgetForecast: 'Haushaltsvoranschlag',
      budgetSurplus: 'Verwaltungsüberschuss',
      paymentOrder: 'Zahlungsauftrag',
      residue: 'Rückstand',
      finalBalance: 'Rechnungsabschluss',
      template: 'Buchungsvorlage',
      chart: 'Kontenplan',
      chapter: 'Kapitel',
      supplier: 'Lieferant',
      account: 'Konto',
      financialYear: 'Haushaltsjahr',
    } as Record<string, string>,
    actions: {
      created: 'angelegt',
      changed: 'geändert',
      deleted: 'gelöscht',
      cancelled: 'storniert',
      approved: 'genehmigt',
      reopened: 'Genehmigung aufgehoben',
      registered: 'registriert',
      exported: 'exportiert',
      stored: 'gespeichert',
      settled: 'bezahlt',
      returned: 'zurückgewiesen',
      copied: 'kopiert',
      unlocked: 'freigegeben',
      imported: 'importiert',
      carriedOver: 'übertragen',
      statusChanged: 'Status geändert',
      setUp: 'eingerichtet',
      signedIn: 'angemeldet',
      signInFailed: 'Anmeldung fehlgeschlagen',
      signedOut: 'abgemeldet',
      passwordChanged: 'Passwort geändert',
    } as Record<AuditAction, string>,
  },
};

export type AuditPackLabels = typeof de;

const it: AuditPackLabels = {
  title: 'Documentazione per la revisione',
  year: 'Esercizio finanziario',
  contents: 'Indice',
  section: 'Sezione',
  page: 'Pagina',
  stateAt: 'Pagamenti aperti e prenotazioni: situazione al',
  stateToday: "Pagamenti aperti e prenotazioni: situazione odierna (l'esercizio è ancora aperto)",
  printedOn: 'Creato il',
  audit: {
    title: 'Registro delle modifiche',
    after: "Modifiche dopo l'approvazione del bilancio di previsione del",
    notApproved: "Bilancio di previsione non approvato: tutte le modifiche dell'esercizio",
    head: ['Ora', 'Utente', 'Oggetto', 'N.', 'Azione', 'Modifica'],
    empty: "Nessuna modifica dopo l'approvazione.",
    yes: 'sì',
    no: 'no',
    entries: 'voci',
    entry: 'voce',
    entities: {
      movement: 'Registrazione',
      reservation: 'Prenotazione',
      accountTransfer: 'Trasferimento tra conti',
      accountBalance: 'Saldo iniziale',
      budgetChange: 'Variazione di bilancio',
      budgetAdjustment: 'Assestamento di bilancio',
      budgetForecast: 'Bilancio di previsione',
      budgetSurplus: 'Avanzo di amministrazione',
      paymentOrder: 'Distinta di pagamento',
      residue: 'Residuo',
      finalBalance: 'Rendiconto',
      template: 'Modello di registrazione',
      chart: 'Piano dei conti',
      chapter: 'Capitolo',
      supplier: 'Fornitore',
      account: 'Conto',
      financialYear: 'Esercizio finanziario',
    },
    actions: {
      created: 'creato',
      changed: 'modificato',
      deleted: 'eliminato',
      cancelled: 'annullato',
      approved: 'approvato',
      reopened: 'approvazione annullata',
      registered: 'registrato',
      exported: 'esportato',
      stored: 'salvato',
      settled: 'pagato',
      returned: 'respinto',
      copied: 'copiato',
      unlocked: 'sbloccato',
      imported: 'importato',
      carriedOver: 'riportato',
      statusChanged: 'stato modificato',
      setUp: 'impostato',
      signedIn: 'accesso',
      signInFailed: 'accesso non riuscito',
      signedOut: 'uscita',
      passwordChanged: 'password modificata',
    },
  },
};

const catalogs: Record<ReportLanguage, AuditPackLabels> = { de, it };

/** The audit pack's texts in one language. */
export function auditPackLabels(language: ReportLanguage): AuditPackLabels {
  return catalogs[language];
}
