import { type Db, schema } from '@app/db';
import {
  MAX_CENTS,
  withinTotal,
  checkMovementDates,
  departmentName,
  type OrderExportResult,
  type OrderKey,
  type OrderRequestInput,
  type PaymentOrderBrief,
  type PaymentOrderDetail,
  type PaymentOrderPlan,
  type PaymentRange,
  paymentOrderPrint,
  planPaymentOrder,
  type RegisteredProtocol,
  type RegisterOrderInput,
  registerDateRange,
  takesNewOrders,
} from '@app/domain';
import { bankFile } from '@app/reports/bankFile';
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { fail } from '../../errors.ts';
import { isUniqueViolation } from '../dbErrors.ts';
import { shareBookableHead } from '../ledger/head.ts';
import { nextRecordNumber } from '../ledger/recordCounters.ts';
import { brief, openOrder, orderDetail, orderOf, peekOrderNumber, type StoredOrder } from './read.ts';
import { type InstalmentRow, instalmentRows, ofScope, paymentsDepartment, type PaymentScope, toPayableInput } from './rows.ts';
import { sqlList } from '../ledger/sql.ts';
import { protocolItem, protocolOf } from './protocol.ts';
import { writeAndAnswer } from '../ledger/transaction.ts';

const { accounts, movementPayments, paymentOrderItems, paymentOrders } = schema;

type Department = Awaited<ReturnType<typeof paymentsDepartment>>;

/** The department's account of the order (InvalidValue on accountId otherwise). */
async function accountOf(db: Db, scope: PaymentScope, accountId: number) {
  const [account] = await db
    .select({
      id: accounts.id,
      code: accounts.code,
      descriptionDeu: accounts.descriptionDeu,
      descriptionIta: accounts.descriptionIta,
      iban: accounts.iban,
      swift: accounts.swift,
      bankName: accounts.bankName,
    })
    .from(accounts)
    .where(and(eq(accounts.id, accountId), eq(accounts.departmentId, scope.departmentId)));
  if (!account) fail('InvalidValue', { field: 'accountId', params: { accountId } });
  return account;
}

type Account = Awaited<ReturnType<typeof accountOf>>;

interface PlanInput {
  range: PaymentRange;
  year: number;
  orderNumber: number;
  createdAt: string;
  paymentDate: string | null;
  groupInvoices: boolean;
  rows: InstalmentRow[];
}

/** The order for the bank file (homebanking.ts planPaymentOrder); its refusals as the spec's errors. */
function plan(scope: PaymentScope, department: Department, account: Account, input: PlanInput): Extract<PaymentOrderPlan, { ok: true }> {
  const result = planPaymentOrder({
    range: input.range,
    department: {
      code: department.code,
      name: departmentName(department, 'de'),
      cbiCuc: department.cbiCuc,
      street: department.streetDeu,
      postalCode: department.postalCode,
      town: department.locationDeu,
    },
    account: { iban: account.iban, bic: account.swift },
    year: input.year,
    orderNumber: input.orderNumber,
    createdAt: input.createdAt,
    executionDate: input.paymentDate,
    today: scope.today,
    groupInvoices: input.groupInvoices,
    items: input.rows.map(toPayableInput),
  });
  if (result.ok) return result;
  const refusals = {
    CucMissing: () => fail('CucMissing', { field: 'cbiCuc' }),
    NoValidIban: () => fail('NoValidIban', { field: 'accountId', params: { accountCode: account.code } }),
    InvalidDate: () => fail('InvalidDate', { field: 'paymentDate' }),
    NothingToPay: () => fail('InvalidValue', { field: 'toPay' }),
    InvalidValue: () => fail('InvalidValue', { field: 'toPay' }),
  } satisfies Record<typeof result.error, () => never>;
  return refusals[result.error]();
}

/**
 * The instalments `toPay` of a new order: each an unpaid instalment of a PaymentOpen movement the
 * scope year pays (rows.ts ofScope: its own or carried over into it) booked on the order's account,
 * with its movement (InvalidValue on `toPay.i` otherwise), in no stored order (PaymentInOrder). `lock`: the instalments are locked first and read after, so a
 * concurrent store of the same instalments waits and then sees them taken.
 */
async function chosenInstalments(db: Db, scope: PaymentScope, input: OrderRequestInput, accountId: number, lock: boolean): Promise<InstalmentRow[]> {
  if (input.toPay.length === 0) fail('InvalidValue', { field: 'toPay' });
  const ids = [...new Set(input.toPay.map((p) => p.paymentId))];
  const where = sql`pay.id in (${sqlList(ids)}) and ${ofScope(scope)}`;
  const rows = await instalmentRows(db, where, { lock });
  input.toPay.forEach((p, i) => {
    const row = rows.find((r) => r.paymentId === p.paymentId);
    if (!row || row.movementId !== p.movementId || row.datePaid !== null || row.accountId !== accountId)
      fail('InvalidValue', { field: `toPay.${i}`, params: { paymentId: p.paymentId } });
    if (row.orderNumber !== null) fail('PaymentInOrder', { field: `toPay.${i}`, params: { paymentId: p.paymentId, orderNumber: row.orderNumber } });
  });
  // the order's total (and a supplier's transfer in it) holds in Cents: instalments of many bills may not
  if (!withinTotal(rows.map((r) => r.amount))) fail('InvalidValue', { field: 'toPay', params: { max: MAX_CENTS } });
  return rows;
}

/**
 * Filename and account of a new order are required (spec 3 §5); after 31.12 of the scope year no new
 * order of it (OrderAfterYearEnd: it could never be registered in its year; takesNewOrders).
 */
function requireNewOrderFields(scope: PaymentScope, input: OrderRequestInput): number {
  if (!takesNewOrders(scope.year, scope.today)) fail('OrderAfterYearEnd', { field: 'year', params: { year: scope.year, nextYear: scope.year + 1 } });
  if (input.filename === '') fail('InvalidValue', { field: 'filename' });
  if (!input.accountId) fail('InvalidValue', { field: 'accountId' });
  return input.accountId;
}

function exportResult(
  scope: PaymentScope,
  department: Department,
  account: Account,
  planned: Extract<PaymentOrderPlan, { ok: true }>,
  filename: string,
  stored: boolean,
): OrderExportResult {
  const accountName = scope.language === 'it' ? account.descriptionIta : account.descriptionDeu;
  return {
    orderNumber: planned.order.orderNumber,
    msgId: planned.order.msgId,
    stored,
    electronic: bankFile(planned.order, filename),
    humanReadable: paymentOrderPrint(planned.order, planned.notPayable, departmentName(department, scope.language), {
      accountCode: account.code,
      accountName,
      bankName: account.bankName,
    }),
  };
}

/** The plan of a stored, unregistered order as its bank file has it (the payment date as given, else the stored one). */
async function storedPlan(db: Db, scope: PaymentScope, department: Department, orderId: number, paymentDate: string | null) {
  const order = await openOrder(db, scope, orderId);
  const account = await accountOf(db, scope, order.accountId);
  const planned = plan(scope, department, account, {
    range: order.paymentRange,
    year: order.year,
    orderNumber: order.orderNumber,
    createdAt: order.createdAt,
    paymentDate: paymentDate ?? order.paymentDate,
    groupInvoices: order.groupInvoices,
    rows: await instalmentRows(db, sql`o.id = ${order.id}`),
  });
  return { order, account, planned };
}

/**
 * Payments/Orders/Export: the bank file and the order print. A previous order (stored, not registered)
 * is exported again with its number, creation time, grouping and so the same MsgId (the payment date
 * as sent, else the stored one). A new order is not stored: its MsgId carries the number the store
 * will take now (the counter is only peeked); the store refuses when another order took it meanwhile.
 */
export async function exportOrder(db: Db, scope: PaymentScope, input: OrderRequestInput): Promise<OrderExportResult> {
  const department = await paymentsDepartment(db, scope);
  if (input.orderId !== null) {
    const { order, account, planned } = await storedPlan(db, scope, department, input.orderId, input.paymentDate);
    return exportResult(scope, department, account, planned, input.filename || order.filename, true);
  }
  return db.transaction(async (tx) => {
    await shareBookableHead(tx, scope);
    const accountId = requireNewOrderFields(scope, input);
    const account = await accountOf(tx, scope, accountId);
    const rows = await chosenInstalments(tx, scope, input, accountId, false);
    const planned = plan(scope, department, account, {
      range: input.paymentRange,
      year: scope.year,
      orderNumber: await peekOrderNumber(tx, scope),
      createdAt: scope.now.toISOString(),
      paymentDate: input.paymentDate,
      groupInvoices: input.groupInvoices,
      rows,
    });
    return exportResult(scope, department, account, planned, input.filename, false);
  });
}

/**
 * Payments/Orders (store): a new order takes the next gap-free number of the scope and holds its
 * payable instalments (the not payable ones stay open). Refused: a previous order (PaymentInOrder: it is
 * stored), an instalment in another order (PaymentInOrder; the unique index on the instalment stops a
 * concurrent store that slipped past the check), a number other than the exported one (RecordNumberUsed),
 * plus every refusal of the export.
 */
export async function storeOrder(db: Db, scope: PaymentScope, input: OrderRequestInput): Promise<PaymentOrderDetail> {
  try {
    return await writeAndAnswer(
      db,
      async (tx) => {
        await shareBookableHead(tx, scope);
        const department = await paymentsDepartment(tx, scope);
        if (input.orderId !== null) fail('PaymentInOrder', { field: 'orderId', params: { orderId: input.orderId } });
        const accountId = requireNewOrderFields(scope, input);
        const account = await accountOf(tx, scope, accountId);
        const rows = await chosenInstalments(tx, scope, input, accountId, true);
        const orderNumber = await nextRecordNumber(tx, scope, 'paymentOrder');
        if (input.orderNumber !== null && input.orderNumber !== orderNumber)
          fail('RecordNumberUsed', { field: 'orderNumber', params: { orderNumber: input.orderNumber, next: orderNumber } });
        const planned = plan(scope, department, account, {
          range: input.paymentRange,
          year: scope.year,
          orderNumber,
          createdAt: scope.now.toISOString(),
          paymentDate: input.paymentDate,
          groupInvoices: input.groupInvoices,
          rows,
        });
        const [created] = await tx
          .insert(paymentOrders)
          .values({
            departmentId: scope.departmentId,
            year: scope.year,
            orderNumber,
            accountId,
            paymentRange: input.paymentRange,
            groupInvoices: input.groupInvoices,
            paymentDate: planned.order.executionDate,
            filename: input.filename,
            msgId: planned.order.msgId,
            createdAt: scope.now,
          })
          .returning({ id: paymentOrders.id });
        if (!created) throw new Error('payment order insert failed');
        const invoices = planned.order.transfers.flatMap((t) => t.invoices);
        await tx.insert(paymentOrderItems).values(invoices.map((inv) => ({ orderId: created.id, paymentId: inv.paymentId, movementId: inv.movementId })));
        return created.id;
      },
      async (tx, orderId) => orderDetail(tx, await orderOf(tx, scope, orderId)),
    );
  } catch (error) {
    if (isUniqueViolation(error)) fail('PaymentInOrder', { field: 'toPay' });
    throw error;
  }
}

/** The order row locked FOR UPDATE (a registration or cancel runs once), then checked: not cancelled, not registered. */
async function lockOpenOrder(tx: Db, scope: PaymentScope, orderId: number): Promise<StoredOrder> {
  await tx
    .select({ id: paymentOrders.id })
    .from(paymentOrders)
    .where(and(eq(paymentOrders.id, orderId), eq(paymentOrders.departmentId, scope.departmentId)))
    .for('update');
  return openOrder(tx, scope, orderId);
}

/**
 * Payments/Orders DELETE (ours; DOMAIN decision 6: a stored order can be cancelled only before
 * registration): its instalments leave it (payable again); the order keeps its number and MsgId,
 * never given to another order, because a bank may have seen the file. OrderNotFound, OrderRegistered.
 */
export async function cancelOrder(db: Db, scope: PaymentScope, input: OrderKey): Promise<PaymentOrderBrief> {
  return writeAndAnswer(
    db,
    async (tx) => {
      await shareBookableHead(tx, scope);
      await paymentsDepartment(tx, scope);
      const order = await lockOpenOrder(tx, scope, input.orderId);
      await instalmentRows(tx, sql`o.id = ${order.id}`, { lock: true });
      await tx.delete(paymentOrderItems).where(eq(paymentOrderItems.orderId, order.id));
      await tx.update(paymentOrders).set({ cancelledAt: scope.now }).where(eq(paymentOrders.id, order.id));
      return order.id;
    },
    async (tx, orderId) => brief(await orderOf(tx, scope, orderId)),
  );
}

/**
 * Payments/Orders/Registered (DOMAIN decision 11): the bank's date paid (required; in the scope year,
 * not after today, not before the order's creation) goes onto exactly the ticked instalments of an
 * unregistered order (OrderNotFound, OrderRegistered); their cash leaves the movement head's account,
 * i.e. the order's account, that day. Unticked instalments leave the order (payable again, "not
 * executed" in the protocol). One transaction; the order row is locked, so it is registered once.
 */
export async function registerOrder(db: Db, scope: PaymentScope, input: RegisterOrderInput): Promise<RegisteredProtocol> {
  return db.transaction(async (tx) => {
    await shareBookableHead(tx, scope);
    await paymentsDepartment(tx, scope);
    const order = await lockOpenOrder(tx, scope, input.orderId);
    const dateError = checkMovementDates({ year: scope.year, today: scope.today, recordDate: input.datePaid, documentDate: null });
    if (dateError) fail(dateError.code, { field: 'datePaid' });
    const range = registerDateRange(scope.year, scope.today, order.orderCreationDate);
    if (!range || input.datePaid < range.from) fail('InvalidDate', { field: 'datePaid', params: { orderCreationDate: order.orderCreationDate } });

    const rows = await instalmentRows(tx, sql`o.id = ${order.id}`, { lock: true });
    const ticked = new Set<number>();
    input.payments.forEach((p, i) => {
      const row = rows.find((r) => r.paymentId === p.paymentId);
      if (!row || row.movementId !== p.movementId) fail('InvalidValue', { field: `payments.${i}`, params: { paymentId: p.paymentId } });
      ticked.add(p.paymentId);
    });
    const paid = [...ticked];
    if (paid.length > 0) await tx.update(movementPayments).set({ datePaid: input.datePaid }).where(inArray(movementPayments.id, paid));
    await tx
      .delete(paymentOrderItems)
      .where(and(eq(paymentOrderItems.orderId, order.id), paid.length > 0 ? notInArray(paymentOrderItems.paymentId, paid) : undefined));
    await tx.update(paymentOrders).set({ registeredAt: scope.now, datePaid: input.datePaid, registeredBy: scope.userId }).where(eq(paymentOrders.id, order.id));

    const again =
      rows.length === 0
        ? []
        : await instalmentRows(
            tx,
            sql`pay.id in (${sql.join(
              rows.map((r) => sql`${r.paymentId}`),
              sql`, `,
            )})`,
          );
    return protocolOf(
      scope,
      await orderOf(tx, scope, order.id),
      again.map((r) => protocolItem(r, ticked.has(r.paymentId))),
    );
  });
}

/**
 * The transfers of a stored, unregistered order as its bank file numbers them (the plan of a re-export): each
 * transfer's EndToEndId and the instalments it pays — what a bank statement's line names (issue 28:
 * services/statements matches a debit by its EndToEndId through this, handed in by the router).
 */
export async function orderTransfers(db: Db, scope: PaymentScope, orderId: number): Promise<{ endToEndId: string; paymentIds: number[] }[]> {
  // the execution date has passed by the time the bank's statement comes: it does not number the transfers
  const { planned } = await storedPlan(db, scope, await paymentsDepartment(db, scope), orderId, scope.today);
  return planned.order.transfers.map((t) => ({ endToEndId: t.endToEndId, paymentIds: t.invoices.map((i) => i.paymentId) }));
}
