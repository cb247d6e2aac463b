import { type Db, schema } from '@app/db';
import { type RegisteredProtocol, type ReturnInput, returnDateProblem } from '@app/domain';
import { and, eq, sql } from 'drizzle-orm';
import { fail } from '../../errors.ts';
import { shareBookableHead } from '../ledger/head.ts';
import { protocolOf, registeredOrder, storedProtocolItems } from './protocol.ts';
import { instalmentRows, paymentsDepartment, type PaymentScope } from './rows.ts';

const { movementPayments, paymentOrderItems, paymentOrders } = schema;

/**
 * Payments/Orders/Returned (DOMAIN decision 22): the bank returned the transfer of a registered order's
 * instalment. In one transaction behind the scope's head (the scope year open: YearLocked, BudgetClosed):
 * the order row and the instalment are locked; the item keeps its place in the order with the date of
 * the return (the protocol shows it; the order no longer holds the instalment, so a new order or a
 * payment by hand can pay it), the instalment is open again (date paid cleared). Its cash: the order paid
 * it on the order's date paid and it came back on the order's account on `returnedOn`
 * (ledger/cashSources.ts returnedInstalments). Refused: an order not registered (InvalidValue) or
 * cancelled / unknown (OrderNotFound); an instalment not executed by the order or already returned
 * (InvalidValue on paymentId); a date outside the scope year, after today, before the order's date paid
 * or an order paid in another year (returnDateProblem: InvalidDate / DateAfter31.12 on returnedOn).
 */
export async function returnInstalment(db: Db, scope: PaymentScope, input: ReturnInput): Promise<RegisteredProtocol> {
  return db.transaction(async (tx) => {
    await shareBookableHead(tx, scope);
    await paymentsDepartment(tx, scope);
    await tx
      .select({ id: paymentOrders.id })
      .from(paymentOrders)
      .where(and(eq(paymentOrders.id, input.orderId), eq(paymentOrders.departmentId, scope.departmentId)))
      .for('update');
    const order = await registeredOrder(tx, scope, input.orderId);
    const dateError = returnDateProblem({ year: scope.year, today: scope.today, returnedOn: input.returnedOn, datePaid: order.datePaid ?? '' });
    if (dateError) fail(dateError.code, { field: dateError.field, params: { datePaid: order.datePaid ?? '' } });
    await instalmentRows(tx, sql`pay.id = ${input.paymentId}`, { lock: true });
    const [item] = await tx
      .select({ id: paymentOrderItems.id, returnedOn: paymentOrderItems.returnedOn, datePaid: movementPayments.datePaid })
      .from(paymentOrderItems)
      .innerJoin(movementPayments, eq(movementPayments.id, paymentOrderItems.paymentId))
      .where(and(eq(paymentOrderItems.orderId, order.id), eq(paymentOrderItems.paymentId, input.paymentId)));
    if (!item || item.returnedOn !== null || item.datePaid !== order.datePaid)
      fail('InvalidValue', { field: 'paymentId', params: { paymentId: input.paymentId, returnedOn: item?.returnedOn ?? '' } });
    await tx
      .update(paymentOrderItems)
      .set({ returnedOn: input.returnedOn, returnedAt: scope.now, returnedBy: scope.userId })
      .where(eq(paymentOrderItems.id, item.id));
    await tx.update(movementPayments).set({ datePaid: null, accountId: null, note: '' }).where(eq(movementPayments.id, input.paymentId));
    return protocolOf(scope, order, await storedProtocolItems(tx, order.id));
  });
}
