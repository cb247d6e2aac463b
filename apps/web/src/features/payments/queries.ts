import { trpc } from '../../lib/trpc.ts';

/** The scope as the loaders and the screens have it. */
interface Scope {
  department: { id: number };
  year: number;
}
const scopeInput = (scope: Scope) => ({ departmentId: scope.department.id, year: scope.year });

/** The stored orders: with `unregisteredOnly` the unregistered ones of every year up to the scope year. */
export function paymentOrdersQuery(scope: Scope, unregisteredOnly: boolean) {
  return trpc.payments.orders.queryOptions({ ...scopeInput(scope), unregisteredOnly });
}

/** The registered orders the scope year paid (of any year up to it): their protocol and bank returns. */
export function paidOrdersQuery(scope: Scope) {
  return trpc.payments.orders.queryOptions({ ...scopeInput(scope), paidInYear: true });
}

/** An unregistered order with its instalments. */
export function unregisteredOrderQuery(scope: Scope, orderId: number) {
  return trpc.payments.unregistered.queryOptions({ ...scopeInput(scope), orderId });
}

/** What the homebanking form proposes (file name, payment date, next order number). */
export function paymentsContextQuery(scope: Scope) {
  return trpc.payments.context.queryOptions(scopeInput(scope));
}

/** The department's active accounts (the payments filters). */
export function paymentAccountsQuery(scope: Pick<Scope, 'department'>) {
  return trpc.accounts.briefs.queryOptions({ departmentId: scope.department.id, includeInactive: false });
}
