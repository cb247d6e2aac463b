/**
 * The route pieces of movements/revenues and movements/expenses that the route tree needs before any screen (TanStack
 * file routes need literal paths, so each kind has its three route files; what they do is here, once): search, loaders
 * and the positions route's guard. The components are in routeComponents.tsx — kept apart so a route's loader does not pull
 * the movement screens into the entry chunk (issue 29). Each route file still declares its loader, pending and error
 * component (the scope-route rule, screenLoader.test.ts):
 * - the layout: `?nr=` (the saved record the head form shows, so a reload and Back show it again),
 *   loader (context, accounts and that record);
 * - the positions form at `{recordNumber}` or `new` (anything else goes back to the head form).
 */
import type { MovementKind } from '@app/domain';
import { redirect } from '@tanstack/react-router';
import { z } from 'zod';
import { queryClient } from '../../lib/trpc.ts';
import { loadScope } from '../scope/loadScope.ts';
import { loadScreen, type ScreenMatch } from '../shell/screenLoader.ts';
import { movementAccountsQuery, movementContextQuery, movementQuery, supplierBriefQuery } from './queries.ts';

const headPaths = {
  revenues: '/dept/$dept/year/$year/movements/revenues',
  expenses: '/dept/$dept/year/$year/movements/expenses',
} as const;

/** `?nr=3`: the head form shows saved record 3 (anything else: a new record). */
export const movementSearch = z.object({ nr: z.coerce.number().int().min(1).max(999_999_999).optional().catch(undefined) });
export type MovementSearch = z.infer<typeof movementSearch>;

/** The layout's loaderDeps: the record of the address. */
export const movementsLoaderDeps = ({ search }: { search: MovementSearch }) => ({ nr: search.nr });

/**
 * The layout's loader: the head form's context and the accounts, and the record of `?nr=` (a record
 * that can't be read is no error page: the head form says so and starts a new record).
 */
export function movementsLoader(kind: MovementKind) {
  return async ({ params, cause, deps }: ScreenMatch & { deps: { nr?: number | undefined } }) => {
    await loadScreen({ params, cause }, `movements/${kind}`, (scope) => [movementContextQuery(scope, kind), movementAccountsQuery(scope)]);
    if (deps.nr === undefined) return;
    // the scope is cached (loadScreen read it); prefetchQuery never throws
    const scope = await loadScope(params).catch(() => null);
    if (!scope) return;
    await queryClient.prefetchQuery(movementQuery(scope, kind, deps.nr));
    // its supplier's brief too: the picker shows the search key of a reloaded record as of an opened one
    const supplier = queryClient.getQueryData(movementQuery(scope, kind, deps.nr).queryKey)?.supplier;
    if (supplier) await queryClient.prefetchQuery(supplierBriefQuery(scope.department.id, supplier.id));
  };
}

/** A record number in the path, or `new`. */
const isRecordParam = (value: string) => value === 'new' || /^[1-9][0-9]{0,8}$/.test(value);

type PositionsParams = { dept: string; year: string; recordNumber: string };

/** Anything but a record number or `new` goes back to the head form. */
export function positionsBeforeLoad(kind: MovementKind) {
  return ({ params }: { params: PositionsParams }) => {
    if (!isRecordParam(params.recordNumber)) throw redirect({ to: headPaths[kind], params: { dept: params.dept, year: params.year }, replace: true });
  };
}

/** The positions route's loader: the saved record (none for `new`). */
export function positionsLoader(kind: MovementKind) {
  return ({ params, cause }: ScreenMatch & { params: PositionsParams }) =>
    loadScreen({ params, cause }, `movements/${kind}`, (scope) =>
      params.recordNumber === 'new' ? [] : [movementQuery(scope, kind, Number(params.recordNumber))],
    );
}
