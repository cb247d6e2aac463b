import { type Db, execRows, toCents } from '@app/db';
import type { OrderKey, RegisteredItem, RegisteredProtocol } from '@app/domain';
import { sql } from 'drizzle-orm';
import { fail } from '../../errors.ts';
import { brief, orderOf, type StoredOrder } from './read.ts';
import { type InstalmentRow, paymentsDepartment, type PaymentScope } from './rows.ts';

/** An instalment of an order as its protocol lists it: executed or not, and returned by the bank on `returnedOn`. */
export function protocolItem(row: InstalmentRow, executed: boolean, returnedOn: string | null = null): RegisteredItem {
  return {
    paymentId: row.paymentId,
    movementId: row.movementId,
    movementYear: row.year,
    movementRecord: row.recordNumber,
    supplierCode: row.supplier?.supplierCode ?? null,
    supplierDescription: row.supplier?.name ?? '',
    invoiceNumber: row.documentNumber,
    invoiceDate: row.documentDate,
    amount: row.amount,
    executed,
    returnedOn,
  };
}

/** The protocol of a registered order: the operator (the caller), the order and its items with the totals. */
export function protocolOf(scope: PaymentScope, order: StoredOrder, items: RegisteredItem[]): RegisteredProtocol {
  const sum = (keep: (i: RegisteredItem) => boolean) => items.filter(keep).reduce((total, i) => total + i.amount, 0);
  return {
    operator: { userId: scope.userId, username: scope.username, fullName: scope.fullName },
    order: brief(order),
    datePaid: order.datePaid ?? '',
    items,
    executedTotal: sum((i) => i.executed),
    notExecutedTotal: sum((i) => !i.executed),
    returnedTotal: sum((i) => i.returnedOn !== null),
  };
}

interface RawItem {
  payment_id: number | string;
  movement_id: number | string;
  year: number | string;
  record_number: number | string;
  document_number: string;
  document_date: string | null;
  amount: string;
  supplier_code: number | string | null;
  supplier_name: string | null;
  returned_on: string | null;
}

/**
 * The items of a registered order as its protocol lists them later (Payments/Orders/Protocol): every
 * instalment the bank executed, a returned one with its date of return (DOMAIN decision 22). Those the
 * bank did not execute left the order at registration: only the registration's own answer lists them.
 */
export async function storedProtocolItems(db: Db, orderId: number): Promise<RegisteredItem[]> {
  const rows = await execRows<RawItem>(
    db,
    sql`select pay.id as payment_id, m.id as movement_id, m.year, m.record_number, m.document_number, m.document_date::text as document_date,
          pay.amount::text as amount, s.code as supplier_code, s.name1 as supplier_name, i.returned_on::text as returned_on
        from payment_order_items i join movement_payments pay on pay.id = i.payment_id join movements m on m.id = pay.movement_id
        left join suppliers s on s.id = m.supplier_id
        where i.order_id = ${orderId}
        order by s.code nulls last, m.document_date nulls first, m.document_number, pay.id`,
  );
  return rows.map((r) => ({
    paymentId: Number(r.payment_id),
    movementId: Number(r.movement_id),
    movementYear: Number(r.year),
    movementRecord: Number(r.record_number),
    supplierCode: r.supplier_code === null ? null : Number(r.supplier_code),
    supplierDescription: r.supplier_name ?? '',
    invoiceNumber: r.document_number,
    invoiceDate: r.document_date,
    amount: toCents(r.amount),
    executed: true,
    returnedOn: r.returned_on,
  }));
}

/** A registered order of the department (of the scope year or an earlier one): OrderNotFound when cancelled, InvalidValue when not registered yet. */
export async function registeredOrder(db: Db, scope: PaymentScope, orderId: number): Promise<StoredOrder> {
  const order = await orderOf(db, scope, orderId);
  if (order.cancelled) fail('OrderNotFound', { field: 'orderId', params: { orderId, orderNumber: order.orderNumber } });
  if (!order.registered) fail('InvalidValue', { field: 'orderId', params: { orderNumber: order.orderNumber } });
  return order;
}

/** Payments/Orders/Protocol (ours): the protocol of a registered order as it stands (returns included). */
export async function orderProtocol(db: Db, scope: PaymentScope, input: OrderKey): Promise<RegisteredProtocol> {
  await paymentsDepartment(db, scope);
  const order = await registeredOrder(db, scope, input.orderId);
  return protocolOf(scope, order, await storedProtocolItems(db, order.id));
}
