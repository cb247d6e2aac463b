import { describe, expect, it } from 'vitest';
import { Area } from './area.ts';
import { evaluateMenu, findMenuItem, type MenuContext, type MenuEntry, type MenuItemState, menuPaths, menuTree } from './menu.ts';
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
    expect(enabled(approved, 'payments/pay')).toBe(false);
    expect(enabled({ ...approved, openPaymentsAllowed: true }, 'payments/pay')).toBe(true);
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

function reason(ctx: MenuContext, path: string) {
  return findMenuItem(evaluateMenu(ctx), path)?.reason;
}

describe('why an entry is disabled', () => {
  const approved = { ...base, isBudgetApproved: true };
  it.each([
    ['approved budget missing', base, 'movements/revenues', 'approvedBudget'],
    ['approved budget missing (changes)', base, 'budget/changes/edit', 'approvedBudget'],
    ['no chart of accounts', { ...base, hasChart: false }, 'budget/forecast/details', 'chart'],
    ['no chart wins over the missing approval (first need of the group)', { ...base, hasChart: false }, 'movements/expenses', 'chart'],
    ['no department', { ...base, departmentArea: null }, 'suppliers/edit', 'department'],
    ['open payments not allowed', approved, 'payments/open', 'openPayments'],
    ['not the first year', approved, 'residues/edit', 'firstYear'],
    ['Standard user and a restricted item', base, 'users', 'role'],
    ['Administrator outside the union', { ...base, accessLevel: AccessLevel.Administrator, departmentArea: Area.District }, 'users', 'unionOnly'],
    ['Administrator and statistics export', { ...base, accessLevel: AccessLevel.Administrator, departmentArea: Area.Union }, 'statistics/export', 'role'],
    ['enabled: no reason', approved, 'movements/revenues', undefined],
    ['enabled for the Supervisor', { ...base, accessLevel: AccessLevel.Supervisor }, 'chartOfAccounts/copy', undefined],
  ] as const)('%s', (_name, ctx, path, expected) => {
    expect(reason(ctx, path)).toBe(expected);
    expect(enabled(ctx, path)).toBe(expected === undefined);
  });

  it('every disabled entry has a reason and every enabled one none', () => {
    const contexts: MenuContext[] = [
      base,
      approved,
      { ...base, hasChart: false },
      { ...base, departmentArea: null },
      { ...base, accessLevel: AccessLevel.Administrator },
    ];
    const walk = (items: MenuItemState[]): void =>
      items.forEach((item) => {
        expect(item.enabled, item.key).toBe(item.reason === undefined);
        walk(item.children);
      });
    for (const ctx of contexts) walk(evaluateMenu(ctx));
  });

  it('a group takes the reason of its parent, else its own need, else its first child', () => {
    const items = evaluateMenu({ ...base, hasChart: false });
    expect(items.find((i) => i.key === 'management')?.reason).toBe('chart');
    expect(items.find((i) => i.key === 'budgetChanges')?.reason).toBe('approvedBudget');
    // Standard user: every utility but the open ones is refused by role; the group stays enabled
    const utilities = evaluateMenu(base).find((i) => i.key === 'utilities');
    expect(utilities?.enabled).toBe(true);
    // Administrator in a district: statistics has only the export, refused by role
    expect(evaluateMenu({ ...base, accessLevel: AccessLevel.Administrator, departmentArea: Area.District }).find((i) => i.key === 'statistics')?.reason).toBe(
      'role',
    );
  });
});

describe('the auditor’s menu (issue 27)', () => {
  const auditor: MenuContext = { ...base, accessLevel: AccessLevel.Auditor, isBudgetApproved: true, openPaymentsAllowed: true, isFirstYear: true };
  /** The entries shown (not hidden, and not below a hidden group), with their paths. */
  const shown = (items: MenuItemState[]): MenuItemState[] => items.filter((i) => !i.hidden).flatMap((i) => [i, ...shown(i.children)]);
  const writing = (entries: MenuEntry[]): string[] => entries.flatMap((e) => [...(e.writes && e.path ? [e.path] : []), ...writing(e.children ?? [])]);

  it('shows no entry that writes, hidden with the reason readOnly, while a Standard user keeps them', () => {
    const paths = shown(evaluateMenu(auditor)).flatMap((i) => (i.path ? [i.path] : []));
    const writes = writing(menuTree);
    expect(writes).toEqual(expect.arrayContaining(['users', 'years', 'chartOfAccounts/copy', 'banksImport', 'movementTemplates', 'budget/forecast/approval']));
    expect(paths.filter((p) => writes.includes(p))).toEqual([]);
    for (const path of writes) expect(reason(auditor, path), path).toBe('readOnly');
    const standard = shown(evaluateMenu({ ...auditor, accessLevel: AccessLevel.Standard })).flatMap((i) => (i.path ? [i.path] : []));
    expect(standard).toEqual(expect.arrayContaining(['payments/pay', 'budget/forecast/approval', 'movementTemplates']));
  });

  it('keeps every list, print and record editor, and an entry without a permission', () => {
    for (const path of [
      'movements/revenues',
      'reservations/edit',
      'printedLists/cashJournal',
      'budget/final/print',
      'payments/open',
      'suppliers/edit',
      'statistics/export',
    ])
      expect(enabled(auditor, path), path).toBe(true);
    const extra: MenuEntry[] = [{ key: 'utilities', children: [{ key: 'utilities.auditTrail', path: 'audit' }] }];
    expect(findMenuItem(evaluateMenu(auditor, extra), 'audit')).toMatchObject({ enabled: true, hidden: false });
  });

  it('hides a group with nothing left to show', () => {
    const extra: MenuEntry[] = [{ key: 'utilities', children: [{ key: 'utilities.users', path: 'users', permission: 'users', writes: true }] }];
    expect(evaluateMenu(auditor, extra)[0]?.hidden).toBe(true);
    expect(evaluateMenu(auditor).find((i) => i.key === 'utilities')?.hidden).toBe(false);
  });
});
