import { accountsRouter } from './routers/accounts.ts';
import { adminRouter } from './routers/admin.ts';
import { auditRouter } from './routers/audit.ts';
import { authRouter } from './routers/auth.ts';
import { budgetRouter } from './routers/budget.ts';
import { accountBalancesRouter, accountTransfersRouter } from './routers/cash.ts';
import { chartRouter } from './routers/chart.ts';
import { banksRouter } from './routers/banks.ts';
import { departmentsRouter } from './routers/departments.ts';
import { digestsRouter } from './routers/digests.ts';
import { documentsRouter } from './routers/documents.ts';
import { invoicesRouter } from './routers/invoices.ts';
import { finalBalanceRouter } from './routers/finalBalance.ts';
import { movementsRouter } from './routers/movements.ts';
import { overviewRouter } from './routers/overview.ts';
import { paymentsRouter } from './routers/payments.ts';
import { reservationsRouter } from './routers/reservations.ts';
import { residuesRouter } from './routers/residues.ts';
import { suppliersRouter } from './routers/suppliers.ts';
import { scopeRouter } from './routers/scope.ts';
import { statementsRouter } from './routers/statements.ts';
import { statisticsRouter } from './routers/statistics.ts';
import { systemRouter } from './routers/system.ts';
import { templatesRouter } from './routers/templates.ts';
import { yearsRouter } from './routers/years.ts';
import { createCallerFactory, router } from './trpc.ts';

export const appRouter = router({
  auth: authRouter,
  scope: scopeRouter,
  years: yearsRouter,
  chart: chartRouter,
  admin: adminRouter,
  templates: templatesRouter,
  departments: departmentsRouter,
  suppliers: suppliersRouter,
  banks: banksRouter,
  accounts: accountsRouter,
  budget: budgetRouter,
  statistics: statisticsRouter,
  system: systemRouter,
  overview: overviewRouter,
  movements: movementsRouter,
  accountTransfers: accountTransfersRouter,
  accountBalances: accountBalancesRouter,
  reservations: reservationsRouter,
  residues: residuesRouter,
  payments: paymentsRouter,
  digests: digestsRouter,
  finalBalance: finalBalanceRouter,
  audit: auditRouter,
  documents: documentsRouter,
  statements: statementsRouter,
  invoices: invoicesRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
