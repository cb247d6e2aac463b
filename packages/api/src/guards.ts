import { type AccessLevel, type Area, can, type PermissionItem } from '@app/domain';
import { fail } from './errors.ts';

/** Role guard from the permission matrix; `area` is the area of the department the action is about. */
export function requirePermission(item: PermissionItem, area: Area | null, accessLevel: AccessLevel): void {
  if (!can({ accessLevel }, item, area)) fail('Forbidden', { params: { item } });
}
