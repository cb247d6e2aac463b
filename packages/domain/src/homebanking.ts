import { isSEPACountry } from 'ibantools';
import { formatDate, type IsoDate } from './dates.ts';
import { formatIban, isValidIban, isValidSwift, normalizeIban, splitItalianIban } from './iban.ts';
import { resolveExecutionDate } from './homebankingDates.ts';
import { sepaField } from './homebankingText.ts';

export * from './homebankingDates.ts';
export * from './homebankingText.ts';

/**
 * Homebanking (spec 3 §2-§4, DOMAIN decision 10): the payment order that the bank file and the order
 * PDF are made of. Pure rules, no database: the server reads the selected instalments, asks
 * `planPaymentOrder` for the order and hands it to the file builder (`@app/reports` bankFile).
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

/** A CBI CUC (Codice Univoco CBI, issued by the bank): letters and digits, at most 35 (the schema's Max35Text; banks issue 8). */
export function isValidCbiCuc(cuc: string | null | undefined): boolean {
  return /^[0-9A-Z]{1,35}$/.test(normalizeCbiCuc(cuc));
}

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

/** The debtor account as the printed order names it. */
export interface OrderAccountInfo {
  accountCode: string;
  accountName: string;
  bankName: string;
}

/**
 * The human-readable part of the export (spec 3 §3 export result), what the order PDF prints: the
 * payer and its account (IBAN in groups, ABI, CAB, BIC), every transfer with its supplier, IBAN,
 * invoices and amount, the totals, and the instalments left out with their reason.
 */
export interface PaymentOrderPrint {
  range: PaymentRange;
  departmentCode: string;
  departmentName: string;
  year: number;
  orderNumber: number;
  createdAt: string;
  executionDate: IsoDate;
  msgId: string;
  payerAccount: OrderAccountInfo & { iban: string; abi: string | null; cab: string | null; bic: string | null };
  transfers: {
    number: number;
    supplierCode: number;
    supplierName: string;
    iban: string;
    bic: string | null;
    remittance: string;
    amount: number;
    invoices: Omit<OrderInvoice, 'paymentId' | 'movementId'>[];
  }[];
  count: number;
  total: number;
  notPayable: Omit<NotPayableItem, 'paymentId' | 'movementId'>[];
  notPayableTotal: number;
}

/** The printed order from the planned order, the instalments left out and the debtor account's names. */
export function paymentOrderPrint(
  order: PaymentOrder,
  notPayable: readonly NotPayableItem[],
  departmentName: string,
  account: OrderAccountInfo,
): PaymentOrderPrint {
  return {
    range: order.range,
    departmentCode: order.departmentCode,
    departmentName,
    year: order.year,
    orderNumber: order.orderNumber,
    createdAt: order.createdAt,
    executionDate: order.executionDate,
    msgId: order.msgId,
    payerAccount: { ...account, iban: formatIban(order.debtor.iban), abi: order.debtor.abi, cab: cabOfIban(order.debtor.iban), bic: order.debtor.bic },
    transfers: order.transfers.map((t) => ({
      number: t.number,
      supplierCode: t.creditor.supplierCode,
      supplierName: t.creditor.displayName,
      iban: formatIban(t.creditor.iban),
      bic: t.creditor.bic,
      remittance: t.remittance,
      amount: t.amount,
      invoices: t.invoices.map(({ documentNumber, documentDate, dateDue, amount }) => ({ documentNumber, documentDate, dateDue, amount })),
    })),
    count: order.count,
    total: order.total,
    notPayable: notPayable.map(({ paymentId: _p, movementId: _m, ...rest }) => ({ ...rest, iban: formatIban(rest.iban) })),
    notPayableTotal: notPayable.reduce((sum, item) => sum + item.amount, 0),
  };
}
