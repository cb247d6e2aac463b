import type { DepartmentBrief, ScopeStatus } from '@app/domain';
import { queryClient, trpc } from '../../lib/trpc.ts';
import { getAuth } from '../../lib/session.ts';
import { readLastScope } from './lastScope.ts';
import { landingPath, parseYearParam, rememberedYearFor } from './scopePath.ts';

/** A scope in the address the user may not open (department not linked, or no such year). */
export class ScopeRefusedError extends Error {
  readonly reason: 'department' | 'year';
  constructor(reason: 'department' | 'year') {
    super(`ScopeRefused:${reason}`);
    this.name = 'ScopeRefusedError';
    this.reason = reason;
  }
}

export interface LoadedScope {
  department: DepartmentBrief;
  year: number;
  status: ScopeStatus;
}

/**
 * Resolves `/dept/{code}/year/{year}`: the department must be in the user's list, the year must
 * exist, and the server must grant scope.status (it refuses DepartmentNotAllowed otherwise).
 */
export async function loadScope(params: { dept: string; year: string }): Promise<LoadedScope> {
  const scopes = await queryClient.ensureQueryData(trpc.scope.list.queryOptions());
  const department = scopes.departments.find((d) => d.code === params.dept);
  if (!department) throw new ScopeRefusedError('department');
  const year = parseYearParam(params.year);
  if (year === null || !scopes.years.includes(year)) throw new ScopeRefusedError('year');
  const status = await queryClient.ensureQueryData(trpc.scope.status.queryOptions({ departmentId: department.id, year }));
  return { department, year, status };
}

/**
 * Where the signed-in user starts (see landingPath): the year comes from the server's landing rule
 * (scope.landing: latest year with a chart of accounts for the department's area; the year this
 * browser remembers wins when it exists and has one).
 */
export async function resolveLanding(): Promise<string> {
  const auth = getAuth();
  if (!auth) return '/';
  const scopes = await queryClient.fetchQuery(trpc.scope.list.queryOptions());
  if (scopes.departments.length === 0) return landingPath(scopes, null);
  const only = scopes.departments.length === 1 ? scopes.departments[0] : undefined;
  const rememberedYear = rememberedYearFor(scopes, readLastScope(auth.username));
  const landing = await queryClient.fetchQuery(
    trpc.scope.landing.queryOptions({ ...(only ? { departmentId: only.id } : {}), ...(rememberedYear !== undefined ? { rememberedYear } : {}) }),
  );
  return landingPath(scopes, landing.year);
}
