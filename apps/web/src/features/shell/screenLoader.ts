/**
 * Data loading of the scope screens, the TanStack way (issue 10). One example to copy: the
 * departments list (`routes/_authed.dept.$dept.year.$year.departments.edit.tsx`,
 * `features/departments/queries.ts`, `DepartmentList.tsx`) and the years screen.
 *
 * - `features/<x>/queries.ts` exports one function per piece of data, `(scope, …) => trpc.x.y.queryOptions(…)`.
 *   The route loader and the component call the same function, so both use the same query key and
 *   mutations keep invalidating it with `trpc.x.pathFilter()`.
 * - The route: `loader: (match) => loadScreen(match, 'menu/path', (scope) => [xQuery(scope)])`,
 *   `pendingComponent: RoutePending`, `errorComponent: RouteErrorPage`; search params through
 *   `validateSearch` (zod, `masterSearch` or the domain's schemas) and, when the data depends on
 *   them, `loaderDeps: ({ search }) => (only the fields the query uses)`.
 * - The component: `useSuspenseQuery(xQuery(scope))` — the data is there on the first render. A list
 *   paged or filtered in the URL keeps `useQuery({ ...xQuery(scope, list), placeholderData:
 *   keepPreviousData })` so the rows stay while the next page loads (no pending screen per page).
 */
import type { FetchQueryOptions } from '@tanstack/react-query';
import { getAuth } from '../../lib/session.ts';
import { queryClient } from '../../lib/trpc.ts';
import { type LoadedScope, loadScope } from '../scope/loadScope.ts';
import { scopeMenu } from '../scope/scopeMenu.ts';
import { menuScreenState } from './menu.ts';

/** What a scope route's loader receives (the part loadScreen reads). */
export interface ScreenMatch {
  params: { dept: string; year: string };
  /** `enter`: the route is opened; `stay`: only its search or deps changed; `preload`: link hover. */
  cause: 'enter' | 'stay' | 'preload';
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a list of differently typed tRPC query options
export type ScreenQuery = FetchQueryOptions<any, any, any, any>;

/**
 * The loader of a scope screen. Resolves the scope (cached: the scope route loads the same), and
 * when the menu opens `menuPath` for this user and scope (null: no menu gate) loads the screen's
 * queries into the cache: entering the screen (or preloading it) waits for them, so the component
 * reads them with `useSuspenseQuery` and a cached screen shows at once; a change of only the search
 * (`stay`: next page, filter) starts them without waiting, so the screen keeps its rows meanwhile.
 * A refused scope loads nothing (the scope route shows the refusal), nor does a refused screen
 * (`MenuScreenGate` explains it instead of a server error). A failed query shows the route's
 * errorComponent, unless `errorsOnScreen` (the screen shows the failure in place, e.g. the home's cards).
 */
export async function loadScreen(
  match: ScreenMatch,
  menuPath: string | null,
  queries: (scope: LoadedScope) => readonly ScreenQuery[],
  options: { errorsOnScreen?: boolean } = {},
): Promise<void> {
  const scope = await loadScope(match.params).catch(() => null);
  if (!scope) return;
  if (menuPath !== null) {
    const auth = getAuth();
    if (!auth || menuScreenState(scopeMenu(auth.accessLevel, scope.department, scope.status), menuPath).kind !== 'available') return;
  }
  const list = queries(scope);
  if (match.cause === 'stay') {
    for (const query of list) void queryClient.prefetchQuery(query);
    return;
  }
  // prefetchQuery never throws: the screen's own useQuery shows the failure
  await Promise.all(list.map((query) => (options.errorsOnScreen ? queryClient.prefetchQuery(query) : queryClient.ensureQueryData(query))));
}
