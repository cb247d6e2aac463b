import { describe, expect, it } from 'vitest';
import { Area } from './area.ts';
import { evaluateMenu, findMenuItem, type MenuContext, menuPaths } from './menu.ts';
import { AccessLevel } from './roles.ts';

const base: MenuContext = {
  accessLevel: AccessLevel.Standard,
  departmentArea: Area.Department,
  hasChart: true,
  isBudgetApproved: false,
  openPaymentsAllowed: false,
  isFirstYear: false,
};

function enabled(ctx: MenuContext, path: string): boolean | undefined {
  return findMenuItem(evaluateMenu(ctx), path)?.enabled;
}

describe('menu enablement', () => {
  it('needs an approved budget for management, changes, residues and final account', () => {
    for (const path of ['movements/revenues', 'budget/changes/edit', 'residues/determination', 'budget/final/approve']) {
      expect(enabled(base, path)).toBe(false);
      expect(enabled({ ...base, isBudgetApproved: true }, path)).toBe(true);
    }
  });
  it('needs a chart of accounts for the forecast and management', () => {
    expect(enabled(base, 'budget/forecast/details')).toBe(true);
    expect(enabled({ ...base, hasChart: false }, 'budget/forecast/details')).toBe(false);
    expect(enabled({ ...base, hasChart: false, isBudgetApproved: true }, 'movements/expenses')).toBe(false);
  });
  it('hides and disables open payments without openPaymentsAllowed', () => {
    const approved = { ...base, isBudgetApproved: true };
    const group = evaluateMenu(approved)[0]?.children.find((c) => c.key === 'management.payments');
    expect(group?.hidden).toBe(true);
    expect(enabled(approved, 'payments/homebanking')).toBe(false);
    expect(enabled({ ...approved, openPaymentsAllowed: true }, 'payments/homebanking')).toBe(true);
  });
  it('opens manual residues only in the first year', () => {
    const approved = { ...base, isBudgetApproved: true };
    expect(enabled(approved, 'residues/edit')).toBe(false);
    expect(enabled({ ...approved, isFirstYear: true }, 'residues/edit')).toBe(true);
  });
  it('applies the role matrix', () => {
    expect(enabled(base, 'users')).toBe(false);
    expect(enabled(base, 'departmentUsers')).toBe(true);
    expect(enabled({ ...base, accessLevel: AccessLevel.Administrator, departmentArea: Area.Union }, 'users')).toBe(true);
    expect(enabled({ ...base, accessLevel: AccessLevel.Administrator, departmentArea: Area.District }, 'users')).toBe(false);
    expect(enabled({ ...base, accessLevel: AccessLevel.Supervisor }, 'chartOfAccounts/copy')).toBe(true);
  });
  it('disables everything that needs a department when none is chosen', () => {
    const none = { ...base, departmentArea: null, isBudgetApproved: true };
    expect(enabled(none, 'budget/forecast/details')).toBe(false);
    expect(enabled(none, 'suppliers/edit')).toBe(false);
  });
  it('enables a group only when a child is enabled', () => {
    const [management] = evaluateMenu(base);
    expect(management?.enabled).toBe(false);
  });
  it('lists unique paths', () => {
    const paths = menuPaths();
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths).toContain('budget/forecast/details');
  });
});
