/**
 * The route options of movements/revenues and movements/expenses (TanStack file routes need literal
 * paths, so each kind has its three route files; what they declare is here, once):
 * - the layout: loader (context and accounts), pending and error page, menu gate and the draft;
 * - the positions form at `{recordNumber}` or `new` (anything else goes back to the head form).
 */
import type { MovementKind } from '@app/domain';
import { Outlet, redirect, useParams } from '@tanstack/react-router';
import { RouteErrorPage } from '../../ui/RouteErrorPage.tsx';
import { RoutePending } from '../../ui/RoutePending.tsx';
import { MenuScreenGate } from '../shell/MenuScreenGate.tsx';
import { loadScreen, type ScreenMatch } from '../shell/screenLoader.ts';
import { MovementDraftProvider } from './MovementDraft.tsx';
import { MovementPositionsScreen } from './MovementPositionsScreen.tsx';
import { movementAccountsQuery, movementContextQuery, movementQuery } from './queries.ts';

const headPaths = {
  revenues: '/dept/$dept/year/$year/movements/revenues',
  expenses: '/dept/$dept/year/$year/movements/expenses',
} as const;

/** The layout route `movements/<kind>`: the head form (index) and the positions form share one draft. */
export function movementsLayoutOptions(kind: MovementKind) {
  return {
    loader: ({ params, cause }: ScreenMatch) =>
      loadScreen({ params, cause }, `movements/${kind}`, (scope) => [movementContextQuery(scope, kind), movementAccountsQuery(scope)]),
    pendingComponent: RoutePending,
    errorComponent: RouteErrorPage,
    component: function MovementsLayout() {
      return (
        <MenuScreenGate path={`movements/${kind}`}>
          <MovementDraftProvider kind={kind}>
            <Outlet />
          </MovementDraftProvider>
        </MenuScreenGate>
      );
    },
  };
}

/** A record number in the path, or `new`. */
const isRecordParam = (value: string) => value === 'new' || /^[1-9][0-9]{0,8}$/.test(value);

/** The positions route `movements/<kind>/{recordNumber}` (or `new`). */
export function movementPositionsOptions(kind: MovementKind) {
  return {
    beforeLoad: ({ params }: { params: { dept: string; year: string; recordNumber: string } }) => {
      if (!isRecordParam(params.recordNumber)) throw redirect({ to: headPaths[kind], params: { dept: params.dept, year: params.year }, replace: true });
    },
    loader: ({ params, cause }: ScreenMatch & { params: { recordNumber: string } }) =>
      loadScreen({ params, cause }, `movements/${kind}`, (scope) =>
        params.recordNumber === 'new' ? [] : [movementQuery(scope, kind, Number(params.recordNumber))],
      ),
    pendingComponent: RoutePending,
    errorComponent: RouteErrorPage,
    component: function MovementPositionsRoute() {
      const { recordNumber } = useParams({ strict: false });
      return <MovementPositionsScreen recordParam={recordNumber ?? 'new'} />;
    },
  };
}
