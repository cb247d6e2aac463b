/**
 * The route pieces of movements/revenues and movements/expenses (TanStack file routes need literal
 * paths, so each kind has its three route files; what they do is here, once). Each route file still
 * declares its loader, pending and error component (the scope-route rule, screenLoader.test.ts):
 * - the layout: loader (context and accounts), the menu gate and the draft around the two forms;
 * - the positions form at `{recordNumber}` or `new` (anything else goes back to the head form).
 */
import type { MovementKind } from '@app/domain';
import { Outlet, redirect, useParams } from '@tanstack/react-router';
import { MenuScreenGate } from '../shell/MenuScreenGate.tsx';
import { loadScreen, type ScreenMatch } from '../shell/screenLoader.ts';
import { MovementDraftProvider } from './MovementDraft.tsx';
import { MovementPositionsScreen } from './MovementPositionsScreen.tsx';
import { movementAccountsQuery, movementContextQuery, movementQuery } from './queries.ts';

const headPaths = {
  revenues: '/dept/$dept/year/$year/movements/revenues',
  expenses: '/dept/$dept/year/$year/movements/expenses',
} as const;

/** The layout's loader: the head form's context and the accounts. */
export function movementsLoader(kind: MovementKind) {
  return ({ params, cause }: ScreenMatch) =>
    loadScreen({ params, cause }, `movements/${kind}`, (scope) => [movementContextQuery(scope, kind), movementAccountsQuery(scope)]);
}

/** The layout: the head form (index) and the positions form share one draft until it is saved. */
export function movementsLayout(kind: MovementKind) {
  return function MovementsLayout() {
    return (
      <MenuScreenGate path={`movements/${kind}`}>
        <MovementDraftProvider kind={kind}>
          <Outlet />
        </MovementDraftProvider>
      </MenuScreenGate>
    );
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

/** The positions form of the record in the path. */
export function MovementPositionsRoute() {
  const { recordNumber } = useParams({ strict: false });
  return <MovementPositionsScreen recordParam={recordNumber ?? 'new'} />;
}
