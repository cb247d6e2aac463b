import type { createCaller } from '@app/api';
import { chartAdminRoutes } from './chartAdmin.ts';
import { baseDataRoutes } from './baseData.ts';
import { budgetRoutes } from './budget.ts';
import { statisticsRoutes } from './statistics.ts';

type Caller = ReturnType<typeof createCaller>;

export interface RestRequest {
  query: Record<string, string | undefined>;
  body: Record<string, unknown>;
  params: Record<string, string | undefined>;
}

export interface RestRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path under /api, as the spec writes it (matched case-insensitively). */
  path: string;
  /** Maps the request onto one procedure call; no business logic here. */
  call: (caller: Caller, req: RestRequest) => Promise<unknown>;
}

/** A row's answer that is a file, not JSON: sent as is with its content type (and as a download when named). */
export class RestFile {
  constructor(
    readonly text: string,
    readonly contentType: string,
    readonly fileName?: string,
  ) {}
}

/** A query or body value as a number (the spec sends scope ids and years as query strings). */
export function num(value: unknown): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : Number.NaN;
}

function scopeOf(req: RestRequest) {
  return { departmentId: num(req.query.departmentId ?? req.body.departmentId) as number, year: num(req.query.year ?? req.body.year) as number };
}

function credentials(body: Record<string, unknown>) {
  return {
    username: body.username as string,
    password: body.password as string,
    newPassword: body.newPassword as string,
    newPasswordRepeat: body.newPasswordRepeat as string,
    remember: body.remember === true,
  };
}

/** Spec 1 §7: the auth and scope calls. */
const platformRoutes: RestRoute[] = [
  {
    method: 'POST',
    path: 'Authenticate/login',
    call: (c, req) => c.auth.login({ username: req.body.username as string, password: req.body.password as string, remember: req.body.remember === true }),
  },
  { method: 'POST', path: 'Auth/changePasswordAndLogin', call: (c, req) => c.auth.changePasswordAndLogin(credentials(req.body)) },
  { method: 'POST', path: 'auth/changePassword', call: (c, req) => c.auth.changePassword(credentials(req.body)) },
  { method: 'POST', path: 'auth/logout', call: (c) => c.auth.logout() },
  { method: 'GET', path: 'auth/me', call: (c) => c.auth.me() },
  { method: 'GET', path: 'Scopes', call: (c) => c.scope.list() },
  { method: 'GET', path: 'Scopes/Status', call: (c, req) => c.scope.status(scopeOf(req)) },
  {
    method: 'POST',
    path: 'FinancialYears',
    call: (c, req) => {
      const departmentId = num(req.query.departmentId ?? req.body.departmentId);
      return c.years.create({ year: num(req.query.year ?? req.body.year) as number, ...(departmentId !== undefined ? { departmentId } : {}) });
    },
  },
  { method: 'GET', path: 'FinancialYears', call: (c) => c.years.list() },
];

/** The whole /api table: one file of rows per area (rest/<area>.ts), joined here. */
export const restRoutes: RestRoute[] = [...platformRoutes, ...baseDataRoutes, ...chartAdminRoutes, ...budgetRoutes, ...statisticsRoutes];
