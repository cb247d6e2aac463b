import { authRouter } from './routers/auth.ts';
import { scopeRouter } from './routers/scope.ts';
import { yearsRouter } from './routers/years.ts';
import { createCallerFactory, router } from './trpc.ts';

export const appRouter = router({
  auth: authRouter,
  scope: scopeRouter,
  years: yearsRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
