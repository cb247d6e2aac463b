import { bool, defined, num, param, type RestRequest, type RestRoute, row, scopedBody, scopeOf } from './params.ts';

/**
 * Spec 3 §7: the payments calls (open payments, homebanking, registering). Amounts travel as euros and
 * are integer cents inside (the procedures' schemas, money.ts). An order is named by `orderId` (query
 * or body; the spec's `order` as an id or an object with `id` is taken too).
 */

/** The order of a request: `orderId`, else `order` (an id or `{ id }`), from query or body. */
function orderIdOf(req: RestRequest): unknown {
  const order = param(req, 'order');
  const id = param(req, 'orderId') ?? (order !== null && typeof order === 'object' ? (order as Record<string, unknown>).id : order);
  return num(id) ?? id;
}

/** A scoped body with the order named as `orderId`. */
function withOrder(req: RestRequest): Record<string, unknown> {
  const { order: _order, ...body } = scopedBody(req);
  const orderId = orderIdOf(req);
  return { ...body, ...scopeOf(req), ...(orderId === undefined ? {} : { orderId }) };
}

export const paymentRoutes: RestRoute[] = [
  // unregisteredOnly=true: the unregistered orders of every year up to the scope year (register screen)
  // paidInYear=true: the registered orders paid in the scope year (of any year up to it; their bank returns)
  row('GET', 'Payments/Orders', (c, req) =>
    c.payments.orders(defined({ ...scopeOf(req), unregisteredOnly: bool(req.query.unregisteredOnly), paidInYear: bool(req.query.paidInYear) })),
  ),
  // filters: accountId, supplierFrom/To (codes), dateDueFrom/To, documentDateFrom/To
  row('POST', 'Payments/Open', (c, req) => c.payments.open({ ...scopedBody(req), ...scopeOf(req) } as never)),
  // criteria: paymentRange, orderId (a previous order) or a new order's accountId and filters
  row('POST', 'Payments/Payables', (c, req) => c.payments.payables(withOrder(req) as never)),
  // the order request: stores a new order (orderNumber: the number the export announced)
  row('POST', 'Payments/Orders', (c, req) => c.payments.store(withOrder(req) as never)),
  row('POST', 'Payments/Orders/Export', (c, req) => c.payments.export(withOrder(req) as never)),
  row('GET', 'Payments/Orders/Unregistered', (c, req) => c.payments.unregistered({ ...scopeOf(req), orderId: orderIdOf(req) } as never)),
  // the order, datePaid and the executed instalments (`payments`, list of paymentId and movementId)
  row('POST', 'Payments/Orders/Registered', (c, req) => c.payments.register(withOrder(req) as never)),
  // ours: a registered order's protocol as it stands (bank returns included), the data of its print
  row('POST', 'Payments/Orders/Protocol', (c, req) => c.payments.protocol({ ...scopeOf(req), orderId: orderIdOf(req) } as never)),
  // the bank returned an executed transfer: the order, `paymentId` and the `date` of the return (or `returnedOn`), in the scope
  // year; an order of the year before too (a December transfer returned in January: ResiduesNotCarried before the carry-over)
  row('POST', 'Payments/Orders/Returned', (c, req) => {
    const { date, returnedOn, ...body } = withOrder(req);
    return c.payments.returned({ ...body, returnedOn: returnedOn ?? date } as never);
  }),
  // an open instalment paid by hand: movementId, paymentId, datePaid, accountId (default: the movement's account), note
  row('POST', 'Payments/Settle', (c, req) => c.payments.settle({ ...scopedBody(req), ...scopeOf(req) } as never)),
  // a payment by hand undone ("wieder offen"): movementId, paymentId (query or body)
  row('DELETE', 'Payments/Settle', (c, req) =>
    c.payments.reopen({ ...scopeOf(req), movementId: num(param(req, 'movementId')), paymentId: num(param(req, 'paymentId')) } as never),
  ),
  // ours: cancels a stored, unregistered order (its instalments payable again, its number kept)
  row('DELETE', 'Payments/Orders', (c, req) => c.payments.cancel({ ...scopeOf(req), orderId: orderIdOf(req) } as never)),
  // ours: the homebanking form's proposals (file name, execution date, next order number)
  row('GET', 'Payments/Context', (c, req) => c.payments.context(scopeOf(req))),
];
