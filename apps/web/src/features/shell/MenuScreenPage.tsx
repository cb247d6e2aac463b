import { getRouteApi } from '@tanstack/react-router';
import { MenuScreenGate } from './MenuScreenGate.tsx';

const route = getRouteApi('/_authed/dept/$dept/year/$year/$');

/** A menu screen that is not built yet, or refused when its entry is disabled for this scope. */
export function MenuScreenPage() {
  const { _splat } = route.useParams();
  return <MenuScreenGate path={_splat ?? ''} />;
}
