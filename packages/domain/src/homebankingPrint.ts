import type { IsoDate } from './dates.ts';
import { formatIban } from './iban.ts';
import { cabOfIban, type PaymentRange } from './homebanking.ts';
import type { NotPayableItem, OrderInvoice, PaymentOrder } from './homebankingOrder.ts';

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
