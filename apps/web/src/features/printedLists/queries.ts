import { trpc } from '../../lib/trpc.ts';

/** Every account of the department, inactive ones too (a journal of an earlier year may need one). */
export function journalAccountsQuery(scope: { department: { id: number } }) {
  return trpc.accounts.briefs.queryOptions({ departmentId: scope.department.id, includeInactive: true });
}
