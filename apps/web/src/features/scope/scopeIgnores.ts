/**
 * Screens that ignore part of the scope (spec 2 §2): suppliers and accounts ignore the year,
 * categories, titles and chapters ignore the department. A route says so with
 * `staticData: { scopeIgnores: 'year' }`; the top bar then keeps the open editor (the search,
 * e.g. `?id=12`) when only the ignored part changes. Any other scope change returns to the list.
 */
import type { ScopeRef } from './scopePath.ts';

export type ScopeIgnores = 'year' | 'department';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    scopeIgnores?: ScopeIgnores;
  }
}

/** Does a scope change keep the screen's search (the editor stays open)? */
export function keepsSearch(ignores: ScopeIgnores | undefined, from: ScopeRef | null, to: ScopeRef): boolean {
  if (!ignores || !from) return false;
  if (ignores === 'year') return from.dept === to.dept;
  return from.year === to.year;
}
