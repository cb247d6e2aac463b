import { AuditListInput, AuditPage } from '@app/domain';
import { listAudit } from '../services/audit/list.ts';
import { authedProcedure, router } from '../trpc.ts';

/** The audit trail (issue 27): read only; who reads which departments is decided in services/audit/list.ts. */
export const auditRouter = router({
  list: authedProcedure
    .input(AuditListInput)
    .output(AuditPage)
    .query(({ ctx, input }) => listAudit(ctx.db, ctx.session, input)),
});
