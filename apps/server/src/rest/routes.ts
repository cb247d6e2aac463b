import { baseDataRoutes } from './baseData.ts';
import { budgetRoutes } from './budget.ts';
import { cashRoutes } from './cash.ts';
import { finalBalanceRoutes } from './finalBalance.ts';
import { chartAdminRoutes } from './chartAdmin.ts';
import { auditRoutes } from './audit.ts';
import { digestRoutes } from './digests.ts';
import { documentRoutes } from './documents.ts';
import { invoiceRoutes } from './invoices.ts';
import { movementRoutes } from './movements.ts';
import { overviewRoutes } from './overview.ts';
import type { RestRoute } from './params.ts';
import { paymentRoutes } from './payments.ts';
import { platformRoutes } from './platform.ts';
import { reservationRoutes } from './reservations.ts';
import { residueRoutes } from './residues.ts';
import { statementRoutes } from './statements.ts';
import { statisticsRoutes } from './statistics.ts';

/** The whole /api table: one file of rows per area (rest/<area>.ts), joined here. */
export const restRoutes: RestRoute[] = [
  ...platformRoutes,
  ...baseDataRoutes,
  ...chartAdminRoutes,
  ...budgetRoutes,
  ...movementRoutes,
  ...paymentRoutes,
  ...cashRoutes,
  ...reservationRoutes,
  ...residueRoutes,
  ...finalBalanceRoutes,
  ...digestRoutes,
  ...auditRoutes,
  ...documentRoutes,
  ...statementRoutes,
  ...invoiceRoutes,
  ...statisticsRoutes,
  ...overviewRoutes,
];
