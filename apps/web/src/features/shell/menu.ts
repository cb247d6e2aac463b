import { findMenuItem, type MenuEntry, type MenuItemState } from '@app/domain';
import { useRouter } from '@tanstack/react-router';
import { useMemo } from 'react';

export type MenuScreenState = { kind: 'unknown' } | { kind: 'disabled'; item: MenuItemState } | { kind: 'available'; item: MenuItemState };

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

// ---- which menu screens are built ------------------------------------------------------------

/** Full path of the scope route; menu paths hang below it. */
const SCOPE_ROUTE = '/dept/$dept/year/$year/';

/** Online-list panels that are built (features/digests: the three open over any screen). */
export const builtPanels: ReadonlySet<NonNullable<MenuEntry['panel']>> = new Set(['cashJournal', 'chapterDigest', 'supplierDigest']);

/**
 * The menu paths that have their own screen, from the full paths of the route tree
 * (`/dept/$dept/year/$year/budget/forecast/details`). The splat `…/$year/$` is the placeholder of
 * the screens not built yet, so it doesn't count; a path counts when a route of that exact path
 * exists (also as a layout with children).
 */
export function builtMenuPaths(routeFullPaths: Iterable<string>): Set<string> {
  const built = new Set<string>();
  for (const full of routeFullPaths) {
    if (!full.startsWith(SCOPE_ROUTE)) continue;
    const rest = full.slice(SCOPE_ROUTE.length).replace(/\/+$/, '');
    if (rest === '' || rest === '$') continue;
    built.add(rest);
  }
  return built;
}

/** The built menu paths of the running router (one source: the route tree). */
export function useBuiltMenuPaths(): Set<string> {
  const router = useRouter();
  return useMemo(() => builtMenuPaths(Object.keys(router.routesByPath)), [router]);
}

/** Is the screen of an entry built? A group: when any entry below it is. */
export function isBuilt(item: MenuItemState, built: ReadonlySet<string>): boolean {
  if (item.children.length > 0) return item.children.some((c) => isBuilt(c, built));
  if (item.panel) return builtPanels.has(item.panel);
  return item.path !== undefined && built.has(item.path);
}
