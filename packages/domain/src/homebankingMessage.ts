import { formatDate, type IsoDate } from './dates.ts';
import { sepaField } from './homebankingText.ts';
import { BANK_FILE_LIMITS, type PayableInput } from './homebanking.ts';

// The ISO 20022 message parts of a payment order (spec 3 §3, DOMAIN decision 10): the deterministic
// identifiers (MsgId, PmtInfId, EndToEndId) and the remittance texts.

/**
 * The MsgId of an order's file: `FWH-<department code>-<year>-<order number, 6 digits>` (at most 35
 * characters), the same at every export of the stored order, so a bank refuses a second upload.
 */
export function orderMessageId(departmentCode: string, year: number, orderNumber: number): string {
  if (!/^[0-9A-Za-z]{1,10}$/.test(departmentCode)) throw new RangeError(`department code unfit for a MsgId: ${departmentCode}`);
  if (!Number.isInteger(year) || year < 1000 || year > 9999) throw new RangeError(`year unfit for a MsgId: ${year}`);
  if (!Number.isInteger(orderNumber) || orderNumber < 1 || orderNumber > 999_999_999) throw new RangeError(`order number unfit for a MsgId: ${orderNumber}`);
  return `FWH-${departmentCode.toUpperCase()}-${year}-${String(orderNumber).padStart(6, '0')}`;
}

/** PmtInfId of the order's one payment block: the MsgId with `-P1`. */
export function paymentInfoId(msgId: string): string {
  return `${msgId}-P1`;
}

/** EndToEndId of the n-th transfer (1-based) of the order: the MsgId with the transfer's 4-digit number. */
export function endToEndId(msgId: string, transferNumber: number): string {
  if (!Number.isInteger(transferNumber) || transferNumber < 1 || transferNumber > 9999) throw new RangeError(`transfer number out of range: ${transferNumber}`);
  return `${msgId}-${String(transferNumber).padStart(4, '0')}`;
}

/** The remittance of one invoice: `Nr. <document number> <DD.MM.YYYY>` (either may be missing). */
export function invoiceRemittance(documentNumber: string, documentDate: IsoDate | null): string {
  const parts = [documentNumber.trim() === '' ? '' : `Nr. ${documentNumber.trim()}`, formatDate(documentDate)].filter((p) => p !== '');
  return parts.join(' ');
}

/** The remittance of a transfer: each invoice once, joined by `, `, in the SEPA character set, cut to 140 characters. */
export function transferRemittance(invoices: readonly Pick<PayableInput, 'documentNumber' | 'documentDate'>[]): string {
  const texts = [...new Set(invoices.map((i) => invoiceRemittance(i.documentNumber, i.documentDate)).filter((t) => t !== ''))];
  const text = sepaField(texts.join(', '), BANK_FILE_LIMITS.remittance);
  return text.replace(/[ ,]+$/, '');
}
