import type { DepartmentBrief, ScopeStatus } from '@app/domain';
import { queryClient, trpc } from '../../lib/trpc.ts';
import { getAuth } from '../auth/session.ts';
import { readLastScope } from './lastScope.ts';
import { landingPath, parseYearParam } from './scopePath.ts';

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

/** Where the signed-in user starts (see landingPath). */
export async function resolveLanding(): Promise<string> {
  const auth = getAuth();
  if (!auth) return '/';
  const scopes = await queryClient.fetchQuery(trpc.scope.list.queryOptions());
  return landingPath(scopes, readLastScope(auth.username));
}
