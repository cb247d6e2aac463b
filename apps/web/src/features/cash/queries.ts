import { trpc } from '../../lib/trpc.ts';

/** The scope as the loaders and the screens have it. */
export interface CashScopeRef {
  department: { id: number };
  year: number;
}
const scopeInput = (scope: CashScopeRef) => ({ departmentId: scope.department.id, year: scope.year });

/** Editable, next record number and the active accounts (route loader and form). */
export function transferContextQuery(scope: CashScopeRef) {
  return trpc.accountTransfers.context.queryOptions(scopeInput(scope));
}

/** One saved transfer by record number. */
export function transferQuery(scope: CashScopeRef, recordNumber: number) {
  return trpc.accountTransfers.get.queryOptions({ ...scopeInput(scope), recordNumber });
}

/** A page of the transfers picker (newest first, searchable). */
export function transferListQuery(scope: CashScopeRef, search: string, page: number, pageSize: number) {
  return trpc.accountTransfers.list.queryOptions({ ...scopeInput(scope), search, page, pageSize });
}

/** Initial, movements and final balance per account (accounts/saldo; the accounts editor's balance). */
export function balancesQuery(scope: CashScopeRef) {
  return trpc.accountBalances.get.queryOptions(scopeInput(scope));
}
