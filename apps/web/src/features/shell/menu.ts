import { type AccessLevel, type DepartmentBrief, evaluateMenu, findMenuItem, type MenuContext, type MenuItemState, type ScopeStatus } from '@app/domain';

/** The domain menu context for a user in a scope (spec 1 §2 enablement, spec 1 §6 permissions). */
export function menuContextOf(accessLevel: AccessLevel, department: Pick<DepartmentBrief, 'area'>, status: ScopeStatus): MenuContext {
  return {
    accessLevel,
    departmentArea: department.area,
    hasChart: status.hasChartOfAccounts,
    isBudgetApproved: status.isBudgetApproved,
    openPaymentsAllowed: status.openPaymentsAllowed,
    isFirstYear: status.isFirstYear,
  };
}

export function scopeMenu(accessLevel: AccessLevel, department: Pick<DepartmentBrief, 'area'>, status: ScopeStatus): MenuItemState[] {
  return evaluateMenu(menuContextOf(accessLevel, department, status));
}

export type MenuScreenState =
  | { kind: 'unknown' }
  | { kind: 'disabled'; item: MenuItemState }
  | { kind: 'available'; item: MenuItemState };

/** What a path inside the scope is: not a menu screen, a disabled one (or hidden), or an open one. */
export function menuScreenState(items: MenuItemState[], path: string): MenuScreenState {
  const clean = path.replace(/^\/+/, '').replace(/\/+$/, '');
  const item = findMenuItem(items, clean);
  if (!item) return { kind: 'unknown' };
  if (!item.enabled || isHiddenPath(items, clean)) return { kind: 'disabled', item };
  return { kind: 'available', item };
}

/** Is the entry for the path inside a hidden group (open payments without openPaymentsAllowed)? */
function isHiddenPath(items: MenuItemState[], path: string, hiddenAbove = false): boolean {
  for (const item of items) {
    const hidden = hiddenAbove || item.hidden;
    if (item.path === path) return hidden;
    if (isHiddenPath(item.children, path, hidden)) return true;
  }
  return false;
}

/** The keys of the groups on the way to a path (to open them in the side menu). */
export function groupsContaining(items: MenuItemState[], path: string): string[] {
  for (const item of items) {
    if (item.path === path) return [];
    const below = groupsContaining(item.children, path);
    if (below.length > 0 || item.children.some((c) => c.path === path)) return [item.key, ...below];
  }
  return [];
}
