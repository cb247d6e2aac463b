import { Area } from './area.ts';
import { can, type PermissionItem, readsOnly } from './permissions.ts';
import type { AccessLevel } from './roles.ts';

/** What an entry needs to be enabled (spec 1 §2, spec 2 §6, spec 3 §2). */
export type MenuNeed = 'department' | 'chart' | 'approvedBudget' | 'openPayments' | 'firstYear';

export interface MenuEntry {
  /** Message key and stable id, e.g. `management.movements.revenues`. */
  key: string;
  /** Path relative to the scope `/dept/{dept}/year/{year}/`; absent for a group or a panel. */
  path?: string;
  /** An online list opens a panel instead of a route. */
  panel?: 'cashJournal' | 'chapterDigest' | 'supplierDigest';
  needs?: MenuNeed[];
  permission?: PermissionItem;
  /**
   * A screen that is there to write (an approval, a payment run, an import, a copy, an editor of users,
   * years or the chart): hidden for the auditor (issue 27), who writes nothing. Record editors are not
   * marked: they open read-only for him. An entry without the mark (a list, a print) he sees.
   */
  writes?: true;
  children?: MenuEntry[];
}

export const menuTree: MenuEntry[] = [
  {
    key: 'management',
    needs: ['department', 'chart', 'approvedBudget'],
    children: [
      { key: 'management.movements.revenues', path: 'movements/revenues' },
      { key: 'management.movements.expenses', path: 'movements/expenses' },
      {
        key: 'management.payments',
        needs: ['openPayments'],
        children: [
          { key: 'management.payments.pay', path: 'payments/pay', writes: true },
          { key: 'management.payments.open', path: 'payments/open' },
          { key: 'management.payments.homebanking', path: 'payments/homebanking', writes: true },
          { key: 'management.payments.register', path: 'payments/register', writes: true },
        ],
      },
      {
        key: 'management.accounts',
        children: [
          { key: 'management.accounts.transfer', path: 'accounts/transfer' },
          { key: 'management.accounts.saldo', path: 'accounts/saldo' },
          { key: 'management.accounts.statement', path: 'accounts/statement', writes: true },
        ],
      },
      {
        key: 'management.reservations',
        children: [
          { key: 'management.reservations.edit', path: 'reservations/edit' },
          { key: 'management.reservations.print', path: 'reservations/print' },
        ],
      },
      {
        key: 'management.printedLists',
        children: [
          { key: 'management.printedLists.cashJournal', path: 'printedLists/cashJournal' },
          { key: 'management.printedLists.chapterDigest', path: 'printedLists/chapterDigest' },
          { key: 'management.printedLists.availabilities', path: 'printedLists/availabilities' },
          { key: 'management.printedLists.supplierDigest', path: 'printedLists/supplierDigest' },
        ],
      },
      {
        key: 'management.onlineLists',
        children: [
          { key: 'management.onlineLists.cashJournal', panel: 'cashJournal' },
          { key: 'management.onlineLists.chapterDigest', panel: 'chapterDigest' },
          { key: 'management.onlineLists.supplierDigest', panel: 'supplierDigest' },
        ],
      },
    ],
  },
  {
    key: 'budgetForecast',
    needs: ['department', 'chart'],
    children: [
      { key: 'budgetForecast.details', path: 'budget/forecast/details' },
      { key: 'budgetForecast.surplus', path: 'budget/forecast/surplus' },
      { key: 'budgetForecast.approval', path: 'budget/forecast/approval', writes: true },
      { key: 'budgetForecast.print', path: 'budget/forecast/print' },
    ],
  },
  {
    key: 'budgetChanges',
    needs: ['department', 'approvedBudget'],
    children: [
      { key: 'budgetChanges.adjustmentEdit', path: 'budget/adjustment/edit' },
      { key: 'budgetChanges.adjustmentPrint', path: 'budget/adjustment/print' },
      { key: 'budgetChanges.changesEdit', path: 'budget/changes/edit' },
      { key: 'budgetChanges.changesPrint', path: 'budget/changes/print' },
      { key: 'budgetChanges.changesProtocol', path: 'budget/changes/protocol' },
    ],
  },
  {
    key: 'residues',
    needs: ['department', 'approvedBudget'],
    children: [
      { key: 'residues.determination', path: 'residues/determination' },
      { key: 'residues.print', path: 'residues/print' },
      { key: 'residues.carryOver', path: 'residues/carryOver', writes: true },
      { key: 'residues.edit', path: 'residues/edit', needs: ['firstYear'] },
    ],
  },
  {
    key: 'budgetFinal',
    needs: ['department', 'approvedBudget'],
    children: [
      { key: 'budgetFinal.print', path: 'budget/final/print' },
      { key: 'budgetFinal.printETS', path: 'budget/final/printETS' },
      { key: 'budgetFinal.approve', path: 'budget/final/approve', writes: true },
      { key: 'budgetFinal.auditPack', path: 'budget/final/auditPack' },
    ],
  },
  {
    key: 'baseData',
    children: [
      {
        key: 'baseData.departments',
        children: [
          { key: 'baseData.departments.edit', path: 'departments/edit', permission: 'departments', writes: true },
          { key: 'baseData.departments.print', path: 'departments/print' },
        ],
      },
      {
        key: 'baseData.chartOfAccounts',
        children: [
          { key: 'baseData.chartOfAccounts.titles', path: 'chartOfAccounts/titles', permission: 'titles', writes: true },
          { key: 'baseData.chartOfAccounts.categories', path: 'chartOfAccounts/categories', permission: 'categories', writes: true },
          { key: 'baseData.chartOfAccounts.chapters', path: 'chartOfAccounts/chapters', permission: 'chapters', writes: true },
          { key: 'baseData.chartOfAccounts.print', path: 'chartOfAccounts/print' },
          { key: 'baseData.chartOfAccounts.budgetDraft', path: 'chartOfAccounts/budgetDraft' },
        ],
      },
      {
        key: 'baseData.suppliers',
        needs: ['department'],
        children: [
          { key: 'baseData.suppliers.edit', path: 'suppliers/edit' },
          { key: 'baseData.suppliers.print', path: 'suppliers/print' },
        ],
      },
      {
        key: 'baseData.banks',
        children: [
          { key: 'baseData.banks.edit', path: 'banks' },
          { key: 'baseData.banks.import', path: 'banksImport', permission: 'bankImport', writes: true },
        ],
      },
      {
        key: 'baseData.accounts',
        needs: ['department'],
        children: [
          { key: 'baseData.accounts.edit', path: 'accounts/edit' },
          { key: 'baseData.accounts.print', path: 'accounts/print' },
        ],
      },
    ],
  },
  {
    key: 'statistics',
    children: [{ key: 'statistics.export', path: 'statistics/export', permission: 'statisticsExport' }],
  },
  {
    key: 'utilities',
    children: [
      { key: 'utilities.users', path: 'users', permission: 'users', writes: true },
      { key: 'utilities.userDepartments', path: 'userDepartments', permission: 'userDepartments', writes: true },
      { key: 'utilities.departmentUsers', path: 'departmentUsers', permission: 'departmentUsers' },
      { key: 'utilities.movementTemplates', path: 'movementTemplates', permission: 'movementTemplates', needs: ['department'], writes: true },
      { key: 'utilities.years', path: 'years', permission: 'newFinancialYear', writes: true },
      { key: 'utilities.chartCopy', path: 'chartOfAccounts/copy', permission: 'chartCopy', writes: true },
      { key: 'utilities.chartUnlock', path: 'chartOfAccounts/unlock', permission: 'chartUnlock', writes: true },
      // issue 27: everyone signed in reads the trail the server lets him read (services/audit/list.ts)
      { key: 'utilities.auditTrail', path: 'audit' },
    ],
  },
];

export interface MenuContext {
  accessLevel: AccessLevel;
  /** Area of the scope's department, null when no department is chosen. */
  departmentArea: Area | null;
  hasChart: boolean;
  isBudgetApproved: boolean;
  openPaymentsAllowed: boolean;
  isFirstYear: boolean;
}

/**
 * Why an entry is disabled: an unmet need, or the role matrix (`role`: not for this access level;
 * `unionOnly`: an Administrator may use it only in the union's scope; `readOnly`: a screen that writes,
 * for the auditor, who never sees it: it is hidden too).
 */
export type MenuDisabledReason = MenuNeed | 'role' | 'unionOnly' | 'readOnly';

export interface MenuItemState {
  key: string;
  path?: string;
  panel?: MenuEntry['panel'];
  enabled: boolean;
  /** Set exactly when the entry is disabled: the first rule that fails (a group's own, else its parent's, else its first child's). */
  reason?: MenuDisabledReason;
  /**
   * Hidden entries are not shown at all: the open-payments group without openPaymentsAllowed, and for
   * the auditor every screen that writes (`writes`) and a group with nothing left to show.
   */
  hidden: boolean;
  children: MenuItemState[];
}

function needMet(need: MenuNeed, ctx: MenuContext): boolean {
  switch (need) {
    case 'department':
      return ctx.departmentArea !== null;
    case 'chart':
      return ctx.hasChart;
    case 'approvedBudget':
      return ctx.isBudgetApproved;
    case 'openPayments':
      return ctx.openPaymentsAllowed;
    case 'firstYear':
      return ctx.isFirstYear;
  }
}

/** Why the role matrix refuses an item (null when it allows it). */
function permissionReason(ctx: MenuContext, item: PermissionItem): MenuDisabledReason | null {
  if (can({ accessLevel: ctx.accessLevel }, item, ctx.departmentArea)) return null;
  // an Administrator who would be allowed in the union's scope
  return can({ accessLevel: ctx.accessLevel }, item, Area.Union) ? 'unionOnly' : 'role';
}

/**
 * Evaluates the menu tree for one user and scope; a child is enabled only when its parent is.
 * A disabled entry carries the reason: the parent's, else its own first unmet need, else the role
 * matrix; a group without an enabled child takes its first child's reason.
 */
export function evaluateMenu(ctx: MenuContext, entries: MenuEntry[] = menuTree, parentReason: MenuDisabledReason | null = null): MenuItemState[] {
  return entries.map((entry) => {
    const unmet = (entry.needs ?? []).find((n) => !needMet(n, ctx));
    const readOnly = entry.writes && readsOnly(ctx) ? ('readOnly' as const) : null;
    const ownReason = parentReason ?? readOnly ?? unmet ?? (entry.permission ? permissionReason(ctx, entry.permission) : null);
    const children = entry.children ? evaluateMenu(ctx, entry.children, ownReason) : [];
    const reason =
      ownReason ?? (entry.children && !children.some((c) => c.enabled) ? (children.find((c) => !c.hidden)?.reason ?? children[0]?.reason ?? null) : null);
    const nothingLeft = readsOnly(ctx) && children.length > 0 && children.every((c) => c.hidden);
    const state: MenuItemState = {
      key: entry.key,
      enabled: reason === null,
      hidden: (entry.key === 'management.payments' && !ctx.openPaymentsAllowed) || readOnly !== null || nothingLeft,
      children,
    };
    if (reason !== null) state.reason = reason;
    if (entry.path !== undefined) state.path = entry.path;
    if (entry.panel !== undefined) state.panel = entry.panel;
    return state;
  });
}

/** All leaf paths of the tree (routes the client must know). */
export function menuPaths(entries: MenuEntry[] = menuTree): string[] {
  return entries.flatMap((e) => [...(e.path ? [e.path] : []), ...menuPaths(e.children ?? [])]);
}

/** Finds the entry state for a path, to refuse a disabled screen reached by URL. */
export function findMenuItem(items: MenuItemState[], path: string): MenuItemState | undefined {
  for (const item of items) {
    if (item.path === path) return item;
    const found = findMenuItem(item.children, path);
    if (found) return found;
  }
  return undefined;
}
