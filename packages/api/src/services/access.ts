import { type Db, execRows } from '@app/db';
import { sql } from 'drizzle-orm';
import { AppError, type Area, areaOfCode, can, type PermissionItem, seesAllDepartments } from '@app/domain';
import type { Session } from '../context.ts';
import { toTrpcError } from '../errors.ts';
import { requirePermission } from '../guards.ts';
import { assertDepartmentAccess, isLinkedToUnion } from './scope.ts';

/**
 * The area that decides an administrator's rights for an action: the area of the named department
 * (the user must be linked to it), or, without one, the union when the user is linked to the union.
 */
export async function permissionArea(db: Db, session: Pick<Session, 'userId' | 'accessLevel'>, departmentId: number | undefined): Promise<Area | null> {
  if (departmentId !== undefined) {
    const dept = await assertDepartmentAccess(db, session, departmentId);
    return areaOfCode(dept.code);
  }
  return (await isLinkedToUnion(db, session.userId)) ? 1 : null;
}

/** Checks the role matrix for the department (or the user's union link); Forbidden otherwise. */
export async function requireItem(
  db: Db,
  session: Pick<Session, 'userId' | 'accessLevel'>,
  item: PermissionItem,
  departmentId: number | undefined,
): Promise<Area | null> {
  const area = await permissionArea(db, session, departmentId);
  requirePermission(item, area, session.accessLevel);
  return area;
}

/**
 * Does the actor read every department (README "Base-data rights")? A supervisor always; whoever may
 * write departments in the scope's area (a union administrator in the union scope) too; everyone
 * else reads only the departments linked to them.
 */
export async function readsAllDepartments(db: Db, session: Pick<Session, 'userId' | 'accessLevel'>, scopeDepartmentId: number | undefined): Promise<boolean> {
  if (seesAllDepartments(session)) return true;
  if (scopeDepartmentId === undefined) return false;
  const scope = await assertDepartmentAccess(db, session, scopeDepartmentId);
  return can(session, 'departments', areaOfCode(scope.code));
}

/** The departments the actor's union lists cover (readsAllDepartments): null for all, else the linked ones. */
export async function visibleDepartmentIds(db: Db, actor: Pick<Session, 'userId' | 'accessLevel'>, scopeDepartmentId: number): Promise<number[] | null> {
  if (await readsAllDepartments(db, actor, scopeDepartmentId)) return null;
  const rows = await execRows<{ department_id: number }>(db, sql`select department_id from user_departments where user_id = ${actor.userId}`);
  return rows.map((r) => Number(r.department_id));
}

/** A zod parse inside a service (merged PATCH values): InvalidValue naming the first bad field. */
export function parseOrFail<T>(
  schema: { safeParse(value: unknown): { success: true; data: T } | { success: false; error: { issues: { path: PropertyKey[] }[] } } },
  value: unknown,
): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const field = result.error.issues[0]?.path.map(String).join('.') ?? '';
  throw toTrpcError(new AppError('InvalidValue', field ? { field } : {}));
}
