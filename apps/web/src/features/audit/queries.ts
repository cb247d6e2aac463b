import type { AuditListInput } from '@app/domain';
import { trpc } from '../../lib/trpc.ts';

/** One page of the audit trail (the server decides which departments the user reads). */
export function auditListQuery(input: AuditListInput) {
  return trpc.audit.list.queryOptions(input);
}
