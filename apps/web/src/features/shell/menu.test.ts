import { readFileSync } from 'node:fs';
import { AccessLevel, type MenuEntry, menuPaths, menuTree, type ScopeStatus } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { scopeMenu } from '../scope/scopeMenu.ts';
import { builtMenuPaths, groupsContaining, isBuilt, menuScreenState } from './menu.ts';

const status = (over: Partial<ScopeStatus> = {}): ScopeStatus => ({
  departmentId: 1,
  year: 2026,
  isBudgetApproved: false,
  isBudgetClosed: false,
  hasChartOfAccounts: true,
  openPaymentsAllowed: false,
  isFirstYear: false,
  ...over,
});
const department = { area: 3 as const };

describe('menu screens', () => {
  it('a forecast screen is available, management is not before approval', () => {
    const menu = scopeMenu(AccessLevel.Standard, department, status());
    expect(menuScreenState(menu, 'budget/forecast/details').kind).toBe('available');
    expect(menuScreenState(menu, 'movements/revenues').kind).toBe('disabled');
    expect(menuScreenState(menu, 'users').kind).toBe('disabled');
    expect(menuScreenState(menu, 'nothing/here').kind).toBe('unknown');
  });
  it('open payments are refused (hidden) without openPaymentsAllowed, even when management is on', () => {
    const off = scopeMenu(AccessLevel.Standard, department, status({ isBudgetApproved: true }));
    expect(menuScreenState(off, 'payments/open').kind).toBe('disabled');
    const on = scopeMenu(AccessLevel.Standard, department, status({ isBudgetApproved: true, openPaymentsAllowed: true }));
    expect(menuScreenState(on, 'payments/open').kind).toBe('available');
    expect(menuScreenState(off, 'payments/pay').kind).toBe('disabled');
    expect(menuScreenState(on, 'payments/pay').kind).toBe('available');
  });
  it('finds the groups to open for a path', () => {
    const menu = scopeMenu(AccessLevel.Supervisor, department, status({ isBudgetApproved: true, openPaymentsAllowed: true }));
    expect(groupsContaining(menu, 'payments/open')).toEqual(['management', 'management.payments']);
    expect(groupsContaining(menu, 'budget/forecast/details')).toEqual(['budgetForecast']);
    expect(groupsContaining(menu, '')).toEqual([]);
  });
  it('every menu path is a screen of the splat route', () => {
    const menu = scopeMenu(AccessLevel.Supervisor, { area: 1 }, status({ isBudgetApproved: true, openPaymentsAllowed: true, isFirstYear: true }));
    for (const path of menuPaths()) expect(menuScreenState(menu, path).kind, path).not.toBe('unknown');
  });
});

describe('built menu screens (from the route tree)', () => {
  const routes = [
    '/',
    '/start',
    '/dept/$dept/year/$year',
    '/dept/$dept/year/$year/$',
    '/dept/$dept/year/$year/budget/forecast/details',
    '/dept/$dept/year/$year/budget/forecast/details/$part',
    '/dept/$dept/year/$year/movementTemplates/',
    '/dept/$dept/year/$year/banks',
  ];
  it('takes the scope routes below the scope, not the placeholder splat', () => {
    expect([...builtMenuPaths(routes)].sort()).toEqual(['banks', 'budget/forecast/details', 'budget/forecast/details/$part', 'movementTemplates']);
  });
  it('marks entries and groups: a group is built when any entry below is', () => {
    const built = builtMenuPaths(routes);
    const menu = scopeMenu(AccessLevel.Supervisor, { area: 1 }, status({ isBudgetApproved: true, openPaymentsAllowed: true }));
    const item = (key: string) => {
      const find = (items: typeof menu): (typeof menu)[number] | undefined => {
        for (const i of items) {
          if (i.key === key) return i;
          const below = find(i.children);
          if (below) return below;
        }
        return undefined;
      };
      const found = find(menu);
      if (!found) throw new Error(key);
      return found;
    };
    expect(isBuilt(item('budgetForecast.details'), built)).toBe(true);
    expect(isBuilt(item('budgetForecast.surplus'), built)).toBe(false);
    expect(isBuilt(item('budgetForecast'), built)).toBe(true);
    expect(isBuilt(item('residues'), built)).toBe(false);
    expect(isBuilt(item('utilities.movementTemplates'), built)).toBe(true);
    // online lists open panels (features/digests), built without a route
    expect(isBuilt(item('management.onlineLists.cashJournal'), built)).toBe(true);
    expect(isBuilt(item('management.onlineLists.supplierDigest'), built)).toBe(true);
  });
});

describe('menu labels', () => {
  it('every key of the domain menu tree has a label (de source in menuLabels.ts)', () => {
    const source = readFileSync(new URL('./menuLabels.ts', import.meta.url), 'utf8');
    const labelled = new Set([...source.matchAll(/^\s+'?([a-zA-Z.]+)'?: msg`/gm)].map((m) => m[1]));
    const keys = (entries: MenuEntry[]): string[] => entries.flatMap((e) => [e.key, ...keys(e.children ?? [])]);
    const missing = keys(menuTree).filter((k) => !labelled.has(k));
    expect(missing).toEqual([]);
  });
});
