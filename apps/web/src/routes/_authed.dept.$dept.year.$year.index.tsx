import { createFileRoute } from '@tanstack/react-router';
import { ScopeHome } from '../features/overview/ScopeHome.tsx';

export const Route = createFileRoute('/_authed/dept/$dept/year/$year/')({
  component: ScopeHome,
});
