import type { IsoDate } from './dates.ts';
import { isValidIban, isValidSwift, normalizeIban } from './iban.ts';
import { resolveExecutionDate } from './homebankingDates.ts';
import { sepaField } from './homebankingText.ts';
import {
  abiOfIban,
  BANK_FILE_LIMITS,
  type CreditorInput,
  isValidCbiCuc,
  type NotPayableReason,
  normalizeCbiCuc,
  type PayableInput,
  payableIn,
  type PaymentOrderError,
  PaymentRange,
} from './homebanking.ts';
import { endToEndId, orderMessageId, paymentInfoId, transferRemittance } from './homebankingMessage.ts';

// The payment order (spec 3 §3, DOMAIN decision 10): the chosen instalments checked, grouped into
// transfers and numbered, ready for the bank file.

export interface OrderDebtor {
  /** The department's name (Dbtr/Nm, InitgPty/Nm), in the SEPA character set, at most 70 characters. */
  name: string;
  departmentCode: string;
  /** The department's CBI CUC ('' when the department has none; required for a domestic order). */
  cbiCuc: string;
  iban: string;
  /** ABI of the debtor's bank (from the Italian IBAN), null for a non-Italian debtor account. */
  abi: string | null;
  /** BIC of the debtor account, when known. */
  bic: string | null;
  /** Up to two address lines of the department (street; postal code and town), when known: EPC asks for the payer's address when a non-EEA SEPA country is involved. */
  addressLines: string[];
  /** Country of the debtor's address: the debtor IBAN's country when there is an address, else null. */
  country: string | null;
}

export interface OrderCreditor {
  supplierId: number;
  supplierCode: number;
  /** The name as the file carries it (SEPA characters, at most 70). */
  name: string;
  /** The name as the supplier's master data has it, for the printed order. */
  displayName: string;
  /** Up to two address lines (street; postal code and town) and the country, when known. */
  addressLines: string[];
  country: string | null;
  iban: string;
  bic: string | null;
}

export interface OrderInvoice {
  paymentId: number;
  movementId: number;
  documentNumber: string;
  documentDate: IsoDate | null;
  dateDue: IsoDate;
  amount: number;
}

/** One credit transfer (CdtTrfTxInf): one instalment, or all instalments of one supplier when grouped. */
export interface OrderTransfer {
  /** 1-based position in the order. */
  number: number;
  instrId: string;
  endToEndId: string;
  creditor: OrderCreditor;
  /** Integer cents, the sum of the invoices. */
  amount: number;
  remittance: string;
  invoices: OrderInvoice[];
}

/** A payment order ready for the bank file (spec 3 §3 payment order). */
export interface PaymentOrder {
  range: PaymentRange;
  departmentCode: string;
  year: number;
  orderNumber: number;
  /** Creation timestamp of the stored order (CreDtTm), an ISO instant. */
  createdAt: string;
  executionDate: IsoDate;
  msgId: string;
  pmtInfId: string;
  debtor: OrderDebtor;
  transfers: OrderTransfer[];
  /** Number of transfers (NbOfTxs). */
  count: number;
  /** Sum of the transfers in cents (CtrlSum). */
  total: number;
}

/** An instalment the order leaves out, with the reason (shown, never dropped). */
export interface NotPayableItem {
  paymentId: number;
  movementId: number;
  supplierCode: number;
  supplierName: string;
  documentNumber: string;
  documentDate: IsoDate | null;
  dateDue: IsoDate;
  amount: number;
  iban: string;
  reason: NotPayableReason;
}

export interface PaymentOrderInput {
  range: PaymentRange;
  department: { code: string; name: string; cbiCuc: string | null; street?: string; postalCode?: string; town?: string };
  account: { iban: string; bic: string | null };
  year: number;
  orderNumber: number;
  /** When the order was made (stored), e.g. `new Date().toISOString()`; a re-export passes the stored one. */
  createdAt: string;
  /** The typed payment date; null or '' for the default. */
  executionDate: IsoDate | null;
  today: IsoDate;
  groupInvoices: boolean;
  items: readonly PayableInput[];
}

export type PaymentOrderPlan = { ok: true; order: PaymentOrder; notPayable: NotPayableItem[] } | { ok: false; error: PaymentOrderError };

/** The address as up to two lines for the file: street; postal code and town (SEPA characters, at most 70 each). */
function addressLines(address: { street?: string; postalCode?: string; town?: string }): string[] {
  const town = [address.postalCode ?? '', address.town ?? ''].map((p) => p.trim()).filter((p) => p !== '');
  return [address.street ?? '', town.join(' ')].map((line) => sepaField(line, BANK_FILE_LIMITS.addressLine)).filter((line) => line !== '');
}

function creditorOf(input: CreditorInput): OrderCreditor {
  const country = /^[A-Z]{2}$/.test((input.country ?? '').trim().toUpperCase()) ? (input.country ?? '').trim().toUpperCase() : null;
  const bic = (input.bic ?? '').trim().toUpperCase();
  return {
    supplierId: input.supplierId,
    supplierCode: input.supplierCode,
    name: sepaField(input.name, BANK_FILE_LIMITS.name) || String(input.supplierCode),
    displayName: input.name.trim(),
    addressLines: addressLines(input),
    country,
    iban: normalizeIban(input.iban),
    bic: bic !== '' && isValidSwift(bic) ? bic : null,
  };
}

function notPayableItem(item: PayableInput, reason: NotPayableReason): NotPayableItem {
  return {
    paymentId: item.paymentId,
    movementId: item.movementId,
    supplierCode: item.creditor.supplierCode,
    supplierName: item.creditor.name,
    documentNumber: item.documentNumber,
    documentDate: item.documentDate,
    dateDue: item.dateDue,
    amount: item.amount,
    iban: normalizeIban(item.creditor.iban ?? ''),
    reason,
  };
}

/** Invoices in a fixed order: supplier code, document date, document number, instalment id (a re-export gives the same file). */
function byCreditorAndDocument(a: PayableInput, b: PayableInput): number {
  return (
    a.creditor.supplierCode - b.creditor.supplierCode ||
    a.creditor.supplierId - b.creditor.supplierId ||
    (a.documentDate ?? '').localeCompare(b.documentDate ?? '') ||
    a.documentNumber.localeCompare(b.documentNumber) ||
    a.paymentId - b.paymentId
  );
}

/** The chosen instalments as transfers: one per instalment, or one per supplier (and IBAN) when grouped. */
function groupIntoTransfers(items: readonly PayableInput[], groupInvoices: boolean): PayableInput[][] {
  const sorted = [...items].sort(byCreditorAndDocument);
  if (!groupInvoices) return sorted.map((item) => [item]);
  const groups = new Map<string, PayableInput[]>();
  for (const item of sorted) {
    const key = `${item.creditor.supplierId}|${normalizeIban(item.creditor.iban)}`;
    groups.set(key, [...(groups.get(key) ?? []), item]);
  }
  return [...groups.values()];
}

function requireAmount(item: PayableInput): void {
  if (!Number.isSafeInteger(item.amount) || item.amount <= 0) throw new RangeError(`instalment ${item.paymentId} must be positive whole cents: ${item.amount}`);
}

/**
 * The payment order for the chosen instalments: each instalment checked (payability), those of the
 * other range or not payable left out with the reason, the rest grouped into transfers (sum of the
 * amounts, remittance of every invoice), numbered, with the deterministic MsgId, PmtInfId and
 * EndToEndIds. Refused: domestic without the CBI CUC (CucMissing), a debtor account without a valid
 * IBAN — Italian for a domestic order, whose file names the debtor bank by its ABI — (NoValidIban),
 * a payment date before today (InvalidDate), an instalment twice (InvalidValue), no payable
 * instalment (NothingToPay).
 */
export function planPaymentOrder(input: PaymentOrderInput): PaymentOrderPlan {
  const domestic = input.range === PaymentRange.Domestic;
  const cbiCuc = normalizeCbiCuc(input.department.cbiCuc);
  if (domestic && !isValidCbiCuc(cbiCuc)) return { ok: false, error: 'CucMissing' };
  const debtorIban = normalizeIban(input.account.iban ?? '');
  const abi = abiOfIban(debtorIban);
  if (!isValidIban(debtorIban) || (domestic && abi === null)) return { ok: false, error: 'NoValidIban' };
  const executionDate = resolveExecutionDate(input.executionDate, input.today);
  if (executionDate === 'InvalidDate') return { ok: false, error: 'InvalidDate' };
  if (new Set(input.items.map((item) => item.paymentId)).size !== input.items.length) return { ok: false, error: 'InvalidValue' };

  const payable: PayableInput[] = [];
  const notPayable: NotPayableItem[] = [];
  for (const item of input.items) {
    requireAmount(item);
    const where = payableIn(item.creditor, input.range);
    if (where === 'payable') payable.push(item);
    else notPayable.push(notPayableItem(item, where));
  }
  if (payable.length === 0) return { ok: false, error: 'NothingToPay' };

  const msgId = orderMessageId(input.department.code, input.year, input.orderNumber);
  const transfers = groupIntoTransfers(payable, input.groupInvoices).map((group, index): OrderTransfer => {
    const first = group[0] as PayableInput;
    return {
      number: index + 1,
      instrId: String(index + 1),
      endToEndId: endToEndId(msgId, index + 1),
      creditor: creditorOf(first.creditor),
      amount: group.reduce((sum, item) => sum + item.amount, 0),
      remittance: transferRemittance(group),
      invoices: group.map((item) => ({
        paymentId: item.paymentId,
        movementId: item.movementId,
        documentNumber: item.documentNumber,
        documentDate: item.documentDate,
        dateDue: item.dateDue,
        amount: item.amount,
      })),
    };
  });
  const accountBic = (input.account.bic ?? '').trim().toUpperCase();
  const debtorAddress = addressLines(input.department);
  return {
    ok: true,
    notPayable,
    order: {
      range: input.range,
      departmentCode: input.department.code,
      year: input.year,
      orderNumber: input.orderNumber,
      createdAt: input.createdAt,
      executionDate,
      msgId,
      pmtInfId: paymentInfoId(msgId),
      debtor: {
        name: sepaField(input.department.name, BANK_FILE_LIMITS.name) || input.department.code,
        departmentCode: input.department.code,
        cbiCuc,
        iban: debtorIban,
        abi,
        bic: accountBic !== '' && isValidSwift(accountBic) ? accountBic : null,
        addressLines: debtorAddress,
        country: debtorAddress.length > 0 ? debtorIban.slice(0, 2) : null,
      },
      transfers,
      count: transfers.length,
      total: transfers.reduce((sum, t) => sum + t.amount, 0),
    },
  };
}
