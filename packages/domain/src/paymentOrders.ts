import { z } from 'zod';
import { Id, Int, safeString } from './primitives.ts';
import { IsoDate } from './dates.ts';
import { Cents } from './money.ts';
import { ScopeInput } from './scope.ts';
import { AccountTypeSchema } from './accounts.ts';
import { NullNum, NullText, Num, Text } from './outputs.ts';

// Payments (spec 3 §2 Open payments print, Homebanking, Register payments; §3 payment order, payable
// item, order request, export result, registered protocol; §7 Payments/*; DOMAIN decisions 6, 10-12).
// Amounts are integer cents (`Cents`, euros on the REST wire), dates `YYYY-MM-DD`. The pure bank-file
// rules live in homebanking.ts, the use cases in the server's services/payments.

export const PAYMENT_ORDER_LIMITS = { filename: 50, toPay: 2000 } as const;

/** 1 domestic (Italian IBANs, CBI file), 2 foreign (other SEPA IBANs, pain.001). */
export const PaymentRangeSchema = z.union([z.literal(1), z.literal(2)]);

const optionalDate = IsoDate.nullish().transform((v) => v ?? null);
const optionalSupplierCode = Int.min(0, 'InvalidValue')
  .nullish()
  .transform((v) => v ?? null);
const optionalId = Id.nullish().transform((v) => v ?? null);

/**
 * The filters of the open-payments print and of a new order's payables (spec 3 §2): the account
 * (the movement head's account: the cash leaves it when paid), the supplier code range, the due-date
 * range and the document-date range; each bound optional and inclusive.
 */
export const PaymentFilterFields = {
  accountId: optionalId,
  supplierFrom: optionalSupplierCode,
  supplierTo: optionalSupplierCode,
  dateDueFrom: optionalDate,
  dateDueTo: optionalDate,
  documentDateFrom: optionalDate,
  documentDateTo: optionalDate,
};

/**
 * Payments/Open: the unpaid instalments of the scope by supplier, for the landscape PDF named `DD.MM.YYYY.pdf`;
 * with `paidByHand` instead those paid in the scope year without an order (DOMAIN decision 21: they can be opened again).
 */
export const OpenPaymentsInput = ScopeInput.extend({ ...PaymentFilterFields, paidByHand: z.boolean().default(false) });
export type OpenPaymentsInput = z.infer<typeof OpenPaymentsInput>;

/**
 * Payments/Payables (homebanking step 2): `orderId` names a previous (stored, unregistered) order,
 * whose instalments are listed; without it a new order's payables: the account is required, the
 * other filters narrow the list.
 */
export const PayablesInput = ScopeInput.extend({ paymentRange: PaymentRangeSchema, orderId: optionalId, ...PaymentFilterFields });
export type PayablesInput = z.infer<typeof PayablesInput>;

/** One chosen instalment (spec 3 §3 toPay): the instalment and its movement. */
export const PaymentRef = z.object({ paymentId: Id, movementId: Id });
export type PaymentRef = z.infer<typeof PaymentRef>;

/**
 * The order request (spec 3 §3), for Payments/Orders/Export and Payments/Orders (store):
 * - `orderId`: a previous order (re-export with the same MsgId; storing it again is refused);
 *   null: a new order of `accountId` (required) with the instalments `toPay`;
 * - `groupInvoices`: one transfer per supplier; `paymentDate`: the requested execution date (not
 *   before today; null: the next TARGET2 working day); `filename` required (the form proposes the
 *   department's homebankingFile or `homebanking`);
 * - `orderNumber` (store only): the number the export announced; when another order took it
 *   meanwhile the store is refused (RecordNumberUsed), so an exported file's MsgId is always the
 *   stored order's.
 */
export const OrderRequestInput = ScopeInput.extend({
  paymentRange: PaymentRangeSchema,
  orderId: optionalId,
  ...PaymentFilterFields,
  toPay: z.array(PaymentRef).max(PAYMENT_ORDER_LIMITS.toPay).default([]),
  groupInvoices: z.boolean().default(false),
  paymentDate: optionalDate,
  filename: safeString().trim().max(PAYMENT_ORDER_LIMITS.filename, 'TooLong').default(''),
  orderNumber: optionalId,
});
export type OrderRequestInput = z.infer<typeof OrderRequestInput>;

/**
 * Payments/Orders: the orders of the scope year, or with `unregisteredOnly` the unregistered orders of the department up to the scope year,
 * or with `paidInYear` the orders registered with a date paid in the scope year or the year before (of any year up to it: a December order paid
 * in January; an order paid in December whose transfer the bank returns in January, DOMAIN decision 22).
 */
export const OrderListInput = ScopeInput.extend({ unregisteredOnly: z.boolean().default(false), paidInYear: z.boolean().default(false) });
export type OrderListInput = z.infer<typeof OrderListInput>;

/** One stored order of the department (Payments/Orders/Unregistered and the cancel: it must not be registered or cancelled). */
export const OrderKey = ScopeInput.extend({ orderId: Id });
export type OrderKey = z.infer<typeof OrderKey>;

/** Payments/Orders/Registered: the order, the bank's date paid (required) and the instalments the bank executed. */
export const RegisterOrderInput = OrderKey.extend({ datePaid: IsoDate, payments: z.array(PaymentRef).max(PAYMENT_ORDER_LIMITS.toPay).default([]) });
export type RegisterOrderInput = z.infer<typeof RegisterOrderInput>;

// ---- answers ---------------------------------------------------------------------------------

/**
 * A movement's record number as the payments lists and prints show it: `12` for a movement of the
 * year shown, `12/2025` for one of another year (a bill carried over, DOMAIN decision 13: its number
 * repeats in every year's series).
 */
export function paymentRecordLabel(recordNumber: number, year: number, shownYear: number): string {
  return year === shownYear ? String(recordNumber) : `${recordNumber}/${year}`;
}

export const NotPayableReasonSchema = z.enum(['NoValidIban', 'NotSepa', 'BicMissing', 'OtherRange']);

/** One unpaid instalment of the open-payments print. */
export const OpenPaymentRow = z.strictObject({
  paymentId: Num,
  movementId: Num,
  /** The movement's year: an earlier one for a bill carried over into the scope year (DOMAIN decision 13). */
  year: Num,
  recordNumber: Num,
  recordDate: Text,
  documentNumber: Text,
  documentDate: NullText,
  dateDue: Text,
  /** The movement's account (the default account of a payment by hand); of a paid one the account it left. */
  accountId: NullNum,
  accountCode: Text,
  amount: Cents,
  /** The stored order holding it (null: none). */
  orderNumber: NullNum,
  /** Paid by hand (the `paidByHand` list): the date and the note. */
  datePaid: NullText,
  note: Text,
});
export type OpenPaymentRow = z.infer<typeof OpenPaymentRow>;

export const OpenPaymentsSupplier = z.strictObject({
  supplierId: NullNum,
  supplierCode: NullNum,
  supplierName: Text,
  rows: z.array(OpenPaymentRow),
  total: Cents,
});
export type OpenPaymentsSupplier = z.infer<typeof OpenPaymentsSupplier>;

/** Payments/Open: rows grouped by supplier (by code) with totals; `fileName` is today's `DD.MM.YYYY.pdf`. */
export const OpenPaymentsList = z.strictObject({
  date: Text,
  /** The scope year (a row of another year is a bill carried over into it). */
  year: Num,
  fileName: Text,
  suppliers: z.array(OpenPaymentsSupplier),
  count: Num,
  total: Cents,
});
export type OpenPaymentsList = z.infer<typeof OpenPaymentsList>;

/** A payable item (spec 3 §3): the instalment, its invoice and whether the bank file can pay it. */
export const PayableItem = z.strictObject({
  payment: z.strictObject({ id: Num, dateDue: Text, amount: Cents }),
  invoice: z.strictObject({
    movementId: Num,
    /** The movement's year: an earlier one for a bill carried over into the scope year (DOMAIN decision 13). */
    year: Num,
    recordNumber: Num,
    documentNumber: Text,
    documentDate: NullText,
    issuedBy: z.strictObject({ id: NullNum, code: NullNum, name: Text }),
    /** The chapter of the movement's first position. */
    chapter: Text,
    accountCode: Text,
  }),
  /** The supplier's IBAN (electronic form). */
  iban: Text,
  /** Payable in this order's range. */
  doHomeBank: z.boolean(),
  /** Why not (null when payable); listed, never dropped. */
  notPayable: NotPayableReasonSchema.nullable(),
});
export type PayableItem = z.infer<typeof PayableItem>;

/** A stored order without its payments (the pickers). */
export const PaymentOrderBrief = z.strictObject({
  id: Num,
  year: Num,
  orderNumber: Num,
  paymentRange: PaymentRangeSchema,
  /** Creation date and time of the stored order (Europe/Rome). */
  orderCreationDate: Text,
  orderCreationTime: Text,
  accountId: Num,
  accountCode: Text,
  accountNameDeu: Text,
  accountNameIta: Text,
  accountType: AccountTypeSchema,
  groupInvoices: z.boolean(),
  paymentDate: Text,
  filename: Text,
  msgId: Text,
  registered: z.boolean(),
  /** Cancelled before registration (DOMAIN decision 6): no instalments left, the number kept. */
  cancelled: z.boolean(),
  datePaid: NullText,
  count: Num,
  total: Cents,
});
export type PaymentOrderBrief = z.infer<typeof PaymentOrderBrief>;

/** A stored order with its payments (spec 3 §3 payment order). */
export const PaymentOrderDetail = PaymentOrderBrief.extend({ payments: z.array(PayableItem) });
export type PaymentOrderDetail = z.infer<typeof PaymentOrderDetail>;

const PrintInvoice = z.strictObject({ documentNumber: Text, documentDate: NullText, dateDue: Text, amount: Cents });

/** The human-readable part of the export (homebanking.ts PaymentOrderPrint): what the order PDF prints. */
export const PaymentOrderPrintSchema = z.strictObject({
  range: PaymentRangeSchema,
  departmentCode: Text,
  departmentName: Text,
  year: Num,
  orderNumber: Num,
  createdAt: Text,
  executionDate: Text,
  msgId: Text,
  payerAccount: z.strictObject({
    accountCode: Text,
    accountName: Text,
    bankName: Text,
    iban: Text,
    abi: NullText,
    cab: NullText,
    bic: NullText,
  }),
  transfers: z.array(
    z.strictObject({
      number: Num,
      supplierCode: Num,
      supplierName: Text,
      iban: Text,
      bic: NullText,
      remittance: Text,
      amount: Cents,
      invoices: z.array(PrintInvoice),
    }),
  ),
  count: Num,
  total: Cents,
  notPayable: z.array(
    PrintInvoice.extend({
      supplierCode: Num,
      supplierName: Text,
      iban: Text,
      reason: NotPayableReasonSchema,
    }),
  ),
  notPayableTotal: Cents,
});

/**
 * The export result (spec 3 §3): `electronic` the bank file (XML text, file name), `humanReadable`
 * the order print. `stored`: a previous order (re-export); false: a new order not stored yet, whose
 * MsgId carries `orderNumber`, the number the store will take (send it back with the store).
 */
export const OrderExportResult = z.strictObject({
  orderNumber: Num,
  msgId: Text,
  stored: z.boolean(),
  electronic: z.strictObject({ fileName: Text, mimeType: Text, content: Text }),
  humanReadable: PaymentOrderPrintSchema,
});
export type OrderExportResult = z.infer<typeof OrderExportResult>;

/**
 * One line of the registered protocol; `executed` false: the bank did not pay it, it left the order and
 * is payable again. `returnedOn`: the bank returned the executed transfer that day (DOMAIN decision 22):
 * open again, the cash back on the order's account.
 */
export const RegisteredItem = z.strictObject({
  paymentId: Num,
  movementId: Num,
  /** The movement's year (an earlier one than the order's for a bill carried over). */
  movementYear: Num,
  movementRecord: Num,
  supplierCode: NullNum,
  supplierDescription: Text,
  invoiceNumber: Text,
  invoiceDate: NullText,
  amount: Cents,
  executed: z.boolean(),
  returnedOn: NullText,
});
export type RegisteredItem = z.infer<typeof RegisteredItem>;

/** Payments/Orders/Registered: the protocol (operator, bank order, items) with the totals. */
export const RegisteredProtocol = z.strictObject({
  operator: z.strictObject({ userId: Num, username: Text, fullName: Text }),
  order: PaymentOrderBrief,
  datePaid: Text,
  items: z.array(RegisteredItem),
  executedTotal: Cents,
  notExecutedTotal: Cents,
  /** The executed instalments the bank returned since (part of executedTotal). */
  returnedTotal: Cents,
});
export type RegisteredProtocol = z.infer<typeof RegisteredProtocol>;

/**
 * What the homebanking form proposes: the file name, the execution date, the next order number, whether the
 * CUC is there, whether the year still takes a new order (takesNewOrders: not after its 31.12), editability.
 */
export const PaymentsContext = z.strictObject({
  defaultFilename: Text,
  defaultPaymentDate: Text,
  nextOrderNumber: Num,
  hasCbiCuc: z.boolean(),
  takesNewOrders: z.boolean(),
  isEditable: z.boolean(),
});
export type PaymentsContext = z.infer<typeof PaymentsContext>;

/** The open-payments PDF's name: the date as `DD.MM.YYYY.pdf`. */
export function openPaymentsFileName(today: string): string {
  const [y, m, d] = today.split('-');
  return `${d}.${m}.${y}.pdf`;
}

/**
 * The dates a stored order's registration in scope year `year` may carry (spec 3 §4): from the later of
 * 1.1. of the year and the order's creation date, to the earlier of 31.12. of the year and today. Null
 * when no date is possible (the order was created after the year or is newer than today).
 */
export function registerDateRange(year: number, today: string, orderCreationDate: string): { from: string; to: string } | null {
  const first = `${String(year).padStart(4, '0')}-01-01`;
  const last = `${String(year).padStart(4, '0')}-12-31`;
  const from = orderCreationDate > first ? orderCreationDate : first;
  const to = today < last ? today : last;
  return from <= to ? { from, to } : null;
}

/**
 * The date paid the register screen offers for an order (issue 25: no invented date): the latest date the
 * registration may carry (registerDateRange: today, or 31.12. of a year that is over, and never before the
 * order's creation); null when none is possible. A date already typed that fits the order stays (the next
 * order of the same bank statement is registered with it).
 */
export function offeredDatePaid(year: number, today: string, orderCreationDate: string, typed: string | null = null): string | null {
  const range = registerDateRange(year, today, orderCreationDate);
  if (!range) return null;
  return typed !== null && typed >= range.from && typed <= range.to ? typed : range.to;
}
