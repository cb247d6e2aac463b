import { createFileRoute } from '@tanstack/react-router';
import { ScopeHome } from '../features/scope/ScopeHome.tsx';

export const Route = createFileRoute('/_authed/dept/$dept/year/$year/')({
  component: ScopeHome,
});
