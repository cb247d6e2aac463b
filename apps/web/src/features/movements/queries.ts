import type { MovementKind } from '@app/domain';
import { trpc } from '../../lib/trpc.ts';
/** The scope as the loaders and the screens have it. */
export interface MovementScope {
  department: { id: number };
  year: number;
}
type Scope = MovementScope;
const scopeInput = (scope: Scope) => ({ departmentId: scope.department.id, year: scope.year });

/** Type options, field rules, budget state, default account and next number of a kind (route loader and head form). */
export function movementContextQuery(scope: Scope, kind: MovementKind) {
  return trpc.movements.context.queryOptions({ ...scopeInput(scope), kind });
}

/** The department's active accounts (the head form's account select). */
export function movementAccountsQuery(scope: Pick<Scope, 'department'>) {
  return trpc.accounts.briefs.queryOptions({ departmentId: scope.department.id, includeInactive: false });
}

/** The department's movement templates (the head form's template select; expenses only). */
export function movementTemplatesQuery(scope: Scope) {
  return trpc.templates.list.queryOptions({ ...scopeInput(scope), page: 1, pageSize: 1000 });
}

/** One saved movement by kind and record number. */
export function movementQuery(scope: Scope, kind: MovementKind, recordNumber: number) {
  return trpc.movements.get.queryOptions({ ...scopeInput(scope), kind, recordNumber });
}

/** A supplier's brief (search key, place) for the head form's picker of a saved record. */
export function supplierBriefQuery(departmentId: number, id: number) {
  return trpc.suppliers.get.queryOptions({ departmentId, id });
}

/** A page of the record picker (newest first, searchable). */
export function movementListQuery(scope: Scope, kind: MovementKind, search: string, page: number, pageSize: number) {
  return trpc.movements.list.queryOptions({ ...scopeInput(scope), kind, search, page, pageSize });
}
