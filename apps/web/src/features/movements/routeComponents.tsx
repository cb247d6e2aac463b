/**
 * The route components of movements/revenues and movements/expenses (their loaders and search: routeLoaders.ts, apart so the route tree does not carry the screens):
 * the menu gate and the draft around the two forms, and the positions form of the record in the path.
 */
import type { MovementKind } from '@app/domain';
import { Outlet, useParams } from '@tanstack/react-router';
import { MenuScreenGate } from '../shell/MenuScreenGate.tsx';
import { MovementDraftProvider } from './MovementDraft.tsx';
import { MovementPositionsScreen } from './MovementPositionsScreen.tsx';

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

/** The positions form of the record in the path. */
export function MovementPositionsRoute() {
  const { recordNumber } = useParams({ strict: false });
  return <MovementPositionsScreen recordParam={recordNumber ?? 'new'} />;
}
