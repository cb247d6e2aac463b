import { type AccessLevel, type DepartmentBrief, evaluateMenu, type MenuContext, type MenuItemState, type ScopeStatus } from '@app/domain';

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
