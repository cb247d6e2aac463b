import { adminRouter } from './routers/admin.ts';
import { authRouter } from './routers/auth.ts';
import { chartRouter } from './routers/chart.ts';
import { scopeRouter } from './routers/scope.ts';
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
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
