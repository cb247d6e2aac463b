export { type AppRouter, appRouter, createCaller } from './root.ts';
export { bearerToken, type Context, createContextInner } from './context.ts';
export { errorInfo, type ErrorInfo, safeErrorInfo } from './errors.ts';
export { livingDates, OPEN_YEAR_BRIGADE, ORDER_BRIGADE, seedLivingDemo } from './demo/living.ts';
export { backupFigures, type DepartmentYearFigures } from './services/backupFigures.ts';
export { verifyAuditChains, verifyReport } from './services/auditChain.ts';
export { recordAudit } from './services/auditRecord.ts';
export { AUDITOR_WRITES, type AuditorWrite } from './readOnlyAccess.ts';
export { type RouterProcedure, routerProcedures } from './routerProcedures.ts';
