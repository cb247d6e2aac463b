import { type Db, execRows, schema } from '@app/db';
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
 * or an order paid neither in the scope year nor the year before (returnDateProblem: InvalidDate / DateAfter31.12
 * on returnedOn). An order of the year before: carriedLinesForReturn (ResiduesNotCarried without the carry-over).
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
    if (order.datePaid !== null && order.datePaid < `${scope.year}-01-01`) await carriedLinesForReturn(tx, scope, input.paymentId);
    await tx
      .update(paymentOrderItems)
      .set({ returnedOn: input.returnedOn, returnedAt: scope.now, returnedBy: scope.userId })
      .where(eq(paymentOrderItems.id, item.id));
    await tx.update(movementPayments).set({ datePaid: null, accountId: null, note: '' }).where(eq(movementPayments.id, input.paymentId));
    return protocolOf(scope, order, await storedProtocolItems(tx, order.id));
  });
}

/**
 * A return in the year after its order paid it (a December transfer returned in January): the old year's
 * books keep the payment (ledger/counting.ts paidBy), the instalment counts again on the scope year's
 * residue lines of its shares' lines (carriedInstalments) with the return as a payment of minus its share
 * (returnedCarried). So the carry-over into the scope year must have run (ResiduesNotCarried otherwise,
 * nothing written); a residue line it skipped (nothing left on the line at the end of the old year) is
 * created here with budget 0 — the carry-over keeps it while a returned instalment stands on it.
 */
async function carriedLinesForReturn(tx: Db, scope: PaymentScope, paymentId: number): Promise<void> {
  const [carried] = await execRows<{ n: number | string }>(
    tx,
    sql`select count(*) as n from chapter_budgets where department_id = ${scope.departmentId} and year = ${scope.year} and chapter_year < year`,
  );
  if (Number(carried?.n ?? 0) === 0) fail('ResiduesNotCarried', { field: 'returnedOn', params: { year: scope.year, previousYear: scope.year - 1 } });
  await execRows(
    tx,
    sql`insert into chapter_budgets (department_id, year, chapter_id, chapter_year, budget_initial, description_deu, description_ita)
        select distinct on (src.chapter_id, src.chapter_year) src.department_id, ${scope.year}, src.chapter_id, src.chapter_year, 0, src.description_deu, src.description_ita
        from movement_payment_shares s join movement_positions p on p.id = s.position_id join chapter_budgets src on src.id = p.chapter_budget_id
        where s.payment_id = ${paymentId}
        order by src.chapter_id, src.chapter_year, src.year desc
        on conflict (department_id, year, chapter_id, chapter_year) do nothing`,
  );
}
