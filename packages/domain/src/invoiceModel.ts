/**
 * E-invoices (FatturaPA, issue 28, DOMAIN decision 28): the invoice as the importer reads it out of a
 * FatturaPA document (FPR12 or FPA12, schema 1.2.x), one per FatturaElettronicaBody. Amounts are integer
 * cents (`Cents`: euros on the REST wire); quantities, rates and the unit price as written (decimal text),
 * the unit price also in cents (rounded half away from zero) for the rendered page.
 */
import { z } from 'zod';
import { Cents } from './money.ts';
import { NullText, Num, Text } from './outputs.ts';

/** A party of the invoice: the supplier (CedentePrestatore) or the buyer (CessionarioCommittente). */
export const InvoiceParty = z.strictObject({
  /** Denominazione, or Nome and Cognome. */
  name: Text,
  /** IdFiscaleIVA: the country (IdPaese) and the code (IdCodice); '' when absent. */
  vatCountry: Text,
  vatCode: Text,
  /** CodiceFiscale; '' when absent. */
  taxCode: Text,
  /** Sede: Indirizzo with NumeroCivico, CAP, Comune, Provincia, Nazione. */
  street: Text,
  postalCode: Text,
  location: Text,
  province: Text,
  country: Text,
});
export type InvoiceParty = z.infer<typeof InvoiceParty>;

/** A line (DettaglioLinee). */
export const InvoiceLine = z.strictObject({
  number: Num,
  description: Text,
  /** Quantita as written ('' when absent), UnitaMisura. */
  quantity: Text,
  unit: Text,
  /** PrezzoUnitario as written and in cents. */
  unitPriceText: Text,
  unitPrice: Cents,
  /** PrezzoTotale. */
  total: Cents,
  /** AliquotaIVA as written ("22.00"), Natura when 0 ('' otherwise). */
  vatRate: Text,
  nature: Text,
});
export type InvoiceLine = z.infer<typeof InvoiceLine>;

/** A VAT summary row (DatiRiepilogo). `chargeability`: EsigibilitaIVA — I immediate, D deferred, S split payment; '' absent. */
export const InvoiceVatSummary = z.strictObject({
  vatRate: Text,
  nature: Text,
  taxable: Cents,
  tax: Cents,
  chargeability: Text,
  legalReference: Text,
});
export type InvoiceVatSummary = z.infer<typeof InvoiceVatSummary>;

/** A withholding (DatiRitenuta): TipoRitenuta (RT01 natural persons, RT02 legal persons, RT03 INPS, …), the amount, the rate and CausalePagamento. */
export const InvoiceWithholding = z.strictObject({ type: Text, amount: Cents, rate: Text, reason: Text });
export type InvoiceWithholding = z.infer<typeof InvoiceWithholding>;

/** An instalment (DettaglioPagamento). */
export const InvoiceInstalment = z.strictObject({
  beneficiary: Text,
  /** ModalitaPagamento (MP05 transfer, MP01 cash, …). */
  mode: Text,
  amount: Cents,
  /** DataScadenzaPagamento, null when absent. */
  dueDate: NullText,
  iban: Text,
  bankName: Text,
});
export type InvoiceInstalment = z.infer<typeof InvoiceInstalment>;

/** The payment terms (DatiPagamento): CondizioniPagamento (TP01 instalments, TP02 full, TP03 advance) and the instalments. */
export const InvoicePayment = z.strictObject({ conditions: Text, instalments: z.array(InvoiceInstalment) });
export type InvoicePayment = z.infer<typeof InvoicePayment>;

/** A bill the document names (DatiFattureCollegate): its number and date. */
export const InvoiceLinkedDocument = z.strictObject({ number: Text, date: NullText });

/** One invoice (one FatturaElettronicaBody with the header it shares). */
export const Invoice = z.strictObject({
  /** FPR12 (between private parties) or FPA12 (to the public administration). */
  format: Text,
  supplier: InvoiceParty,
  buyer: InvoiceParty,
  /** TipoDocumento: TD01 invoice, TD04 credit note, TD05 debit note, … */
  documentType: Text,
  currency: Text,
  date: Text,
  number: Text,
  /** ImportoTotaleDocumento; null when the document leaves it out. */
  totalDocument: Cents.nullable(),
  /** Causale, joined. */
  reason: Text,
  linkedDocuments: z.array(InvoiceLinkedDocument),
  lines: z.array(InvoiceLine),
  vatSummary: z.array(InvoiceVatSummary),
  withholdings: z.array(InvoiceWithholding),
  payments: z.array(InvoicePayment),
  /** Sum of the lines' totals and of the summary's taxable amounts and taxes. */
  linesTotal: Cents,
  taxableTotal: Cents,
  vatTotal: Cents,
  /** The VAT of the rows with EsigibilitaIVA S (split payment): the buyer pays it to the State. */
  splitPaymentVat: Cents,
  /** Sum of the withholdings. */
  withholdingTotal: Cents,
  /** The document's amount: ImportoTotaleDocumento, or the taxable amounts and VAT when absent (DOMAIN decision 28). */
  gross: Cents,
});
export type Invoice = z.infer<typeof Invoice>;

/** A decimal as FatturaPA writes it ("1234.50", "-5.00", "0.12345678") in integer cents, half away from zero; null for anything else. */
export function decimalCents(text: string | undefined | null): number | null {
  const value = (text ?? '').trim();
  const match = /^([+-]?)(\d{1,15})(?:\.(\d{1,8}))?$/.exec(value);
  if (!match) return null;
  const [, sign, whole, fraction = ''] = match;
  const digits = `${fraction}000`;
  let cents = Number(whole) * 100 + Number(digits.slice(0, 2));
  if (Number(digits.charAt(2)) >= 5) cents += 1;
  return sign === '-' && cents !== 0 ? -cents : cents;
}
