import type { ReportLanguage } from './index.ts';

/**
 * The texts of the rendered e-invoice (issue 28): the FatturaPA document as a readable page — supplier, buyer,
 * lines, VAT summary, withholdings and payment terms — in the reader's language. The FatturaPA codes
 * (TD01, MP05, TP02, EsigibilitaIVA) are named in words.
 */
const de = {
  title: 'Elektronische Rechnung (FatturaPA)',
  supplier: 'Lieferant',
  buyer: 'Kunde',
  vatCode: 'MwSt.-Nr.',
  taxCode: 'Steuernummer',
  document: 'Dokument',
  number: 'Nummer',
  date: 'Datum',
  currency: 'Währung',
  reason: 'Begründung',
  linked: 'Bezieht sich auf Rechnung',
  lines: 'Positionen',
  linesHead: ['Nr.', 'Beschreibung', 'Menge', 'Einheit', 'Einzelpreis', 'MwSt. %', 'Betrag'],
  vatSummary: 'MwSt.-Zusammenfassung',
  vatHead: ['MwSt. %', 'Natur', 'Steuerbemessung', 'MwSt.', 'Fälligkeit der MwSt.'],
  withholdings: 'Einbehalte',
  withholdingHead: ['Art', 'Satz %', 'Grund', 'Betrag'],
  payments: 'Zahlungsbedingungen',
  paymentHead: ['Zahlungsart', 'Fällig am', 'IBAN', 'Begünstigter', 'Betrag'],
  total: 'Gesamtbetrag des Dokuments',
  toPay: 'Zu zahlen an den Lieferanten',
  signed: 'Digital signiert (.p7m): die Signatur ist vorhanden, die Zertifikatskette wurde nicht geprüft.',
  none: 'keine',
  chargeability: { I: 'sofort', D: 'aufgeschoben', S: 'Split Payment (zahlt der Käufer)' } as Record<string, string>,
  documentTypes: { TD01: 'Rechnung', TD02: 'Anzahlung', TD04: 'Gutschrift', TD05: 'Belastungsanzeige', TD06: 'Honorarnote' } as Record<string, string>,
  conditions: { TP01: 'in Raten', TP02: 'vollständig', TP03: 'Vorauszahlung' } as Record<string, string>,
  modes: { MP01: 'bar', MP02: 'Scheck', MP05: 'Überweisung', MP08: 'Zahlungskarte', MP12: 'RIBA', MP19: 'SEPA-Lastschrift' } as Record<string, string>,
  withholdingTypes: {
    RT01: 'Quellensteuer natürliche Personen',
    RT02: 'Quellensteuer juristische Personen',
    RT03: 'INPS-Beitrag',
    RT04: 'ENASARCO-Beitrag',
  } as Record<string, string>,
};

export type InvoiceLabels = typeof de;

const it: InvoiceLabels = {
  title: 'Fattura elettronica (FatturaPA)',
  supplier: 'Cedente / prestatore',
  buyer: 'Cessionario / committente',
  vatCode: 'Partita IVA',
  taxCode: 'Codice fiscale',
  document: 'Documento',
  number: 'Numero',
  date: 'Data',
  currency: 'Valuta',
  reason: 'Causale',
  linked: 'Si riferisce alla fattura',
  lines: 'Righe',
  linesHead: ['N.', 'Descrizione', 'Quantità', 'Unità', 'Prezzo unitario', 'IVA %', 'Importo'],
  vatSummary: 'Riepilogo IVA',
  vatHead: ['IVA %', 'Natura', 'Imponibile', 'Imposta', 'Esigibilità IVA'],
  withholdings: 'Ritenute',
  withholdingHead: ['Tipo', 'Aliquota %', 'Causale', 'Importo'],
  payments: 'Condizioni di pagamento',
  paymentHead: ['Modalità', 'Scadenza', 'IBAN', 'Beneficiario', 'Importo'],
  total: 'Importo totale del documento',
  toPay: 'Da pagare al fornitore',
  signed: 'Firmata digitalmente (.p7m): la firma è presente, la catena dei certificati non è stata verificata.',
  none: 'nessuna',
  chargeability: { I: 'immediata', D: 'differita', S: 'scissione dei pagamenti (split payment)' },
  documentTypes: { TD01: 'Fattura', TD02: 'Acconto', TD04: 'Nota di credito', TD05: 'Nota di debito', TD06: 'Parcella' },
  conditions: { TP01: 'a rate', TP02: 'completo', TP03: 'anticipo' },
  modes: { MP01: 'contanti', MP02: 'assegno', MP05: 'bonifico', MP08: 'carta di pagamento', MP12: 'RIBA', MP19: 'SEPA Direct Debit' },
  withholdingTypes: { RT01: 'Ritenuta persone fisiche', RT02: 'Ritenuta persone giuridiche', RT03: 'Contributo INPS', RT04: 'Contributo ENASARCO' },
};

const catalogs: Record<ReportLanguage, InvoiceLabels> = { de, it };

/** The rendered invoice's texts in one language. */
export function invoiceLabels(language: ReportLanguage): InvoiceLabels {
  return catalogs[language];
}
