import { type Db, execRows, schema, toBool, toCents, toInt } from '@app/db';
import {
  type AccountType,
  isValidCbiCuc,
  takesNewOrders,
  nextTarget2WorkingDay,
  type OpenPaymentsInput,
  type OpenPaymentsList,
  type OpenPaymentsSupplier,
  type OrderKey,
  type OrderListInput,
  openPaymentsFileName,
  type PayableItem,
  type PayablesInput,
  type PaymentOrderBrief,
  type PaymentOrderDetail,
  type PaymentRange,
  type PaymentsContext,
} from '@app/domain';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { fail } from '../../errors.ts';
import { bookable } from '../scope.ts';
import {
  filterCondition,
  instalmentRows,
  paidByHandOfScope,
  paymentsDepartment,
  type PaymentScope,
  toPayableItem,
  unpaidOfScope,
  payabilityOf,
} from './rows.ts';

const { recordCounters } = schema;

/**
 * Payments/Open: the unpaid instalments the scope year pays (rows.ts ofScope; also those in a stored order) by supplier with totals;
 * with `paidByHand` those it paid without an order (rows.ts paidByHandOfScope), each with its date paid, account and note.
 */
export async function openPayments(db: Db, scope: PaymentScope, input: OpenPaymentsInput): Promise<OpenPaymentsList> {
  await paymentsDepartment(db, scope);
  const which = input.paidByHand ? paidByHandOfScope(scope) : unpaidOfScope(scope);
  const rows = await instalmentRows(db, sql`${which} and ${filterCondition(input)}`);
  const suppliers: OpenPaymentsSupplier[] = [];
  for (const row of rows) {
    const key = row.supplier?.supplierId ?? null;
    let group = suppliers.at(-1);
    if (!group || group.supplierId !== key) {
      group = { supplierId: key, supplierCode: row.supplier?.supplierCode ?? null, supplierName: row.supplier?.name ?? '', rows: [], total: 0 };
      suppliers.push(group);
    }
    group.rows.push({
      paymentId: row.paymentId,
      movementId: row.movementId,
      year: row.year,
      recordNumber: row.recordNumber,
      recordDate: row.recordDate,
      documentNumber: row.documentNumber,
      documentDate: row.documentDate,
      dateDue: row.dateDue,
      accountId: row.datePaid === null ? row.accountId : row.paidAccountId,
      accountCode: row.datePaid === null ? row.accountCode : row.paidAccountCode,
      amount: row.amount,
      orderNumber: row.orderNumber,
      datePaid: row.datePaid,
      note: row.note,
    });
    group.total += row.amount;
  }
  return {
    date: scope.today,
    year: scope.year,
    fileName: openPaymentsFileName(scope.today),
    suppliers,
    count: rows.length,
    total: rows.reduce((sum, r) => sum + r.amount, 0),
  };
}

/**
 * Payments/Payables (homebanking step 2). A previous order: its instalments. A new order: the unpaid
 * instalments the scope year pays (rows.ts ofScope: its own and those carried over into it) on the account (the movement head's account, required) that no stored
 * order holds, narrowed by the filters; each payable in the range or listed with the reason why not
 * (NoValidIban, NotSepa, BicMissing); those of the other range (OtherRange) belong to the other order kind.
 */
export async function payables(db: Db, scope: PaymentScope, input: PayablesInput): Promise<PayableItem[]> {
  await paymentsDepartment(db, scope);
  const range = input.paymentRange as PaymentRange;
  if (input.orderId !== null) {
    const order = await openOrder(db, scope, input.orderId);
    return (await instalmentRows(db, sql`o.id = ${order.id}`)).map((r) => toPayableItem(r, order.paymentRange));
  }
  if (!input.accountId) fail('InvalidValue', { field: 'accountId' });
  const rows = await instalmentRows(db, sql`${unpaidOfScope(scope)} and i.id is null and ${filterCondition(input)}`);
  return rows.filter((r) => payabilityOf(r, range) !== 'OtherRange').map((r) => toPayableItem(r, range));
}

interface RawOrder {
  id: number | string;
  year: number | string;
  order_number: number | string;
  payment_range: number | string;
  created_date: string;
  created_time: string;
  created_at: string;
  account_id: number | string;
  account_code: string;
  account_deu: string;
  account_ita: string;
  account_type: number | string;
  group_invoices: boolean | string;
  payment_date: string;
  filename: string;
  msg_id: string;
  registered: boolean | string;
  cancelled: boolean | string;
  date_paid: string | null;
  n: number | string;
  total: string | number | null;
}

/** A stored order with its creation instant (the file's CreDtTm on re-export). */
export type StoredOrder = PaymentOrderBrief & { createdAt: string };

/** The department's stored orders matching `where` (a condition on `o`), newest first, with count and total of their instalments. */
export async function orderBriefs(db: Db, scope: Pick<PaymentScope, 'departmentId'>, where: SQL): Promise<StoredOrder[]> {
  const rows = await execRows<RawOrder>(
    db,
    sql`select o.id, o.year, o.order_number, o.payment_range,
          to_char(o.created_at at time zone 'Europe/Rome', 'YYYY-MM-DD') as created_date,
          to_char(o.created_at at time zone 'Europe/Rome', 'HH24:MI:SS') as created_time,
          to_char(o.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
          o.account_id, a.code as account_code, a.description_deu as account_deu, a.description_ita as account_ita, a.type as account_type,
          o.group_invoices, o.payment_date::text as payment_date, o.filename, o.msg_id, o.registered_at is not null as registered,
          o.cancelled_at is not null as cancelled,
          o.date_paid::text as date_paid,
          (select count(*) from payment_order_items i where i.order_id = o.id) as n,
          (select sum(pay.amount) from payment_order_items i join movement_payments pay on pay.id = i.payment_id where i.order_id = o.id)::text as total
        from payment_orders o join accounts a on a.id = o.account_id
        where o.department_id = ${scope.departmentId} and ${where}
        order by o.year desc, o.order_number desc`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    year: Number(r.year),
    orderNumber: Number(r.order_number),
    paymentRange: Number(r.payment_range) as PaymentRange,
    orderCreationDate: r.created_date,
    orderCreationTime: r.created_time,
    createdAt: r.created_at,
    accountId: Number(r.account_id),
    accountCode: r.account_code,
    accountNameDeu: r.account_deu,
    accountNameIta: r.account_ita,
    accountType: Number(r.account_type) as AccountType,
    groupInvoices: toBool(r.group_invoices),
    paymentDate: r.payment_date,
    filename: r.filename,
    msgId: r.msg_id,
    registered: toBool(r.registered),
    cancelled: toBool(r.cancelled),
    datePaid: r.date_paid,
    count: toInt(r.n),
    total: toCents(r.total),
  }));
}

/** A stored order of the department (of the scope year or an earlier one), or OrderNotFound. */
export async function orderOf(db: Db, scope: Pick<PaymentScope, 'departmentId' | 'year'>, orderId: number): Promise<StoredOrder> {
  const [order] = await orderBriefs(db, scope, sql`o.id = ${orderId} and o.year <= ${scope.year}`);
  if (!order) fail('OrderNotFound', { field: 'orderId', params: { orderId } });
  return order;
}

/** A stored order that can still be exported, registered or cancelled: OrderNotFound when cancelled, OrderRegistered when registered. */
export async function openOrder(db: Db, scope: Pick<PaymentScope, 'departmentId' | 'year'>, orderId: number): Promise<StoredOrder> {
  const order = await orderOf(db, scope, orderId);
  if (order.cancelled) fail('OrderNotFound', { field: 'orderId', params: { orderId, orderNumber: order.orderNumber } });
  if (order.registered) fail('OrderRegistered', { field: 'orderId', params: { orderNumber: order.orderNumber } });
  return order;
}

/** Without `createdAt` (the answer's schema is strict). */
export function brief({ createdAt: _c, ...order }: StoredOrder): PaymentOrderBrief {
  return order;
}

/** Payments/Orders: the scope year's orders, or with `unregisteredOnly` the unregistered ones of every year up to the scope year (the register screen), or with `paidInYear` the registered ones the scope year or the year before paid (its bank returns: a December transfer may come back in January). */
export async function listOrders(db: Db, scope: PaymentScope, input: OrderListInput): Promise<PaymentOrderBrief[]> {
  await paymentsDepartment(db, scope);
  const where = input.unregisteredOnly
    ? sql`o.registered_at is null and o.cancelled_at is null and o.year <= ${scope.year}`
    : input.paidInYear
      ? sql`o.registered_at is not null and o.cancelled_at is null and o.year <= ${scope.year} and extract(year from o.date_paid) between ${scope.year - 1} and ${scope.year}`
      : sql`o.year = ${scope.year}`;
  return (await orderBriefs(db, scope, where)).map(brief);
}

/** The order with its instalments as payable items. */
export async function orderDetail(db: Db, order: StoredOrder): Promise<PaymentOrderDetail> {
  const rows = await instalmentRows(db, sql`o.id = ${order.id}`);
  return { ...brief(order), payments: rows.map((r) => toPayableItem(r, order.paymentRange)) };
}

/** Payments/Orders/Unregistered: a stored order not registered yet, with its instalments (OrderNotFound, OrderRegistered). */
export async function unregisteredOrder(db: Db, scope: PaymentScope, input: OrderKey): Promise<PaymentOrderDetail> {
  await paymentsDepartment(db, scope);
  return orderDetail(db, await openOrder(db, scope, input.orderId));
}

/** The number the next stored order of the scope takes (the counter is not taken: the store takes it). */
export async function peekOrderNumber(db: Db, scope: Pick<PaymentScope, 'departmentId' | 'year'>): Promise<number> {
  const [counter] = await db
    .select({ last: recordCounters.last })
    .from(recordCounters)
    .where(and(eq(recordCounters.departmentId, scope.departmentId), eq(recordCounters.year, scope.year), eq(recordCounters.kind, 'paymentOrder')));
  return (counter?.last ?? 0) + 1;
}

/** What the homebanking form proposes (file name, execution date, next order number) and whether it can run. */
export async function paymentsContext(db: Db, scope: PaymentScope): Promise<PaymentsContext> {
  const department = await paymentsDepartment(db, scope);
  return {
    defaultFilename: department.homebankingFile.trim() || 'homebanking',
    defaultPaymentDate: nextTarget2WorkingDay(scope.today),
    nextOrderNumber: await peekOrderNumber(db, scope),
    hasCbiCuc: isValidCbiCuc(department.cbiCuc),
    takesNewOrders: takesNewOrders(scope.year, scope.today),
    isEditable: (await bookable(db, scope)).editable,
  };
}
