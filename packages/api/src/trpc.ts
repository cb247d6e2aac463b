import { areaOfCode, ScopeInput } from '@app/domain';
import { initTRPC } from '@trpc/server';
import type { Context } from './context.ts';
import { fail, safeErrorInfo } from './errors.ts';
import { resolveSession } from './services/auth.ts';
import { assertDepartmentAccess } from './services/scope.ts';

const t = initTRPC.context<Context>().create({
  errorFormatter({ shape, error, ctx }) {
    const info = safeErrorInfo(error);
    // an unexpected error tells the client nothing but the correlation id the server log carries
    const internal = !info && shape.data.httpStatus >= 500;
    return {
      ...shape,
      message: info ? info.code : internal ? 'Error' : shape.message,
      // no stack traces to clients
      data: {
        ...shape.data,
        stack: undefined,
        appCode: info?.code ?? null,
        field: info?.field ?? null,
        params: info?.params ?? null,
        correlationId: internal ? (ctx?.requestId ?? null) : null,
      },
    };
  },
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const middleware = t.middleware;

export const publicProcedure = t.procedure;

/** Needs a valid session (a locked or expired user has none). */
export const authedProcedure = t.procedure.use(async ({ ctx, next }) => {
  const session = ctx.token ? await resolveSession(ctx.db, ctx.token, ctx.now()) : null;
  if (!session) fail('NotAuthenticated');
  return next({ ctx: { ...ctx, session } });
});

/**
 * Needs a session and a scope (departmentId, year) the user may see: a supervisor any department,
 * everyone else only the departments linked to them (DepartmentNotAllowed otherwise).
 */
export const scopedProcedure = authedProcedure.input(ScopeInput).use(async ({ ctx, input, next }) => {
  const department = await assertDepartmentAccess(ctx.db, ctx.session, input.departmentId);
  return next({
    ctx: { ...ctx, scope: { departmentId: input.departmentId, year: input.year, departmentCode: department.code, area: areaOfCode(department.code) } },
  });
});
