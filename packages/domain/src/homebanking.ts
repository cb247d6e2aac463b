import { isSEPACountry } from 'ibantools';
import type { IsoDate } from './dates.ts';
import { isValidIban, isValidSwift, normalizeIban, splitItalianIban } from './iban.ts';

export * from './homebankingDates.ts';
export * from './homebankingText.ts';

/**
 * Homebanking (spec 3 §2-§4, DOMAIN decision 10): the payment order that the bank file and the order
 * PDF are made of. Pure rules, no database: the server reads the selected instalments, asks
 * `planPaymentOrder` (homebankingOrder.ts) for the order and hands it to the file builder
 * (`@app/reports` bankFile). This module: the order kinds, payability and the CBI codes;
 * homebankingMessage.ts: the ISO 20022 identifiers and remittances; homebankingPrint.ts: the printed order.
 */

/** Payment range of an order (spec 3 §9): 1 domestic (Italian IBANs, CBI file), 2 foreign (other SEPA IBANs, pain.001). */
export const PaymentRange = { Domestic: 1, Foreign: 2 } as const;
export type PaymentRange = (typeof PaymentRange)[keyof typeof PaymentRange];

/**
 * Why an instalment can't go into this bank file: no valid IBAN, an IBAN outside SEPA, a foreign IBAN
 * without the creditor's BIC, or an IBAN that belongs to the other kind of order (OtherRange: domestic
 * in a foreign order or the reverse; the payables list of an order does not show those).
 */
export type NotPayableReason = 'NoValidIban' | 'NotSepa' | 'BicMissing' | 'OtherRange';

/**
 * Order-level refusals: domestic without the department's CBI CUC, the debtor account without a valid
 * (for domestic: Italian) IBAN, a past execution date, nothing payable, an instalment chosen twice
 * (InvalidValue: a bill is never paid twice, not even inside one file).
 */
export type PaymentOrderError = 'CucMissing' | 'NoValidIban' | 'InvalidDate' | 'NothingToPay' | 'InvalidValue';

/** Names are cut to 70 characters (CBI Max70Text, EPC), remittances to 140 (Max140Text). */
export const BANK_FILE_LIMITS = { name: 70, addressLine: 70, remittance: 140, id: 35 } as const;

/** The creditor of an instalment as the supplier's master data has it. */
export interface CreditorInput {
  supplierId: number;
  supplierCode: number;
  name: string;
  street?: string;
  postalCode?: string;
  town?: string;
  /** Two-letter ISO country; anything else is left out of the address. */
  country?: string;
  iban: string;
  bic?: string;
}

/** One open instalment chosen for the order (spec 3 §3 payable item). */
export interface PayableInput {
  paymentId: number;
  movementId: number;
  /** Integer cents, > 0. */
  amount: number;
  dateDue: IsoDate;
  documentNumber: string;
  documentDate: IsoDate | null;
  creditor: CreditorInput;
}

export type Payability = { payable: true; range: PaymentRange } | { payable: false; reason: Exclude<NotPayableReason, 'OtherRange'> };

/**
 * Can an instalment of this creditor be paid by a bank file, and in which kind of order? An Italian
 * IBAN is domestic; another SEPA country's IBAN is foreign and needs the creditor's BIC; a missing or
 * invalid IBAN is NoValidIban, an IBAN of a country outside SEPA is NotSepa.
 */
export function payability(creditor: Pick<CreditorInput, 'iban' | 'bic'>): Payability {
  const iban = normalizeIban(creditor.iban ?? '');
  if (iban === '' || !isValidIban(iban)) return { payable: false, reason: 'NoValidIban' };
  const country = iban.slice(0, 2);
  if (country === 'IT') return { payable: true, range: PaymentRange.Domestic };
  if (!isSEPACountry(country)) return { payable: false, reason: 'NotSepa' };
  if (!creditor.bic || !isValidSwift(creditor.bic)) return { payable: false, reason: 'BicMissing' };
  return { payable: true, range: PaymentRange.Foreign };
}

/**
 * An instalment in an order of `range`: `payable`, or the reason why not. `OtherRange` (payable in
 * the other kind of order) is not listed in this order's payables; the other reasons are listed with
 * the reason, never dropped: NoValidIban in both kinds of order, NotSepa and BicMissing (foreign
 * IBANs) in the foreign one.
 */
export function payableIn(creditor: Pick<CreditorInput, 'iban' | 'bic'>, range: PaymentRange): 'payable' | NotPayableReason {
  const result = payability(creditor);
  if (result.payable) return result.range === range ? 'payable' : 'OtherRange';
  if (result.reason !== 'NoValidIban' && range === PaymentRange.Domestic) return 'OtherRange';
  return result.reason;
}

/** ABI (bank code) of an Italian IBAN: characters 6-10; null for any other IBAN. */
export function abiOfIban(iban: string): string | null {
  return splitItalianIban(iban)?.abi ?? null;
}

/** CAB (branch code) of an Italian IBAN: characters 11-15; null for any other IBAN. */
export function cabOfIban(iban: string): string | null {
  return splitItalianIban(iban)?.cab ?? null;
}

/** The department's CBI CUC code in the form the file carries: trimmed, upper case. */
export function normalizeCbiCuc(cuc: string | null | undefined): string {
  return (cuc ?? '').trim().toUpperCase();
}

/**
 * Whether year `year` can still take a new payment order on `today` (ISO, Italian time): an order is
 * registered with a date paid in its year and not before its creation, so one created after 31.12 of
 * its year could never be registered (issue 25). Its open bills are paid from the next year once the
 * carry-over carried their lines (DOMAIN decision 11); a stored order of the year stays exportable,
 * registrable and cancellable.
 */
export function takesNewOrders(year: number, today: string): boolean {
  return today <= `${year}-12-31`;
}

/** A CBI CUC (Codice Univoco CBI, issued by the bank): letters and digits, at most 35 (the schema's Max35Text; banks issue 8). */
export function isValidCbiCuc(cuc: string | null | undefined): boolean {
  return /^[0-9A-Z]{1,35}$/.test(normalizeCbiCuc(cuc));
}
